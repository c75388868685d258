// Chromium keeps its sandbox unless the crawler runs as root: a real launch as an unprivileged user, its command line read from /proc.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumSandboxFor } from '../../src/fetch/chromium-launch';

const LAUNCH = resolve(import.meta.dirname, '../../src/fetch/chromium-launch.ts');
/** Launches through launchChromium, loads a page, prints the browser's command line and the page's text. */
const CHILD = `
import { register } from 'tsx/esm/api';
import { readFileSync } from 'node:fs';
register();
const { launchChromium, chromiumPidOf } = await import(${JSON.stringify(LAUNCH)});
const browser = await launchChromium('/usr/bin/chromium', 20000);
const page = await browser.newPage();
await page.goto('data:text/html,<p>rendered</p>');
const args = readFileSync('/proc/' + chromiumPidOf(browser) + '/cmdline', 'utf8').split('\\0');
process.stdout.write(JSON.stringify({ uid: process.getuid(), args, text: await page.textContent('p') }));
await browser.close();
`;

async function launchAs(user: { uid?: number; gid?: number }): Promise<{ uid: number; args: string[]; text: string }> {
  const home = mkdtempSync(join(tmpdir(), 'pricecrawl-sandbox-'));
  chmodSync(home, 0o777);
  try {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD], { ...user, cwd: resolve(import.meta.dirname, '../..'), env: { ...process.env, HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(child, 'close')) as [number | null];
    if (code !== 0) throw new Error(`launch as ${JSON.stringify(user)} exited ${String(code)}: ${stderr}`);
    return JSON.parse(stdout) as { uid: number; args: string[]; text: string };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe('the Chromium sandbox', () => {
  it('is on for any user but root', () => {
    expect(chromiumSandboxFor(0)).toBe(false);
    expect(chromiumSandboxFor(1000)).toBe(true);
    expect(chromiumSandboxFor(65534)).toBe(true);
  });

  it('runs a real browser sandboxed (no --no-sandbox) when the crawler is not root, and it renders pages', async () => {
    // As root, the unprivileged user is nobody (65534); as anyone else, that user.
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const launched = await launchAs(user);
    expect(launched.uid).not.toBe(0);
    expect(launched.text).toBe('rendered');
    expect(launched.args).toContain('--headless');
    expect(launched.args).not.toContain('--no-sandbox');
  });

  it('runs as the current user without the sandbox only if that user is root (Chromium refuses it there)', async () => {
    const launched = await launchAs({});
    expect(launched.args.includes('--no-sandbox')).toBe(launched.uid === 0);
  });
});
