// One spider crawling a shop's regional sites that share SKUs (shop.de beside shop.ch, here servers on two
// loopback addresses, 127.0.0.1 and 127.0.0.2): an item is its site and SKU, so every site's price is stored and history follows each site's
// own series. Before, the item was keyed by SKU alone and the second site's prices were dropped as
// duplicate/price-differs; with a partial overlap the run even ended 0 with those prices lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Spider, type CrawlResponse, type SpiderOutput } from '../../src/index';
import { exitCodeFor } from '../../src/engine/run-summary';
import { openStores } from '../../storage/open-backends';
import { closeFixtureServers, FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** Each site's /p/<sku> page says "<price> <currency>"; the sites share KETTLE and TOASTER, each has one of its own. */
const CATALOGS: Array<Record<string, string>> = [
  { KETTLE: '39.90 EUR', TOASTER: '24.95 EUR', 'GRILL-DE': '89.00 EUR' },
  { KETTLE: '44.50 CHF', TOASTER: '29.90 CHF', 'FONDUE-CH': '119.00 CHF' },
];

class RegionalSpider extends Spider {
  readonly name = 'regional';
  constructor(urls: readonly string[]) {
    super();
    this.startUrls = [...urls];
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const [price, currency] = res.text.trim().split(' ');
    yield { sku: new URL(res.url).pathname.split('/').pop()!, price, currency, url: res.url };
  }
}

describe('the same SKUs on two sites of one spider', { timeout: 60_000 }, () => {
  let servers: FixtureServer[];
  const storage = tempStorageDir('regional');
  beforeAll(async () => {
    servers = [await FixtureServer.start({ builtInRoutes: false }), await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.2' })];
    servers.forEach((server, i) =>
      server.route('/p/:sku', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(CATALOGS[i][params.sku])));
  });
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  const urls = () => servers.flatMap((server, i) => Object.keys(CATALOGS[i]).map((sku) => server.url(`/p/${sku}`)));
  const crawl = () => crawlInProcess(new RegionalSpider(urls()), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
  const offers = (items: Array<{ url: string; sku: string | null; price: string | null; currency: string | null }>) =>
    items.map((item) => `${new URL(item.url).hostname} ${item.sku} ${item.price} ${item.currency}`).sort();
  const expected = () => servers.flatMap((server, i) => Object.entries(CATALOGS[i]).map(([sku, offer]) => `${new URL(server.url('/')).hostname} ${sku} ${offer}`)).sort();

  it('stores every price of both sites, drops nothing, exits 0', async () => {
    const { summary, items } = await crawl();
    expect(summary.items.dropped).toEqual({});
    expect(offers(items)).toEqual(expected());
    expect(new Set(items.map((item) => item.key)).size).toBe(6);
    expect(exitCodeFor(summary)).toBe(0);
  });

  it('a mirror on another port of the same address is the same site: its copies at the same price are duplicates', async () => {
    const mirror = await FixtureServer.start({ builtInRoutes: false });
    mirror.route('/p/:sku', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(CATALOGS[0][params.sku]));
    try {
      const spider = new RegionalSpider([servers[0].url('/p/KETTLE'), mirror.url('/p/KETTLE')]);
      const { summary, items } = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
      expect(items.map((item) => [item.key, item.price])).toEqual([['127.0.0.1 KETTLE', '39.90']]);
      expect(summary.items.dropped).toEqual({ duplicate: 1 });
      expect(exitCodeFor(summary)).toBe(0);
    } finally {
      await mirror.close();
    }
  });

  it("keeps each site's price series apart: a second run with one site repriced is one change, on that site", async () => {
    CATALOGS[1].KETTLE = '42.00 CHF';
    const { summary } = await crawl();
    expect(exitCodeFor(summary)).toBe(0);
    const stores = await openStores({ dir: storage.dir });
    try {
      await stores.history().recordRun('regional', summary.runId);
      const changes = (await stores.history().list({ spider: 'regional' })).filter((c) => c.runId === summary.runId);
      expect(changes.map((c) => [c.site, c.sku, c.oldPrice, c.oldCurrency, c.newPrice, c.newCurrency])).toEqual([
        ['127.0.0.2', 'KETTLE', '44.50', 'CHF', '42.00', 'CHF'],
      ]);
    } finally {
      await stores.close();
    }
  });
});
