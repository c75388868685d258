// A shop that answers a product it no longer has with a 200 and its 404 template: no price from the template's other products.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureKind } from '../../src/engine/failure-kind';
import { FixtureServer } from '../support/fixture-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/** A 404 template that still shows a recommendation's price in the spider's price selector. */
const notFound = (title: string) => `<html><head><title>${title}</title></head><body><h1>${title}</h1><section class="recommended"><a href="/p/other">Other kettle</a><p class="price">9.99</p></section></body></html>`;
const PAGES: Record<string, string> = {
  '/p/kettle': '<html><head><title>Blue kettle | Shop</title></head><body><h1>Blue kettle</h1><p class="price">24.99</p></body></html>',
  '/p/gone': notFound('Page not found | Shop'),
  '/p/weg': notFound('Seite nicht gefunden – Shop'),
  '/p/oops': notFound('Oops! 404'),
  // A product whose name holds the words is a page.
  '/p/not-found-lp': '<html><head><title>Not Found Vinyl LP – Limited Edition | Records</title></head><body><p class="price">31.50</p></body></html>',
};

describe('a crawl that meets soft 404 pages', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('soft-404');

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    for (const [path, html] of Object.entries(PAGES)) {
      server.route(path, (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(html);
      });
    }
    const spider = new PriceTextSpider({ urls: Object.keys(PAGES).map((path) => server.url(path)).join(',') });
    result = await crawlInProcess(spider, storage.dir, {
      politeness: { minIntervalMs: 5, jitterMs: 0 },
      retry: { backoffBaseMs: 1, backoffCapMs: 5 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false },
    });
  }, 20_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it("stores the products' own prices and no price read from a not-found page", () => {
    expect(result.items.map((item) => [item.sku, item.price]).sort()).toEqual([['/p/kettle', '24.99'], ['/p/not-found-lp', '31.50']]);
  });

  it('records each not-found page once as http/soft-404, like a 404: not retried, and no lost work for the exit code', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 5, succeeded: 2, failed: 3, pending: 0, failedByReason: { 'http/soft-404': 3 } });
    expect(server.requests).toHaveLength(5);
    expect(failureKind('http/soft-404')).toBe('permanent');
    expect(result.summary.status).toBe('finished');
  });
});
