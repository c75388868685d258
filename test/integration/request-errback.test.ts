// A request's errback (a spider method named as its callback is) runs once when the request ends failed: a 404, a 5xx after its retries, a robots refusal, a callback that threw; what it yields is stored as a callback's output is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest, Spider, type CrawlResponse, type RequestFailure, type SpiderOutput } from 'pricecrawl';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';
import { exitCodeFor } from '../../src/engine/run-summary';

const MAX_ATTEMPTS = 3;
/** A key one request sends, which its errback's error quotes: the run's records show it ***. */
const API_KEY = 'eRrb4ck-K3y-90Zq';

/** What each errback call saw, in order: the failure as the spider got it. */
const seen: Array<{ url: string; reason: string; status: number | null; attempt: number; meta: unknown }> = [];

class ErrbackSpider extends Spider {
  readonly name = 'errback';

  constructor(private readonly base: string) {
    super();
  }

  override async *start(): AsyncGenerator<SpiderOutput> {
    for (const path of ['/p/gone', '/p/broken', '/private/p', '/p/throws-in-callback']) {
      yield new CrawlRequest({ url: `${this.base}${path}`, callback: 'parseProduct', errback: 'onProductFailed', meta: { sku: path.slice(path.lastIndexOf('/') + 1) } });
    }
    // Its errback throws: recorded as the project's code error, the request still fails with its own reason.
    yield new CrawlRequest({ url: `${this.base}/p/bad-errback`, callback: 'parseProduct', errback: 'onFailedBadly', headers: { 'X-Api-Key': API_KEY } });
    // No errback: fails as before, nothing runs.
    yield new CrawlRequest({ url: `${this.base}/p/plain-gone`, callback: 'parseProduct' });
  }

  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    if (res.url.endsWith('/p/throws-in-callback')) throw new Error('selector found nothing');
    yield { sku: String(res.request.meta.sku), price: res.$('.price').text(), currency: 'USD', url: res.url };
  }

  async *parseFeed(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: String(res.request.meta.sku), price: res.$('.price').text(), currency: 'USD', url: res.url, source: 'fallback' };
  }

  async *onProductFailed(failure: RequestFailure): AsyncGenerator<SpiderOutput> {
    const { request, reason, status } = failure;
    seen.push({ url: request.url, reason, status, attempt: request.attempt, meta: request.meta });
    if (reason === 'http/404') {
      // Gone from the shop: an item saying so (no price), through the pipeline as any other.
      yield { sku: String(request.meta.sku), price: null, priceRefusal: 'product/gone', url: request.url };
      return;
    }
    // Else a second source, by the same SKU.
    yield new CrawlRequest({ url: `${this.base}/feed/${String(request.meta.sku)}`, callback: 'parseFeed', meta: request.meta });
  }

  // eslint-disable-next-line require-yield
  async *onFailedBadly(failure: RequestFailure): AsyncGenerator<SpiderOutput> {
    throw new Error(`errback bug on ${failure.request.url} with key ${failure.request.headers['X-Api-Key']}`);
  }
}

describe('a request errback', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('errback');

  beforeAll(async () => {
    seen.length = 0;
    [server] = await startFixtureServers(1, { builtInRoutes: false });
    const html = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><body>${body}</body></html>`);
    };
    server.route('/robots.txt', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('User-agent: *\nDisallow: /private/\n');
    });
    for (const path of ['/p/gone', '/p/bad-errback', '/p/plain-gone']) {
      server.route(path, (_req, res) => {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('not here');
      });
    }
    server.route('/p/broken', (_req, res) => {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('down');
    });
    server.route('/p/throws-in-callback', html('<p class="price">1.00</p>'));
    server.route('/feed/:sku', html('<p class="price">7.50</p>'));
    result = await crawlInProcess(new ErrbackSpider(new URL(server.url('/')).origin), storage.dir, {
      politeness: { minIntervalMs: 1, jitterMs: 0 },
      retry: { maxAttempts: MAX_ATTEMPTS, backoffBaseMs: 1, backoffCapMs: 5 },
      pipeline: { batchSize: 10, batchMaxAgeMs: 20 },
      robots: { obey: true },
    });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers([server]);
    storage.cleanup();
  });

  it('runs once per failed request, after its retries, with the reason, the status and the request with its meta', () => {
    const byUrl = Object.fromEntries(seen.map((s) => [new URL(s.url).pathname, s]));
    expect(seen.map((s) => new URL(s.url).pathname).sort()).toEqual(['/p/broken', '/p/gone', '/p/throws-in-callback', '/private/p']);
    expect(byUrl['/p/gone']).toEqual({ url: server.url('/p/gone'), reason: 'http/404', status: 404, attempt: 0, meta: { sku: 'gone' } });
    // A 5xx is tried maxAttempts times; the errback hears of it once, on the last.
    expect(server.requests.filter((r) => r.path === '/p/broken')).toHaveLength(MAX_ATTEMPTS);
    expect(byUrl['/p/broken']).toMatchObject({ status: 503, attempt: MAX_ATTEMPTS - 1, meta: { sku: 'broken' } });
    expect(byUrl['/p/broken'].reason).toMatch(/^retry\/exhausted|^http\/503/);
    expect(byUrl['/private/p']).toMatchObject({ reason: 'robots/disallowed', status: null });
    expect(server.requests.some((r) => r.path === '/private/p')).toBe(false);
    expect(byUrl['/p/throws-in-callback']).toMatchObject({ reason: 'callback/error', status: 200 });
  });

  it('stores what it yields: an item through the pipeline, a fallback request fetched and parsed', () => {
    const feeds = server.requests.filter((r) => r.path.startsWith('/feed/')).map((r) => r.path).sort();
    expect(feeds).toEqual(['/feed/broken', '/feed/p', '/feed/throws-in-callback']);
    const fallback = result.items.filter((i) => i.data.source === 'fallback').map((i) => [i.data.sku, String(i.data.price)]).sort();
    expect(fallback).toEqual([['broken', '7.50'], ['p', '7.50'], ['throws-in-callback', '7.50']]);
    // The gone product's item had no price: the pipeline dropped it with the spider's reason, as a callback's.
    expect(result.summary.items.dropped['product/gone']).toBe(1);
  });

  it('leaves each request failed with its own reason, and records an errback that threw as a code error', () => {
    expect(result.summary.ledger).toMatchObject({ failed: 6, pending: 0 });
    expect(result.summary.codeErrors?.['errback/onFailedBadly']).toMatchObject({ count: 1, firstMessage: `Error: errback bug on ${server.url('/p/bad-errback')} with key ***` });
    expect(result.logs.some((l) => l.msg === 'spider errback failed' && l.errback === 'onFailedBadly')).toBe(true);
    expect(JSON.stringify(result.logs).includes(API_KEY)).toBe(false);
    expect(exitCodeFor(result.summary)).toBe(4);
  });
});
