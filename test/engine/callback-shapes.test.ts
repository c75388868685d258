// Callbacks written as Scrapy writes them (a plain generator, a returned list, one item, nothing) give their outputs; a value that is none is refused saying what a callback gives.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Spider } from '../../src/core/spider';
import type { CrawlResponse } from '../../src/core/response';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const FAST = { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, pipeline: { batchMaxAgeMs: 10 } };

function product(res: ServerResponse, n: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><body><main data-sku="S${n}"><span class="price">$${n}.00</span></main><a href="/p/${n}">self</a></body></html>`);
}

const itemOf = (res: CrawlResponse) => ({ sku: res.$('main').attr('data-sku')!, price: res.$('.price').text(), currency: 'USD', url: res.url });

/** Untyped, as the CLI runs a project's TypeScript (no type-check) or a .js spider: each product callback another shape. */
class ScrapyShapedSpider extends Spider {
  readonly name = 'scrapy-shaped';
  constructor(private readonly base: string) {
    super();
    this.startUrls = [`${base}/list`];
  }
  // A plain generator, as Scrapy's `def parse(self, response): yield ...`.
  // @ts-expect-error the shape TypeScript refuses and the CLI (no type-check) runs all the same
  override *parse(res: CrawlResponse) {
    for (const [n, callback] of [['1', 'returnsList'], ['2', 'returnsOne'], ['3', 'syncGenerator'], ['4', 'returnsNothing'], ['5', 'returnsText']]) yield res.follow(`/p/${n}`, callback);
  }
  returnsList(res: CrawlResponse) {
    return Promise.resolve([itemOf(res)]);
  }
  returnsOne(res: CrawlResponse) {
    return itemOf(res);
  }
  *syncGenerator(res: CrawlResponse) {
    yield itemOf(res);
  }
  returnsNothing() {
    return undefined;
  }
  returnsText() {
    return 'done';
  }
}

describe('callback shapes of a ported Scrapy spider', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>list</p>'));
    server.route('/p/:n', (_req, res, ctx) => product(res, ctx.params.n!));
  });
  afterAll(() => server.close());

  it('reads a plain generator, a returned list, one returned item and nothing (before: each page failed callback/error "[Symbol.asyncIterator] is not a function")', async () => {
    const storage = tempStorageDir('callback-shapes');
    try {
      const spider = new ScrapyShapedSpider(server.url('').replace(/\/$/, '')) as unknown as Spider;
      const result = await crawlInProcess(spider, storage.dir, FAST);
      expect(result.items.map((item) => [item.sku, item.price]).sort()).toEqual([['S1', '1.00'], ['S2', '2.00'], ['S3', '3.00']]);
      expect(result.summary.ledger).toMatchObject({ planned: 6, succeeded: 5, failed: 1 });
      expect(result.summary.ledger.failedByReason).toEqual({ 'callback/error': 1 });
      const failure = result.logs.find((line) => line.msg === 'spider callback failed');
      expect((failure?.err as { message: string }).message).toBe(
        'a callback gives items and requests: yield them (async *parseProduct(res) { yield { sku, price, url } }), or return a list, one of them, or nothing; it returned a string',
      );
    } finally {
      storage.cleanup();
    }
  });
});
