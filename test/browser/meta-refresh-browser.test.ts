// Browser-rendered hosts: Chromium follows refreshes itself, so the meta-refresh middleware must not follow one a second time.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

function page(res: ServerResponse, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
}

let shop: FixtureServer;
let plain: FixtureServer;
const storage = tempStorageDir('meta-refresh-browser');

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  shop.route('/i/0', (_req, res) => page(res, '<title>Please wait</title><p class="price">1.00</p>', { refresh: '0; url=/p/0' }));
  // A delay Chromium does not wait out before the page is read, but within metaRefresh.maxDelayMs.
  shop.route('/i/1', (_req, res) => page(res, '<meta http-equiv="refresh" content="60; url=/p/1"><p class="price">7.00</p>'));
  shop.route('/p/:n', (_req, res) => page(res, '<title>Product</title><p class="price">19.99</p>'));
  plain = await FixtureServer.start({ builtInRoutes: false });
  plain.route('/i/:n', (_req, res) => page(res, '<p class="price">1.00</p>', { refresh: `0; url=${shop.url('/p/2')}` }));
});
afterAll(async () => {
  await shop.close();
  await plain.close();
  storage.cleanup();
});

describe('refresh on a browser-rendered host', () => {
  it("leaves the refresh to Chromium: followed once by the browser, never again by the middleware", async () => {
    const spider = new PriceTextSpider({ urls: [shop.url('/i/0'), shop.url('/i/1')].join(',') });
    const result = await crawlInProcess(spider, storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [shop.hostKey]: { fetchMode: 'browser' } } },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
    expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 2, failed: 0, pending: 0 });
    expect(result.items.map((item) => [item.url, item.price]).sort()).toEqual([[shop.url('/i/1'), '7.00'], [shop.url('/p/0'), '19.99']]);
    expect(shop.requestsTo('/p/0')).toHaveLength(1);
    expect(shop.requestsTo('/p/1')).toHaveLength(0);
  }, 60_000);

  it("renders the target of an HTTP page's refresh in the browser when the target's host is a browser host", async () => {
    const spider = new PriceTextSpider({ urls: plain.url('/i/0') });
    const result = await crawlInProcess(spider, storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [shop.hostKey]: { fetchMode: 'browser' } } },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
    expect(result.summary.ledger).toMatchObject({ planned: 1, succeeded: 1, failed: 0, pending: 0 });
    expect(result.items.map((item) => [item.url, item.price])).toEqual([[shop.url('/p/2'), '19.99']]);
    expect(result.summary.fetchModes).toMatchObject({ [`browser/${shop.hostKey}`]: 1, [`http/${plain.hostKey}`]: 1 });
  }, 60_000);
});
