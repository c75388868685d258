// A tab's icon is no part of a page: the icons a page names (`<link rel=icon>`) are never fetched, its images as its settings say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

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
