// One shop showing one SKU at two prices in one run (a listing's cached price beside the product page): the
// first page's price is stored, and the summary must say so with both pages, not only count a drop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Spider, type CrawlResponse, type SpiderOutput } from '../../src/index';
import { formatSummary } from '../../src/cli/summary-text';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const PAGES: Record<string, string> = { '/list': 'KETTLE 39.90 EUR', '/p/kettle': 'KETTLE 44.90 EUR', '/p/toaster': 'TOASTER 24.95 EUR', '/sale/toaster': 'TOASTER 24.95 EUR' };

class ShopSpider extends Spider {
  readonly name = 'disagreeing';
  constructor(urls: readonly string[]) {
    super();
    this.startUrls = [...urls];
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const [sku, price, currency] = res.text.trim().split(' ');
    yield { sku, price, currency, url: res.url };
  }
}

describe('two pages of one site disagreeing on a price', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  const storage = tempStorageDir('price-disagreement');
  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    for (const [path, text] of Object.entries(PAGES)) server.route(path, (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(text));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('keeps the first price and warns with both pages and prices; a same-price copy stays a plain duplicate', async () => {
    const spider = new ShopSpider(Object.keys(PAGES).map((path) => server.url(path)));
    const { summary } = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
    expect(summary.items.dropped).toEqual({ 'duplicate/price-differs': 1, duplicate: 1 });
    const text = formatSummary(summary);
    // Before, the summary said only "duplicate/price-differs: 1" among the drops.
    const warning = text.split('\n').find((line) => line.startsWith('WARNING: 1 item showed another price'));
    expect(warning).toBeDefined();
    for (const shown of ['39.9 EUR', '44.9 EUR', server.url('/list'), server.url('/p/kettle')]) expect(warning).toContain(shown);
    expect(text).toMatch(/^ {2}duplicate: 1 \(first: \S+ TOASTER\)$/m);
  });
});
