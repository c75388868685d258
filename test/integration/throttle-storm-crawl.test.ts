// A 429 storm longer than the attempt budget, at the default budgets: server waits never use up attempts, a host that never recovers fails with a reason.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/cli/summary-text';
import { exitCodeFor } from '../../src/engine/run-summary';
import { resolveSettings } from '../../src/settings/load-settings';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const DEFAULTS = resolveSettings([]).settings;
/** Longer than the attempt budget whatever its default: a request that counted each 429 would run out. */
const STORM = DEFAULTS.retry.maxAttempts + 4;

function answer(res: import('node:http').ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html', ...headers });
  res.end(`<p>${status}</p>`);
}

describe('a crawl through a 429 storm longer than the attempt budget', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('storm');

  beforeAll(async () => {
    servers = await startFixtureServers(4, { builtInRoutes: false });
    const [bare, retryAfter, never, truncated] = servers;
    // 429 without Retry-After for the first STORM arrivals, then the host recovers.
    bare.route('/p/:n', (_req, res, ctx) => answer(res, ctx.record.seq < STORM ? 429 : 200));
    // 429 with `Retry-After: 0` ("now"), then recovers.
    retryAfter.route('/p/:n', (_req, res, ctx) => answer(res, ctx.record.seq < STORM ? 429 : 200, ctx.record.seq < STORM ? { 'retry-after': '0' } : {}));
    // Never recovers: always 429 with Retry-After.
    never.route('/p/:n', (_req, res) => answer(res, 429, { 'retry-after': '0' }));
    // The first answer is a gzip body cut off half-way (Content-Length of what is sent, so the transport is clean).
    truncated.route('/p/:n', (_req, res, ctx) => {
      const gzipped = gzipSync(Buffer.from(`<html><body>${'<p>price 9.99</p>'.repeat(200)}</body></html>`));
      const body = ctx.record.seq === 0 ? gzipped.subarray(0, gzipped.length >> 1) : gzipped;
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': String(body.length) });
      res.end(body);
    });
    const urls = [bare.url('/p/1'), retryAfter.url('/p/1'), never.url('/p/1'), truncated.url('/p/1')];
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      // Only the clocks are shortened; the attempt budget, the breaker threshold and the deferral budget stay at their defaults.
      politeness: { minIntervalMs: 5, jitterMs: 0 },
      retry: { backoffBaseMs: 5, backoffCapMs: 20 },
      breaker: { cooldownMs: 20, maxCooldownMs: 40 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false },
    });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('stores the pages of both hosts that recovered, each fetched until it did', () => {
    for (const server of servers.slice(0, 2)) {
      expect(server.requests).toHaveLength(STORM + 1);
      expect(result.items.some((item) => item.sku === `${server.hostKey}/p/1`)).toBe(true);
    }
  });

  it('fails the page of the host that never recovers once its deferral budget is spent, with that reason', () => {
    expect(result.items.some((item) => item.sku === `${servers[2].hostKey}/p/1`)).toBe(false);
    expect(result.summary.ledger.failedByReason).toEqual({ 'retry/deferrals-exhausted': 1 });
    // Refused, not looped: it was sent a bounded number of times (the budget, plus the throttles before the breaker opened).
    expect(servers[2].requests.length).toBeLessThanOrEqual(DEFAULTS.retry.maxDeferrals + DEFAULTS.breaker.threshold);
  });

  it('retries a truncated gzip body (fetch/decompress) and stores the page', () => {
    expect(servers[3].requests).toHaveLength(2);
    expect(result.items.some((item) => item.sku === `${servers[3].hostKey}/p/1`)).toBe(true);
    expect(result.summary.handling['retry/reason/fetch/decompress']).toBe(1);
  });

  it('does not look clean: the transient failure has its own summary line and exit code 4', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 4, succeeded: 3, failed: 1, pending: 0 });
    expect(result.summary.status).toBe('finished');
    expect(result.summary.transientFailures).toEqual({ 'retry/deferrals-exhausted': 1 });
    expect(formatSummary(result.summary)).toContain('LOST TO TRANSIENT FAILURES: 1 request (retry/deferrals-exhausted: 1)');
    expect(exitCodeFor(result.summary)).toBe(4);
  });
});
