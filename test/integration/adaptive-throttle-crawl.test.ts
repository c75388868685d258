// Adaptive throttle against a host that answers 429 when hit faster than its limit: it converges below the limit, nothing lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/** The host's limit, measured between arrivals at the server. */
const LIMIT_MS = 50;
/** Far too fast on purpose; factor 4 takes it to 20 ms (still too fast), then 80 ms (30 ms of margin for timer noise). */
const START_MS = 5;
const PAGES = 30;
const CALM_PAGES = 10;

describe('a crawl with the adaptive throttle on a rate-limited host', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const answers: Array<{ status: number; atEpochMs: number }> = [];
  const storage = tempStorageDir('adaptive');

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [limited, calm] = servers;
    let lastArrivalMs = Number.NEGATIVE_INFINITY;
    limited.route('/p/:n', (_req, res, ctx) => {
      const status = ctx.record.arrivedAtPerfMs - lastArrivalMs < LIMIT_MS ? 429 : 200;
      lastArrivalMs = ctx.record.arrivedAtPerfMs;
      answers.push({ status, atEpochMs: ctx.record.arrivedAtEpochMs });
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end(status === 200 ? '<p>ok</p>' : '<p>slow down</p>');
    });
    calm.route('/p/:n', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<p>ok</p>');
    });
    const urls = [...Array.from({ length: PAGES }, (_, n) => limited.url(`/p/${n}`)), ...Array.from({ length: CALM_PAGES }, (_, n) => calm.url(`/p/${n}`))];
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: START_MS, jitterMs: 0 },
      // Opted in for the limited host only; a slow step down keeps it from probing the limit again in this short crawl.
      throttle: { adaptive: { hosts: [limited.hostKey], increaseFactor: 4, decreaseStepMs: 1, successesPerDecrease: 10, targetLatencyMs: 5_000 } },
      retry: { maxAttempts: 6, backoffBaseMs: 5, backoffCapMs: 20 },
      breaker: { threshold: 10 },
      pipeline: { batchSize: 10, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false },
    });
  }, 20_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('sees 429s only while warming up: none after the interval grew past the limit', () => {
    // Warm-up ends with the last growth; on a loaded machine it can come late (the crawl is slower than its
    // interval then), so it is judged by that moment rather than by a fixed share of the requests.
    const grown = result.logs.filter((l) => l.msg === 'host interval adapted' && l.throttle === 'increased');
    const converged = grown.at(-1)!;
    expect(converged.toMs).toBeGreaterThanOrEqual(LIMIT_MS);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) expect(answer.atEpochMs).toBeLessThanOrEqual(converged.time as number);
    expect(answers.filter((a) => a.atEpochMs > (converged.time as number)).every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PAGES);
  });

  it('raises the interval above the limit, counts and logs the changes, and leaves the other host alone', () => {
    const { handling } = result.summary;
    expect(handling['throttle/increased']).toBeGreaterThanOrEqual(2);
    expect(handling[`throttle/interval-ms/${servers[0].hostKey}`]).toBeGreaterThanOrEqual(LIMIT_MS);
    expect(handling[`throttle/interval-ms/${servers[1].hostKey}`]).toBeUndefined();
    const adapted = result.logs.filter((l) => l.msg === 'host interval adapted');
    expect(adapted.length).toBeGreaterThanOrEqual(1);
    expect(adapted[0]).toMatchObject({ host: servers[0].hostKey, throttle: 'increased', signal: 'throttled', fromMs: START_MS, toMs: START_MS * 4 });
  });

  it('stores every product and keeps the ledger balanced', () => {
    expect(result.items).toHaveLength(PAGES + CALM_PAGES);
    expect(result.summary.ledger).toMatchObject({ planned: PAGES + CALM_PAGES, succeeded: PAGES + CALM_PAGES, failed: 0, pending: 0 });
    expect(result.summary.balanced).toBe(true);
  });
});
