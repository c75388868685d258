// A 429 storm on one host: the breaker opens after 5, only single probes reach it while open, other hosts keep their pace, nothing is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const STORM = 20;
const THRESHOLD = 5;
const COOLDOWN_MS = 60;
const MAX_COOLDOWN_MS = 100;
const INTERVAL_MS = 20;
const STORMY_PAGES = 12;
const CALM_PAGES = 40;
/** Timer and event-loop noise when both ends share one process; politeness errors would be whole intervals. */
const NOISE_MS = 2;

describe('a crawl through a 429 storm', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('breaker');

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [stormy, calm] = servers;
    stormy.route('/p/:n', (_req, res, ctx) => {
      res.writeHead(ctx.record.seq < STORM ? 429 : 200, { 'content-type': 'text/html' });
      res.end('<p>ok</p>');
    });
    calm.route('/p/:n', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<p>ok</p>');
    });
    const urls = [
      ...Array.from({ length: STORMY_PAGES }, (_, n) => stormy.url(`/p/${n}`)),
      ...Array.from({ length: CALM_PAGES }, (_, n) => calm.url(`/p/${n}`)),
    ];
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0 },
      // maxAttempts = threshold: before the breaker opens a request can take at most threshold-1 counted
      // throttles (the one that opens it is parked, not counted), so none can run out during the storm.
      // The storm re-opens the breaker STORM - THRESHOLD times, parking the same probe each time: its deferral budget must outlast that.
      retry: { maxAttempts: THRESHOLD, maxDeferrals: STORM, backoffBaseMs: 5, backoffCapMs: 20 },
      breaker: { threshold: THRESHOLD, cooldownMs: COOLDOWN_MS, cooldownMultiplier: 2, maxCooldownMs: MAX_COOLDOWN_MS },
      pipeline: { batchSize: 10, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false }, // robots.txt has its own test; here every arrival is a page
    });
  }, 20_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('opens after 5 throttles, then lets exactly one probe through per cooldown until the host recovers', () => {
    const arrivals = servers[0].requests.map((r) => r.arrivedAtPerfMs);
    // Throttles 1-5 arrive at the host's pace; the 5th opens the breaker for COOLDOWN_MS.
    expect(arrivals[THRESHOLD] - arrivals[THRESHOLD - 1]).toBeGreaterThanOrEqual(COOLDOWN_MS - NOISE_MS);
    // Every failed probe (arrivals 6..20) re-opens it for the doubled, capped cooldown: one request per window.
    for (let i = THRESHOLD + 1; i <= STORM; i++) expect(arrivals[i] - arrivals[i - 1]).toBeGreaterThanOrEqual(MAX_COOLDOWN_MS - NOISE_MS);
    const messages = result.logs.map((l) => l.msg);
    expect(messages.filter((m) => m === 'circuit breaker opened')).toHaveLength(1);
    expect(messages.filter((m) => m === 'circuit breaker reopened')).toHaveLength(STORM - THRESHOLD);
    expect(messages.filter((m) => m === 'circuit breaker closed')).toHaveLength(1);
  });

  it('keeps the other host at its own pace while the stormy one is closed', () => {
    const calm = servers[1].requests.map((r) => r.arrivedAtPerfMs);
    const stormy = servers[0].requests.map((r) => r.arrivedAtPerfMs);
    expect(calm).toHaveLength(CALM_PAGES);
    // It is crawled while the stormy host is closed (from the 5th 429 to the probe that succeeds): more of its
    // pages than the breaker let probes through meanwhile. (Before, all of it had to fit inside the storm: at
    // load 25 its 40 pages outlasted the storm's cooldowns by 0.7 s, both paces stretched by the machine.)
    const whileClosed = calm.filter((t) => t > stormy[THRESHOLD - 1] && t < stormy[STORM]);
    expect(whileClosed.length).toBeGreaterThan(STORM - THRESHOLD);
    // And near its own interval, never at the stormy host's breaker pace (the median, so that one stall
    // of a busy 2-core runner does not decide it; measured: 20-32 ms for a 20 ms interval). The pace it must
    // stay under is the one the breaker kept in this run (its probes), not a fixed figure: at load 25 the
    // calm median was 63 ms, over the 60 ms cooldown; the breaker's gaps stretch with the machine too.
    const gaps = calm.slice(1).map((t, i) => t - calm[i]).sort((a, b) => a - b);
    const probeGaps = stormy.slice(THRESHOLD + 1, STORM + 1).map((t, i) => t - stormy[THRESHOLD + i]);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(INTERVAL_MS - NOISE_MS);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeLessThan(Math.min(...probeGaps));
  });

  it('stores every product of the stormy host once it recovers: none dropped, none failed', () => {
    const stormySkus = result.items.filter((item) => item.sku?.startsWith(servers[0].hostKey));
    expect(stormySkus).toHaveLength(STORMY_PAGES);
    expect(result.items).toHaveLength(STORMY_PAGES + CALM_PAGES);
    expect(result.summary.ledger).toMatchObject({ planned: STORMY_PAGES + CALM_PAGES, succeeded: STORMY_PAGES + CALM_PAGES, failed: 0, pending: 0 });
    expect(result.summary.status).toBe('finished');
  });
});
