// PagePool with real Chromium: recycling after N pages, a crashed browser replaced, pages closed either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../src/fetch/chromium-launch';
import { PagePool } from '../../src/fetch/page-pool';
import { FixtureServer } from '../support/fixture-server';

let server: FixtureServer;
const launched: Browser[] = [];
const launch = async () => {
  const browser = await launchChromium('/usr/bin/chromium');
  launched.push(browser);
  return browser;
};

beforeAll(async () => {
  server = await FixtureServer.start();
  server.route('/page/:n', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${params.n}</p>`));
});
afterAll(async () => {
  await Promise.all(launched.map((b) => b.close().catch(() => undefined)));
  await server.close();
});

describe('PagePool', () => {
  it('retires a browser after pagesPerBrowser pages and closes it with its last page', async () => {
    const pool = new PagePool({ launch, maxOpenPages: 2, pagesPerBrowser: 2 });
    for (const n of [1, 2, 3]) await pool.withPage(async (page) => void (await page.goto(server.url(`/page/${n}`))));
    expect(pool.stats).toEqual({ openPages: 0, browsersLaunched: 2, pagesServed: 3 });
    expect(launched[launched.length - 2].isConnected()).toBe(false);
    await pool.close();
    expect(launched.every((b) => !b.isConnected())).toBe(true);
  }, 30_000);

  it('replaces a browser that dies under a page; the failing page is still released', async () => {
    const pool = new PagePool({ launch, maxOpenPages: 1, pagesPerBrowser: 100 });
    const crash = pool.withPage(async (page) => {
      // Closing the browser under a loading page is what a crashed Chromium looks like to Playwright.
      const [load] = await Promise.allSettled([page.goto(server.url('/hang')), server.waitForRequests(1).then(() => page.context().browser()?.close())]);
      if (load.status === 'rejected') throw load.reason;
    });
    await expect(crash).rejects.toThrow();
    expect(pool.stats.openPages).toBe(0);
    const text = await pool.withPage(async (page) => {
      await page.goto(server.url('/page/after'));
      return page.textContent('p');
    });
    expect(text).toBe('after');
    expect(pool.stats).toMatchObject({ openPages: 0, browsersLaunched: 2 });
    await pool.close();
  }, 30_000);
});
