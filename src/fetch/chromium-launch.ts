// Launches Debian's Chromium through playwright-core, offline, with its sandbox unless the process is root.
import { randomUUID } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Browser } from 'playwright-core';
import { childPidsWithArg, processStartedAtMs, processTreePssBytes, signalProcessTree } from '../browser/process-tree';
import { PricecrawlError } from '../core/errors';
import { mergeListSwitches, playwrightDefaultArgs } from './chromium-switches';

/**
 * Playwright does not expose a launched browser's pid. Each launch gets a switch Chromium ignores,
 * carrying an id, so the process (and its tree, for memory) can be found in /proc.
 */
export const BROWSER_MARKER_SWITCH = '--pricecrawl-browser-id';
const markers = new WeakMap<Browser, string>();
const pids = new WeakMap<Browser, number>();

/**
 * No network beyond loopback, nothing phoning home. The sandbox is chosen by `chromiumSandboxFor`.
 * `--no-pings`: a link's `ping` attribute makes a click POST to every URL it lists (hyperlink auditing),
 * a tracker's or a robots-disallowed path of the shop's; a crawler never needs one (measured: a callback's
 * click sent `POST /private/ping`, which only the route's subresource rules judged).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-pings',
  // V8 compiled a script as it streamed in, past DevTools, which reported its chunks only once it ended: one sent
  // without a length and without end escaped browser.maxPageBytes until its renderer died (page-bytes-cap.ts).
  // Compiled once received, its chunks are counted as they come. Joined with Playwright's list (chromium-switches.ts).
  '--disable-features=ScriptStreaming',
];

/**
 * Same-site pages share renderer processes up to one per core (cross-site pages stay apart: site
 * isolation overrides the limit). More renderers than cores add no parallelism, only processes to
 * switch between and memory: on the 2-core bench machine 4 reused pages in 2 renderers took ~20 % less
 * CPU per page than in their own (bench/README.md, 2026-12-02 "page reuse").
 */
export function rendererLimitArg(cores = availableParallelism()): string {
  return `--renderer-process-limit=${Math.max(2, cores)}`;
}

/** Throws BROWSER_MISSING naming the Debian package when the binary is absent or not executable. */
export function checkChromium(executablePath: string): void {
  if (!chromiumPresent(executablePath)) {
    throw new PricecrawlError(
      'BROWSER_MISSING',
      `no Chromium at ${executablePath} (browser.executablePath); install Debian's package with \`apt-get install chromium\` or point browser.executablePath at a Chromium binary`,
    );
  }
}

/** Whether an executable file is at the path (the binary is not started). */
export function chromiumPresent(executablePath: string): boolean {
  try {
    accessSync(executablePath, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Chromium's sandbox (a renderer may not touch files, other processes or the network stack itself)
 * refuses to start as root, so only root runs without it: Playwright then passes `--no-sandbox`, and
 * a renderer exploited by a hostile page runs with the crawler's own rights (README: Browser sandbox).
 */
export function chromiumSandboxFor(uid: number | undefined = process.getuid?.()): boolean {
  return uid !== 0;
}

/**
 * Playwright's defaults that a crawl must not take. `--disable-popup-blocking`: with it, every window a page's
 * script opens without a click (a popunder on load, a loop of them) became a page Playwright attached to before
 * confinement could close it; 300 `window.open` calls on load held the page past its deadline, on every try
 * (measured). Chromium's popup blocker, as a shopper's browser has it, refuses them before any exists.
 */
const REFUSED_DEFAULT_ARGS = ['--disable-popup-blocking'];

/** playwright-core is imported here, on first launch: it costs ~84 MB of RSS that HTTP-only crawls never need. */
export async function launchChromium(executablePath: string, timeoutMs = 30_000, extraArgs: readonly string[] = []): Promise<Browser> {
  checkChromium(executablePath);
  const marker = `${BROWSER_MARKER_SWITCH}=${randomUUID()}`;
  const { chromium } = await import('playwright-core');
  const options = { headless: true, chromiumSandbox: chromiumSandboxFor() };
  const merged = mergeListSwitches(await playwrightDefaultArgs(options), [...CHROMIUM_ARGS, rendererLimitArg(), ...extraArgs, marker]);
  const ignoreDefaultArgs = [...REFUSED_DEFAULT_ARGS, ...merged.ignoreDefaultArgs];
  const browser = await chromium.launch({ ...options, executablePath, args: merged.args, ignoreDefaultArgs, timeout: timeoutMs });
  markers.set(browser, marker);
  return browser;
}

/** The pid of a browser launched by `launchChromium` in this process (looked up once); null if not found. */
export function chromiumPidOf(browser: Browser): number | null {
  const known = pids.get(browser);
  if (known !== undefined) return known;
  const marker = markers.get(browser);
  const pid = marker ? (childPidsWithArg(process.pid, marker)[0] ?? null) : null;
  if (pid !== null) pids.set(browser, pid);
  return pid;
}

/** Summed PSS of the browser's process tree (shared pages counted once); null when its process cannot be found. */
export function chromiumTreePssBytes(browser: Browser): number | null {
  const pid = chromiumPidOf(browser);
  return pid === null ? null : processTreePssBytes(pid);
}

/** Every Chromium this process launched that is still running. */
export function launchedChromiumPids(): number[] {
  return childPidsWithArg(process.pid, BROWSER_MARKER_SWITCH);
}

/** SIGKILLs the browser's whole process tree (renderers included): the last resort for a browser that will not close. */
export function killChromium(browser: Browser): void {
  const pid = chromiumPidOf(browser);
  if (pid !== null) signalProcessTree(pid, 'SIGKILL');
}

/** Chromium runs its network stack in a utility process of its own, which it starts again when it dies. */
const NETWORK_SERVICE_SWITCH = '--utility-sub-type=network.mojom.NetworkService';

/**
 * Whether the browser's network service died since `sinceMs` (it is gone, or runs as a process started after
 * that); false when the browser's process cannot be found (nothing can be told). Read from /proc on a failure only.
 */
export function networkServiceRestartedSince(browser: Browser, sinceMs: number): boolean {
  const pid = chromiumPidOf(browser);
  if (pid === null) return false;
  const service = childPidsWithArg(pid, NETWORK_SERVICE_SWITCH)[0];
  if (service === undefined) return true;
  const startedAtMs = processStartedAtMs(service);
  return startedAtMs !== null && startedAtMs > sinceMs;
}
