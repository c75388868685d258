// A CDN whose cache key leaves out the product's path answers one product page for several product URLs: no URL may claim another's price.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/engine/run-summary';
import { FixtureServer } from '../support/fixture-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const page = (name: string, price: string) => `<!doctype html><html><head><title>${name}</title></head><body><h1>${name}</h1><p class="price">${price}</p></body></html>`;
const KETTLE = page('Kettle', '11.00');
const TOASTER = page('Toaster', '44.00');
const GRILL = page('Grill', '55.00');
const UNAVAILABLE = '<!doctype html><html><body><h1>This product is no longer available</h1></body></html>';

/** As a CDN hands out what it cached: the same bytes, aged, marked a hit. */
const cached = (res: ServerResponse, body: string) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', age: '120', 'x-cache': 'HIT' }).end(body);
const origin = (res: ServerResponse, body: string) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

describe('a crawl through a CDN that answers one product page for other product URLs', () => {
  const storage = tempStorageDir('cache-key');
  let shop: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    shop.route('/p/1', (_req, res) => origin(res, KETTLE));
    // The cache key drops the product: /p/2 and /p/3 get the kettle's page on every try.
    shop.route('/p/2', (_req, res) => cached(res, KETTLE));
    shop.route('/p/3', (_req, res) => cached(res, KETTLE));
    shop.route('/p/4', (_req, res) => origin(res, TOASTER));
    // Wrong on its first answer only (the entry expired): the next try gets the grill's own page.
    shop.route('/p/5', (_req, res) => (shop.requestsTo('/p/5').length === 1 ? cached(res, KETTLE) : origin(res, GRILL)));
    // Identical pages that claim no price, or are one page: no false alarm.
    shop.route('/gone/1', (_req, res) => origin(res, UNAVAILABLE));
    shop.route('/gone/2', (_req, res) => origin(res, UNAVAILABLE));
    shop.route('/old/1', (_req, res) => void res.writeHead(301, { location: '/p/4' }).end());
    shop.route('/old/2', (_req, res) => void res.writeHead(301, { location: '/p/4' }).end());
    const paths = ['/p/1', '/p/2', '/p/3', '/p/4', '/p/5', '/gone/1', '/gone/2', '/old/1', '/old/2'];
    result = await crawlInProcess(new PriceTextSpider({ urls: paths.map((path) => shop.url(path)).join(',') }), storage.dir, {
      // One request at a time, in the order given: the kettle's own URL is the first to show its page.
      concurrency: { maxConcurrency: 1, desiredConcurrency: 1, autoscale: false },
      politeness: { minIntervalMs: 5, jitterMs: 0 },
      retry: { backoffBaseMs: 5, backoffCapMs: 20 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false },
    });
  }, 60_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it('stores each price under the URL whose own page showed it, never the kettle\'s price under another product', () => {
    const prices = Object.fromEntries(result.items.map((item) => [item.sku, item.price]));
    // Before, /p/2 and /p/3 were stored at 11.00, the kettle's price, and /p/5 too.
    expect(prices).toEqual({ '/p/1': '11.00', '/p/4': '44.00', '/p/5': '55.00' });
  });

  it('fails the URLs that only ever got another URL\'s page with the reason, after trying them again, and exits 4', () => {
    const { summary } = result;
    expect(summary.ledger).toMatchObject({ planned: 9, succeeded: 7, failed: 2, pending: 0 });
    expect(summary.ledger.failedByReason).toEqual({ 'page/shared-body': 2 });
    expect(shop.requestsTo('/p/2')).toHaveLength(4); // retry.maxAttempts
    expect(shop.requestsTo('/p/5')).toHaveLength(2);
    expect(summary.items.dropped['page/shared-body']).toBe(2 * 4 + 1);
    expect(summary.items.firstDrops?.['page/shared-body']).toMatch(/\/p\/2.*\/p\/1/);
    expect(exitCodeFor(summary)).toBe(4);
  });

  it('raises no alarm for identical pages without a price or for redirects to one page: each fetched once', () => {
    expect(shop.requestsTo('/gone/1')).toHaveLength(1);
    expect(shop.requestsTo('/gone/2')).toHaveLength(1);
    expect(shop.requestsTo('/old/2')).toHaveLength(1);
  });
});
