// A crawl over two hosts where only the JS host is set to `browser`: routing, host intervals, one ledger.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsShop, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const INTERVAL_MS = 300;

/** Reads `.price` from any page: on the JS shop it exists only after the page's script ran. */
class PriceSpider extends Spider {
  readonly name = 'mixed-test';
  constructor(private readonly urls: string[]) {
    super();
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    for (const url of this.urls) yield this.request(url, 'parse', {}, { browser: { waitFor: { selector: '.price[data-ready]' } } });
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.url, price: res.$('.price').first().text() || null, currency: 'USD', url: res.url };
  }
}

let group: ShopGroup;
let shop: RunningShop;
let plain: FixtureServer;
const storage = tempStorageDir('mixed');

beforeAll(async () => {
  group = await startJsShop({ productCounts: { 'js-rendered': 4 } });
  shop = group.shops[0];
  plain = await FixtureServer.start({ builtInRoutes: false });
  plain.route('/p/:n', (_req, res, { params }) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body><span class="price" data-ready>${params.n}.50</span></body></html>`);
  });
});
afterAll(async () => {
  await group.close();
  await plain.close();
  storage.cleanup();
});

describe('mixed crawl', () => {
  it('sends only the JS host through Chromium, holds its interval at the server, and accounts for every page', async () => {
    const jsHost = new URL(shop.origin).host;
    const jsUrls = shop.expected.items.map((i) => i.url);
    const plainUrls = [1, 2, 3].map((n) => plain.url(`/p/${n}`));
    const settings = { politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [jsHost]: { fetchMode: 'browser', minIntervalMs: INTERVAL_MS } } } };
    const { summary, items } = await crawlInProcess(new PriceSpider([...jsUrls, ...plainUrls]), storage.dir, settings);

    expect(summary.ledger).toMatchObject({ planned: 7, succeeded: 7, failed: 0, pending: 0 });
    expect(summary.fetchModes).toEqual({ [`browser/${jsHost}`]: 4, [`http/${plain.hostKey}`]: 3 });
    const bySku = new Map(items.map((i) => [i.sku, i]));
    for (const want of shop.expected.items) expect(new Decimal(String(bySku.get(want.url)?.price)).eq(want.price)).toBe(true);
    for (const url of plainUrls) expect(bySku.get(url)?.price).toBeTruthy();
    // The plain host saw only our HTTP client; the JS shop saw Chromium, which ran its price script.
    expect(new Set(plain.requests.map((r) => r.headers['user-agent']))).toEqual(new Set(['pricecrawl/0.1 (+price monitoring)']));
    const pages = shop.hits.filter((h) => h.path.startsWith('/p/'));
    expect(pages.every((h) => h.userAgent?.includes('HeadlessChrome'))).toBe(true);
    expect(shop.hits.filter((h) => h.path.startsWith('/api/price/'))).toHaveLength(4);
    // Host intervals anchor on the navigation request: gaps between page loads at the server hold.
    const gaps = pages.slice(1).map((h, i) => h.atMs - pages[i].atMs);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(INTERVAL_MS - 5);
  }, 60_000);
});
