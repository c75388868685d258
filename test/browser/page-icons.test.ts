// A tab's icon is no part of a page: the icons a page names (`<link rel=icon>`) are never fetched, its images as its settings say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { Stats } from '../../src/engine/stats';
import { BrowserConfinement } from '../../src/fetch/browser-confinement';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { trackedChromium } from '../support/tracked-chromium';

let site: FixtureServer;
let cdn: FixtureServer;
const defaults = settingsSchema.parse({}).browser;

beforeAll(async () => {
  site = await FixtureServer.start({ builtInRoutes: false });
  cdn = await FixtureServer.start({ builtInRoutes: false });
  const page = `<html><head><link rel="icon" href="/static/icon.png"><link rel="icon" sizes="32x32" href="${cdn.url('/brand/icon-32.png')}"></head>
<body><img src="/static/photo.png"><p class="price">9.99</p><script>setTimeout(() => document.querySelector(".price").dataset.ready = "1", 300)</script></body></html>`;
  site.route('/p', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page));
  for (const server of [site, cdn]) server.route('/:dir/:file', (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10)));
});
afterAll(async () => {
  await Promise.all([site.close(), cdn.close()]);
});

describe('a page naming its icons', () => {
  // Before, /static/icon.png (and the CDN's under allow) was fetched after every load, images blocked or not:
  // DevTools types Chromium's icon fetch "other", and Playwright aborts only /favicon.ico.
  it.each([
    { blockResourceTypes: defaults.blockResourceTypes, offsiteSubresources: 'allow', photo: [] },
    { blockResourceTypes: [], offsiteSubresources: 'allow', photo: ['/static/photo.png'] },
  ] as const)('is read without its icons fetched (blockResourceTypes $blockResourceTypes)', async ({ blockResourceTypes, offsiteSubresources, photo }) => {
    site.requests.length = 0;
    cdn.requests.length = 0;
    const stats = new Stats();
    const fetcher = new BrowserFetcher({ ...defaults, blockResourceTypes: [...blockResourceTypes], offsiteSubresources, timeoutMs: 20_000 }, { stats });
    try {
      const res = await fetcher.fetch(new CrawlRequest({ url: site.url('/p'), browser: { waitFor: { selector: '.price[data-ready]' } } }));
      expect(res.$('.price').text()).toBe('9.99');
    } finally {
      await fetcher.close();
    }
    expect(site.requests.map((r) => r.path).sort()).toEqual(['/p', ...photo]);
    expect(cdn.requests).toEqual([]);
    expect(stats.get('browser/tab-icon-blocked')).toBeGreaterThan(0);
  }, 60_000);
});

describe('guarded pages closed while their icon waits for the route', () => {
  // Before, Chromium sent the icon once the page's DevTools session was gone with the request still paused in its
  // route (in 2 of 3 runs of this; the default /favicon.ico, past the session's blocklist, in 2 of 120 pages closed as
  // their load ended).
  it('send no icon', async () => {
    site.requests.length = 0;
    const { launch, closeAll } = trackedChromium();
    try {
      const browser = await launch();
      const confinement = new BrowserConfinement({ ...defaults, offsiteSubresources: 'allow' });
      const context = await browser.newContext();
      await confinement.install(context);
      for (let n = 0; n < 10; n++) {
        const page = await context.newPage();
        // Registered last, so asked first: the page closes while the icon's request is paused for a verdict.
        await page.route('**/static/icon.png', async (route) => {
          await page.close();
          await route.fallback().catch(() => undefined);
        });
        confinement.watch(page);
        await confinement.guardLoads(page);
        const closed = page.waitForEvent('close');
        await page.goto(site.url('/p'), { waitUntil: 'load' });
        await closed;
      }
      await context.close();
    } finally {
      await closeAll();
    }
    expect(site.requests.map((r) => r.path).filter((path) => path.includes('icon'))).toEqual([]);
  }, 60_000);
});
