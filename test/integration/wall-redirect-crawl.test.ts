// A redirect to a bot check or a queue (another host's wall, or the shop's own /challenge page) is a block: retried, and a run it walled does not end clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/engine/run-summary';
import { FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { quickRetrySettings } from '../support/quick-retry-settings';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const MAX_ATTEMPTS = 3;

/** The test spider, kept to the fixture's own host and port. */
class ShopSpider extends UrlListSpider {
  constructor(urls: readonly string[], host: string) {
    super(urls);
    this.allowedDomains = [host];
  }
}

describe('a shop that sends some pages through a wall', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('wall-redirect');

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    const redirect = (to: (page: string) => string) => (_req: unknown, res: import('node:http').ServerResponse, ctx: { params: Record<string, string> }) => {
      res.writeHead(302, { location: to(server.url(`/p/${ctx.params.n}`)) });
      res.end();
    };
    // Never fetched: a refused offsite hop is not sent, so no traffic leaves the loopback.
    server.route('/p/:n', (req, res, ctx) => {
      const n = Number(ctx.params.n);
      if (n === 1) return redirect(() => 'http://validate.perfdrive.com/0d8a1c/captcha?ssa=5e2f&ssc=x')(req, res, ctx);
      if (n === 2) return redirect((page) => `http://gate.example/?c=shop&returnUrl=${encodeURIComponent(page)}`)(req, res, ctx);
      if (n === 3) return redirect(() => 'http://other-brand.example/p/3')(req, res, ctx);
      if (n === 5) return redirect(() => `/challenge?returnUrl=${encodeURIComponent('/p/5')}`)(req, res, ctx);
      // A wall by Refresh header (an interstitial the meta-refresh middleware follows), not a 3xx.
      if (n === 6) return void res.writeHead(200, { 'content-type': 'text/html', refresh: `0; url=http://shop.queue-it.net/?c=shop&t=${encodeURIComponent(server.url('/p/6'))}` }).end('<p>You are in line</p>');
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<title>Product ${n}</title>`);
    });
    // The shop's own interstitial: a page no block pattern knows (it waits for a script to set a cookie).
    server.route('/challenge', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body><p>One moment please</p><script src="/s.js"></script></body></html>');
    });
    const urls = [1, 2, 3, 4, 5, 6].map((n) => server.url(`/p/${n}`));
    result = await crawlInProcess(new ShopSpider(urls, new URL(server.url('/')).host), storage.dir, quickRetrySettings(MAX_ATTEMPTS));
  }, 30_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  const arrivals = (path: string) => server.requests.filter((r) => r.path === path).length;

  it('retries a page sent to a bot-check host or to a gate that would send us back, as a block, then fails it as transient', () => {
    expect(arrivals('/p/1')).toBe(MAX_ATTEMPTS);
    expect(arrivals('/p/2')).toBe(MAX_ATTEMPTS);
    expect(arrivals('/p/6')).toBe(MAX_ATTEMPTS);
    const walled = result.logs.filter((l) => l.msg === 'block page detected');
    expect(walled.map((l) => l.url).sort()).toEqual(expect.arrayContaining([server.url('/p/1'), server.url('/p/2'), server.url('/p/6')]));
    // The session that met the wall is retired, as for a block page: the retry goes with a fresh one.
    const retired = result.logs.filter((l) => l.msg === 'session retired' && l.reason === 'block').map((l) => l.url);
    expect(retired).toEqual(expect.arrayContaining([server.url('/p/1'), server.url('/p/2'), server.url('/p/5')]));
  });

  it("never stores the shop's own challenge page as the product it stood in for", () => {
    expect(arrivals('/p/5')).toBe(MAX_ATTEMPTS);
    expect(result.items.map((item) => item.url)).toEqual([server.url('/p/4')]);
  });

  it('still fails a plain move to another site as permanent offsite/redirect, once', () => {
    expect(arrivals('/p/3')).toBe(1);
    expect(result.summary.ledger.failedByReason['offsite/redirect']).toBe(1);
  });

  it('does not end looking clean: the walled pages are transient losses (exit 4)', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 6, succeeded: 1, failed: 5, pending: 0 });
    expect(result.summary.transientFailures).toEqual({ 'retry/exhausted': 4 });
    expect(exitCodeFor(result.summary)).toBe(4);
  });
});
