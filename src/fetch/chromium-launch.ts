// Launches Debian's Chromium through playwright-core with flags that work as root and offline.
import { accessSync, constants } from 'node:fs';
import type { Browser } from 'playwright-core';
import { PricecrawlError } from '../core/errors';

/** Root in a container, no network beyond loopback, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Throws BROWSER_MISSING naming the Debian package when the binary is absent or not executable. */
export function checkChromium(executablePath: string): void {
  try {
    accessSync(executablePath, constants.X_OK);
  } catch {
    throw new PricecrawlError(
      'BROWSER_MISSING',
      `no Chromium at ${executablePath} (browser.executablePath); install Debian's package with \`apt-get install chromium\` or point browser.executablePath at a Chromium binary`,
    );
  }
}

/** playwright-core is imported here, on first launch: it costs ~84 MB of RSS that HTTP-only crawls never need. */
export async function launchChromium(executablePath: string): Promise<Browser> {
  checkChromium(executablePath);
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}
