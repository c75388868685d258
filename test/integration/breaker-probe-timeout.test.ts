// The breaker's half-open probe that never gets an answer: nothing else reaches the host while it hangs, the breaker opens again (longer) when it times out, and the host's pages all arrive once it recovers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontierBackends } from '../support/frontier-backends';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const THRESHOLD = 3;
const COOLDOWN_MS = 200;
const TIMEOUT_MS = 400;
const PAGES = 6;

const backends = frontierBackends();
afterAll(() => backends.stop());

describe.each(backends.backends)('a half-open probe that times out (%s frontier)', (_name, frontierSettings) => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('breaker-probe-timeout');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [host] = servers;
    host.route('/p/:n', (_req, res, ctx) => {
      if (ctx.record.seq < THRESHOLD) return void res.writeHead(429, { 'content-type': 'text/plain' }).end('slow down');
      if (ctx.record.seq === THRESHOLD) return; // the probe: never answered, the crawler's timeout cuts it
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
    });
    result = await crawlInProcess(new UrlListSpider(Array.from({ length: PAGES }, (_, n) => host.url(`/p/${n}`))), storage.dir, {
      frontier: { ...(await frontierSettings()), pollMs: 20 },
      // Two at a time: a second probe could go beside the hanging one if the breaker let it.
      politeness: { minIntervalMs: 20, jitterMs: 0, maxConcurrencyPerHost: 2 },
      http: { timeoutMs: TIMEOUT_MS, connectTimeoutMs: 200 },
      retry: { maxAttempts: 5, maxDeferrals: 20, backoffBaseMs: 5, backoffCapMs: 20 },
      breaker: { threshold: THRESHOLD, cooldownMs: COOLDOWN_MS, cooldownMultiplier: 2, maxCooldownMs: 2_000 },
      pipeline: { batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false },
    });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('every page ends stored, the timed-out probe retried', () => {
    expect(result.summary).toMatchObject({ balanced: true });
    expect(result.summary.ledger).toMatchObject({ planned: PAGES, succeeded: PAGES, failed: 0, pending: 0 });
  });

  it('nothing reaches the host while the probe hangs, and the next request waits the longer cooldown after its timeout', () => {
    const requests = servers[0].requests;
    const seen = JSON.stringify(requests.map((r) => [r.path, r.arrivedAtPerfMs.toFixed(1), r.closedAtPerfMs?.toFixed(1), r.outcome]));
    const probe = requests[THRESHOLD];
    expect(probe.outcome, seen).toBe('aborted');
    const next = requests[THRESHOLD + 1];
    expect(next, seen).toBeDefined();
    expect(next.arrivedAtPerfMs, seen).toBeGreaterThanOrEqual(probe.closedAtPerfMs!);
    // The probe was cut at least its timeout after it went, and the breaker, open again, waits its cooldown
    // (doubled by the failed probe) from then: a margin of a whole cooldown below what must hold. Each gap as
    // long as it could have been (a stamp the server's busy loop made late shortens the gap after it).
    expect(next.arrivedAtPerfMs - probe.arrivedAtPerfMs + probe.stampSlackMs, seen).toBeGreaterThanOrEqual(TIMEOUT_MS + COOLDOWN_MS);
    // The probe went a cooldown after the breaker opened on the third 429's answer.
    const third = requests[THRESHOLD - 1];
    expect(probe.arrivedAtPerfMs - third.arrivedAtPerfMs + third.stampSlackMs, seen).toBeGreaterThanOrEqual(COOLDOWN_MS);
  });
});
