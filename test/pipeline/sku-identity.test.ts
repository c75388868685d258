// One product, one price history: a SKU a page writes with invisible, full-width or decomposed characters is the SKU it shows elsewhere.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { canonicalSku } from '../../src/pipeline/canonical-sku';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** What the first run's pages show, and what the second run's pages show for the same products. */
const PRODUCTS: Array<{ path: string; first: string; second: string }> = [
  { path: '/zero-width', first: 'ZW-100', second: 'ZW\u200b-100\u2060' },
  { path: '/full-width', first: 'FW-200', second: 'ＦＷ－２００' },
  { path: '/decomposed', first: 'CAF\u00c9-300', second: 'CAFE\u0301-300' },
  { path: '/whitespace', first: 'WS-400', second: '\n  WS-400\u00a0 ' },
  { path: '/soft-hyphen', first: 'SH-500', second: 'SH\u00ad-500\ufeff' },
  // Two products a shop tells apart by case: never merged.
  { path: '/lower', first: 'case-600', second: 'case-600' },
  { path: '/upper', first: 'CASE-600', second: 'CASE-600' },
];

let server: FixtureServer;
let run: 'first' | 'second' = 'first';
const storage = tempStorageDir('sku-identity');

class SkuTextSpider extends Spider {
  readonly name = 'sku-text';
  override async *start(): AsyncIterable<SpiderOutput> {
    for (const { path } of PRODUCTS) yield this.request(server.url(path), 'parse');
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.$('.sku').text(), price: res.$('.price').text(), currency: 'EUR', url: res.url };
  }
}

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  for (const product of PRODUCTS) {
    server.route(product.path, (_req, res: ServerResponse) => {
      const price = run === 'first' ? '10.00' : '12.00';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body><span class="sku">${product[run]}</span><span class="price">${price}</span></body></html>`);
    });
  }
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

describe('canonicalSku', () => {
  it.each([
    ['AB\u200b123', 'AB123'],
    ['ＡＢ１２３', 'AB123'],
    ['CAFE\u0301-1', 'CAF\u00c9-1'],
    [' AB123\t', 'AB123'],
    ['AB\u00a0\u00a0123', 'AB 123'],
    ['AB\n123', 'AB 123'],
    ['\ufeffAB\u00ad123\u202e', 'AB123'],
    ['ab123', 'ab123'],
    ['\u200b\u200c', ''],
  ])('%j → %j', (sku, canonical) => {
    expect(canonicalSku(sku)).toBe(canonical);
  });
});

describe('a SKU the next run writes in another form', () => {
  it('continues the same price history, and SKUs that differ in case stay two products', async () => {
    const settings = { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } };
    const first = await crawlInProcess(new SkuTextSpider(), storage.dir, settings);
    run = 'second';
    const second = await crawlInProcess(new SkuTextSpider(), storage.dir, settings);
    expect(second.items.map((item) => item.sku).sort()).toEqual(first.items.map((item) => item.sku).sort());
    expect(second.items.find((item) => item.url.endsWith('/full-width'))?.data.sku).toBe('FW-200');
    // Counted, not silent: the run record says how many SKUs were stored in another form than the page's.
    expect(second.summary.items.skuCanonicalized).toBe(5);

    const changes = await cli(['changes', '--json', '--storage', storage.dir]);
    expect(changes.code, changes.stderr).toBe(0);
    const rows = changes.stdout.trim().split('\n').map((line) => JSON.parse(line) as { sku: string; oldPrice: string | null; newPrice: string | null });
    expect(rows.map((row) => [row.sku, row.oldPrice, row.newPrice]).sort()).toEqual(PRODUCTS.map(({ first: sku }) => [sku.normalize('NFC'), '10.00', '12.00']).sort());
  });
});
