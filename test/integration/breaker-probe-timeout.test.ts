// The breaker's half-open probe that never gets an answer: nothing else reaches the host while it hangs, the breaker opens again (longer) when it times out, and the host's pages all arrive once it recovers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontierBackends } from '../support/frontier-backends';
import type { CrawlObserver } from '../../src/app/crawl/run-observers';
import { closeFixtureServers, startFixtureServers, type FixtureServer, type RecordedRequest } from '../support/fixture-server';
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
  let throttledSoFar = 0;
  let opened = false;
  let probeSeq: number | null = null;
  const beforeOpening: RecordedRequest[] = [];

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [host] = servers;
    // The probe is the first request after the crawler opened the breaker (it says so on the run's bus), not
    // the fourth to arrive: at a concurrency of two the fourth may go beside the third 429, before the crawler
    // has it, and is answered (the race after the crawler has it: test/engine/send-held-for-answer.test.ts).
    host.route('/p/:n', (_req, res, ctx) => {
      if (throttledSoFar < THRESHOLD) {
        throttledSoFar++;
        return void res.writeHead(429, { 'content-type': 'text/plain' }).end('slow down');
      }
      if (opened && probeSeq === null) return void (probeSeq = ctx.record.seq); // never answered, the crawler's timeout cuts it
      if (!opened) beforeOpening.push(ctx.record);
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
    });
    const opening: CrawlObserver = { name: 'breaker-opening', register: (events) => events.on('breaker.opened', () => void (opened = true)) };
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
    }, { observers: [opening] });
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
    expect(probeSeq, seen).not.toBeNull();
    const probe = requests[probeSeq!];
    expect(probe.outcome, seen).toBe('aborted');
    const next = requests[probeSeq! + 1];
    expect(next, seen).toBeDefined();
    expect(next.arrivedAtPerfMs, seen).toBeGreaterThanOrEqual(probe.closedAtPerfMs!);
    // The probe was cut at least its timeout after it went, and the breaker, open again, waits its cooldown
    // (doubled by the failed probe) from then: a margin of a whole cooldown below what must hold. Each gap as
    // long as it could have been (a stamp the server's busy loop made late shortens the gap after it).
    expect(next.arrivedAtPerfMs - probe.arrivedAtPerfMs + probe.stampSlackMs, seen).toBeGreaterThanOrEqual(TIMEOUT_MS + COOLDOWN_MS);
    // The probe went a cooldown after the breaker opened on the third 429's answer.
    const third = requests.filter((r) => r.seq < probe.seq && !beforeOpening.includes(r)).at(-1)!;
    expect(probe.arrivedAtPerfMs - third.arrivedAtPerfMs + third.stampSlackMs, seen).toBeGreaterThanOrEqual(COOLDOWN_MS);
  });
});
