// CAPTCHA pages served with 200: never parsed, retried until the real page comes, and counted toward the breaker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const BLOCKED_FIRST = 3;
const PAGES = 6;
const COOLDOWN_MS = 80;
const CAPTCHA_PAGE = '<html><head><title>Are you a robot?</title></head><body><form action="/verify"><div class="g-recaptcha"></div></form></body></html>';

describe('a crawl that meets CAPTCHA pages', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('blocks');

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/p/:n', (_req, res, ctx) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(ctx.record.seq < BLOCKED_FIRST ? CAPTCHA_PAGE : `<title>Product ${ctx.params.n}</title>`);
    });
    const urls = Array.from({ length: PAGES }, (_, n) => server.url(`/p/${n}`));
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 10, jitterMs: 0 },
      retry: { maxAttempts: 4, backoffBaseMs: 1, backoffCapMs: 5 },
      breaker: { threshold: BLOCKED_FIRST, cooldownMs: COOLDOWN_MS },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false }, // robots.txt has its own test; here every arrival is a page
    });
  }, 20_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('detects each block page and logs the rule that matched', () => {
    // The block that opens the breaker is parked by the breaker itself, so block-detection never sees it.
    const detected = result.logs.filter((l) => l.msg === 'block page detected');
    expect(detected).toHaveLength(BLOCKED_FIRST - 1);
    expect(detected.every((l) => typeof l.rule === 'string' && l.status === 200)).toBe(true);
  });

  it('counts block pages toward the breaker: the host hears nothing for the cooldown after the third', () => {
    const arrivals = server.requests.map((r) => r.arrivedAtPerfMs);
    expect(arrivals[BLOCKED_FIRST] - arrivals[BLOCKED_FIRST - 1]).toBeGreaterThanOrEqual(COOLDOWN_MS - 2);
    expect(result.logs.filter((l) => l.msg === 'circuit breaker opened')).toHaveLength(1);
    expect(result.logs.filter((l) => l.msg === 'circuit breaker closed')).toHaveLength(1);
  });

  it('never hands a block page to the spider; every real page is stored and nothing failed', () => {
    expect(server.requests).toHaveLength(PAGES + BLOCKED_FIRST);
    expect(result.items).toHaveLength(PAGES);
    expect(result.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
  });
});
