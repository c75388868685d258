// Chromium reads only the last of a repeated list switch: ours must extend Playwright's lists, not replace them.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chromiumPidOf, launchChromium } from '../../src/fetch/chromium-launch';
import { blockingLaunchArgs } from '../../src/fetch/resource-blocking';

let browser: Browser;
let args: string[];

/** The values of every `--name=` switch on the command line. */
const valuesOf = (name: string) => args.filter((arg) => arg.startsWith(`${name}=`)).map((arg) => arg.slice(name.length + 1));

beforeAll(async () => {
  browser = await launchChromium('/usr/bin/chromium', 20_000, blockingLaunchArgs({ blockResourceTypes: ['image'], offsiteSubresources: 'block' }));
  args = readFileSync(`/proc/${String(chromiumPidOf(browser))}/cmdline`, 'utf8').split('\0');
});
afterAll(async () => {
  await browser.close();
});

describe('the launched Chromium command line', () => {
  // Before, a `--disable-features` of ours dropped Playwright's (PaintHolding, HttpsUpgrades, …), and our
  // `--blink-settings=imagesEnabled=false` dropped its pointer and hover settings.
  it('holds each list switch once, Playwright entries and ours together', () => {
    for (const name of ['--disable-features', '--enable-features', '--blink-settings', '--disable-blink-features']) {
      expect(valuesOf(name), name).toHaveLength(1);
    }
    const [disabled = ''] = valuesOf('--disable-features');
    expect(disabled.split(',')).toEqual(expect.arrayContaining(['PaintHolding', 'HttpsUpgrades', 'ScriptStreaming']));
    const [settings = ''] = valuesOf('--blink-settings');
    expect(settings.split(',')).toEqual(expect.arrayContaining(['primaryPointerType=4', 'imagesEnabled=false']));
    expect(valuesOf('--disable-blink-features')[0]?.split(',')).toEqual(expect.arrayContaining(['SharedWorker', 'WebSocketStream']));
  });

  it("gives pages the pointer Playwright sets beside our image switch", async () => {
    const page = await browser.newPage();
    await page.goto('data:text/html,<p>x</p>');
    expect(await page.evaluate("matchMedia('(pointer: fine)').matches")).toBe(true);
    await page.close();
  });
});
