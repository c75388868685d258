// Joins our list-valued Chromium switches (features, Blink settings) with Playwright's: Chromium reads only the last of each.
import { createRequire } from 'node:module';

/**
 * Switches whose value is a comma-separated list. Chromium keeps only the last occurrence of a switch, so a
 * `--disable-features` of ours dropped the list Playwright passes (PaintHolding, HttpsUpgrades, …), and our
 * `--blink-settings=imagesEnabled=false` dropped its pointer and hover settings (pages then matched
 * `(pointer: none)`). Each is passed once, Playwright's entries first and ours after them.
 */
const LIST_SWITCHES = ['--disable-features', '--enable-features', '--disable-blink-features', '--enable-blink-features', '--blink-settings'];

/** What `chromium.launch` takes: our switches, and Playwright's own that they replace (`ignoreDefaultArgs`). */
export interface MergedLaunchArgs {
  args: string[];
  ignoreDefaultArgs: string[];
}

/** The list switch `arg` sets, if it is one. */
function listSwitchOf(arg: string): string | undefined {
  return LIST_SWITCHES.find((name) => arg.startsWith(`${name}=`));
}

/** An entry's identity within its list: a Blink setting by its key (the later value wins), a feature by itself. */
function entryKey(name: string, entry: string): string {
  return name === '--blink-settings' ? entry.split('=')[0] ?? entry : entry;
}

/** `defaults` (Playwright's switches) and `ours` as one command line, each list switch once with both lists joined. */
export function mergeListSwitches(defaults: readonly string[], ours: readonly string[]): MergedLaunchArgs {
  const ourLists = ours.filter((arg) => listSwitchOf(arg) !== undefined);
  const named = new Set(ourLists.map((arg) => listSwitchOf(arg)));
  const ignoreDefaultArgs = defaults.filter((arg) => named.has(listSwitchOf(arg)));
  const lists = new Map<string, Map<string, string>>();
  for (const arg of [...ignoreDefaultArgs, ...ourLists]) {
    const name = listSwitchOf(arg) as string;
    const entries = lists.get(name) ?? new Map<string, string>();
    for (const entry of arg.slice(name.length + 1).split(',').filter(Boolean)) {
      const key = entryKey(name, entry);
      entries.delete(key); // a later entry goes last, where it holds
      entries.set(key, entry);
    }
    lists.set(name, entries);
  }
  const joined = [...lists].map(([name, entries]) => `${name}=${[...entries.values()].join(',')}`);
  return { args: [...ours.filter((arg) => listSwitchOf(arg) === undefined), ...joined], ignoreDefaultArgs };
}

interface ServerChromium {
  defaultArgs(options: object, isPersistent: boolean, userDataDir: string): Promise<string[]>;
}

/**
 * The switches Playwright itself would pass for these launch options. playwright-core has no public call for
 * them; its server, which builds them in `chromium.launch`, is asked directly. Should a later version move it,
 * the launch fails naming the cause rather than drop Playwright's lists or ours.
 */
export function playwrightDefaultArgs(options: { headless: boolean; chromiumSandbox: boolean }): Promise<string[]> {
  const key = JSON.stringify(options);
  let args = askedDefaults.get(key);
  if (args === undefined) askedDefaults.set(key, (args = askPlaywright(options)));
  return args;
}

/** Asked once per set of options in a process: they depend on nothing else. */
const askedDefaults = new Map<string, Promise<string[]>>();

async function askPlaywright(options: { headless: boolean; chromiumSandbox: boolean }): Promise<string[]> {
  const core = createRequire(import.meta.url)('playwright-core/lib/coreBundle') as {
    server?: { createPlaywright?: (options: { sdkLanguage: string }) => { chromium?: Partial<ServerChromium> } };
  };
  const chromium = core.server?.createPlaywright?.({ sdkLanguage: 'javascript' }).chromium;
  if (typeof chromium?.defaultArgs !== 'function') {
    throw new Error("playwright-core no longer exposes the switches it passes Chromium (server.createPlaywright().chromium.defaultArgs): ours cannot be joined with its lists");
  }
  return chromium.defaultArgs({ ...options, args: [] }, false, '/nonexistent');
}
