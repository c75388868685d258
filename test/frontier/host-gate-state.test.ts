// A host gate reopened on the same run starts where its hosts were: throttle interval, Crawl-delay, pause and breaker (SQLite and Redis).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { HostGate } from '../../src/ports/host-gate';
import { breakerOptionsFromSettings, type BreakerOptions } from '../../src/politeness/breaker-board';
import { settingsSchema } from '../../src/settings/schema';
import { readRunStatus } from '../../storage/redis/redis-status';
import { startRedisServerWithClient, type RedisTestServerWithClient } from '../support/redis-server';
import { expectLease, openFrontier, openRedisWorker, req, tempDir } from './frontier-fixture';
import { AdaptiveThrottleMiddleware } from '../../middlewares/adaptive-throttle';
import { CrawlResponse } from '../../src/core/response';
import type { MiddlewareContext } from '../../src/downloader/middleware';
import { Stats } from '../../src/engine/stats';
import { UrlListSpider } from '../support/spiders/url-list-spider';

const defaults = settingsSchema.parse({});
const { threshold, cooldownMs } = defaults.breaker;

/** Puts one host in each state a gate must not forget, through the gate's own calls. */
function shape(gate: HostGate, nowMs: number): void {
  gate.setThrottleMs('throttled.test', 400);
  gate.setCrawlDelayMs('delayed.test', 'http://delayed.test', 700);
  gate.pause('waiting.test', nowMs + 60_000, 'retry-after');
  const breaker = gate.breaker('broken.test');
  for (let i = 0; i < threshold; i++) breaker.onThrottle(nowMs, `r${i}`, null);
  expect(breaker.state).toBe('open');
}

describe('host gate state over a resume: embedded frontier', () => {
  it('restores the throttle interval, Crawl-delay, pause and open breaker, and the frontier obeys them', async () => {
    const tmp = tempDir();
    try {
      const first = openFrontier(tmp.dir);
      const startMs = first.clock.nowMs();
      shape(first.frontier.gate, startMs);
      const runId = first.frontier.runId;
      await first.frontier.close();

      const { frontier, clock } = openFrontier(tmp.dir, {}, { runId });
      clock.set(startMs);
      const { gate } = frontier;
      expect(gate.throttleMs('throttled.test')).toBe(400);
      expect(gate.breaker('broken.test').state).toBe('open');
      const views = Object.fromEntries(gate.snapshot(startMs).map((v) => [v.hostKey, v]));
      expect(views['throttled.test']).toMatchObject({ intervalMs: 400, intervalCause: 'throttle' });
      expect(views['delayed.test']).toMatchObject({ intervalMs: 700, intervalCause: 'crawl-delay' });
      expect(views['waiting.test']).toMatchObject({ pausedUntilMs: startMs + 60_000, pauseCause: 'retry-after' });
      expect(views['broken.test']).toMatchObject({ breaker: 'open', pausedUntilMs: startMs + cooldownMs, pauseCause: 'breaker' });

      await frontier.add(['throttled', 'delayed', 'waiting', 'broken'].flatMap((host) => [req(`http://${host}.test/1`), req(`http://${host}.test/2`)]));
      const leased: string[] = [];
      const take = async (nowMs: number) => {
        for (let pick = frontier.next(nowMs); pick.type === 'lease'; pick = frontier.next(nowMs)) {
          leased.push(pick.lease.request.url);
          pick.lease.markSent();
          pick.lease.releaseSlot();
          await frontier.markHandled(pick.lease.request, 200);
        }
      };
      await take(startMs);
      // Paused and open hosts send nothing; the others once, then at their restored intervals.
      expect(leased.sort()).toEqual(['http://delayed.test/1', 'http://throttled.test/1']);
      await take(startMs + 399);
      expect(leased).toHaveLength(2);
      await take(startMs + 400);
      expect(leased).toContain('http://throttled.test/2');
      await take(startMs + 699);
      expect(leased).not.toContain('http://delayed.test/2');
      await take(startMs + 700);
      expect(leased).toContain('http://delayed.test/2');
      await take(startMs + cooldownMs - 1);
      expect(leased.some((url) => url.includes('broken') || url.includes('waiting'))).toBe(false);
      // The open period ends: the breaker's probe goes (one request), the paused host still waits.
      clock.set(startMs + cooldownMs);
      const probe = expectLease(frontier.next(startMs + cooldownMs));
      expect(probe.hostKey).toBe('broken.test');
      expect(gate.breaker('broken.test').gate(startMs + cooldownMs, probe.request.id!).gate).toEqual({ type: 'pass', probe: true });
      probe.releaseSlot();
      await frontier.markHandled(probe.request, 200);
      await frontier.close();
    } finally {
      tmp.cleanup();
    }
  });

  it('the adaptive throttle of a resumed run goes on from the interval the host had, not from the configured one', async () => {
    const tmp = tempDir();
    try {
      const first = openFrontier(tmp.dir, { minIntervalMs: 100 });
      first.frontier.gate.setThrottleMs('shop.test', 400);
      const runId = first.frontier.runId;
      await first.frontier.close();

      const { frontier } = openFrontier(tmp.dir, { minIntervalMs: 100 }, { runId });
      const config = { ...defaults.throttle.adaptive, enabled: true, decreaseStepMs: 50, successesPerDecrease: 1 };
      const throttle = new AdaptiveThrottleMiddleware({ config, gate: frontier.gate });
      const ctx: MiddlewareContext = { spider: new UrlListSpider([]), settings: defaults, log: pino({ level: 'silent' }), stats: new Stats(), hostKey: 'shop.test', nowMs: () => 1_000, schedule: () => undefined };
      const request = req('http://shop.test/p');
      throttle.processRequest!(request, ctx);
      const fast = new CrawlResponse({ request, url: request.url, status: 200, headers: {}, body: Buffer.from('ok'), text: 'ok', encoding: 'utf-8', timings: { startedAtMs: 1_000, finishedAtMs: 1_010 } });
      throttle.processResponse!(request, fast, ctx);
      // One fast success takes one step off the kept 400 ms (from the configured 100 it would stay at the floor).
      expect(frontier.gate.snapshot(0).find((v) => v.hostKey === 'shop.test')).toMatchObject({ intervalMs: 350, intervalCause: 'throttle' });
      await frontier.close();
    } finally {
      tmp.cleanup();
    }
  });

  it('writes nothing on the hot path: picks and sends leave the gate table alone', async () => {
    const tmp = tempDir();
    try {
      const { frontier, clock } = openFrontier(tmp.dir, { minIntervalMs: 10 });
      await frontier.add([req('http://a.test/1'), req('http://a.test/2')]);
      for (const atMs of [clock.nowMs(), clock.nowMs() + 10]) {
        const lease = expectLease(frontier.next(atMs));
        lease.markSent();
        lease.releaseSlot();
        await frontier.markHandled(lease.request, 200);
      }
      const runId = frontier.runId;
      await frontier.close();
      const reopened = openFrontier(tmp.dir, { minIntervalMs: 10 }, { runId });
      expect(reopened.frontier.gate.snapshot(0)).toEqual([]);
      await reopened.frontier.close();
    } finally {
      tmp.cleanup();
    }
  });
});

describe('host gate state over a resume: Redis frontier', () => {
  let started: RedisTestServerWithClient;
  beforeAll(async () => {
    started = await startRedisServerWithClient();
  });
  afterAll(() => started.stop());

  const open = (runId: string, breaker?: BreakerOptions) => openRedisWorker(started.server.url, runId, { policy: { maxConcurrency: 1, minIntervalMs: 50, jitterMs: 0 }, leaseTtlMs: 400, breaker });

  it('a worker opening the run again starts from the kept throttle interval and breaker; Redis keeps Crawl-delay and pause for every worker', async () => {
    const first = await open('gate-resume');
    await first.add(['throttled', 'delayed', 'waiting', 'broken'].map((host) => req(`http://${host}.test/1`)));
    const startMs = Date.now();
    shape(first.gate, startMs);
    await first.status(); // the writes went before it on the same connection
    await first.close(); // withdraws its throttle view, as a graceful exit does

    const second = await open('gate-resume');
    expect(second.resumed).toBe(true);
    expect(second.gate.throttleMs('throttled.test')).toBe(400);
    expect(second.gate.breaker('broken.test').state).toBe('open');
    const status = await readRunStatus(started.client, 'gate-resume');
    expect(status.byHost['delayed.test']).toMatchObject({ intervalMs: 700, intervalCause: 'crawl-delay', crawlDelayMs: 700 });
    expect(status.byHost['waiting.test']).toMatchObject({ pauseCause: 'retry-after' });
    expect(status.byHost['waiting.test'].pausedForMs).toBeGreaterThan(50_000);
    expect(status.byHost['broken.test']).toMatchObject({ breaker: 'open', pauseCause: 'breaker' });
    // In force for every pick from the open on, before the throttle middleware first sees the host (before:
    // the configured 50 ms until then, and the resume's first slot was reserved at it).
    expect(status.byHost['throttled.test']).toMatchObject({ intervalMs: 400, intervalCause: 'throttle' });
    await second.close();
  });

  it('a breaker one worker opens holds the other workers, who wait for its probe and close with it', async () => {
    // b adopts a's half-open breaker as open until its own clock's now, so the look at b's open period after a's
    // probe waits for the cooldown to pass in real time: a short one of the test's (the default's 30 s were all
    // of this test's time), as a spider's settings would set it.
    const cooldownMs = 1_000;
    const breaker = { ...breakerOptionsFromSettings(defaults), config: { ...defaults.breaker, cooldownMs } };
    const a = await open('gate-breakers', breaker);
    const b = await open('gate-breakers', breaker);
    const host = 'storm.test';
    const nowMs = Date.now();
    for (let i = 0; i < threshold; i++) a.gate.breaker(host).onThrottle(nowMs, `r${i}`, null);
    // Each heartbeat (a third of the lease TTL here) adopts the other workers' breakers.
    await until(() => b.gate.breaker(host).state === 'open');
    expect(b.gate.breaker(host).gate(nowMs + cooldownMs - 1, 'x').gate).toEqual({ type: 'wait', untilMs: nowMs + cooldownMs, pauseHost: true });
    // a's probe goes: b waits for its answer instead of probing too.
    expect(a.gate.breaker(host).gate(nowMs + cooldownMs, 'probe').gate).toEqual({ type: 'pass', probe: true });
    await until(() => b.gate.breaker(host).openUntil > nowMs + cooldownMs);
    expect(b.gate.breaker(host).gate(nowMs + cooldownMs, 'y').gate.type).toBe('wait');
    a.gate.breaker(host).onSuccess('probe');
    await until(() => b.gate.breaker(host).state === 'closed');
    await a.close();
    await b.close();
  });
});

/** Waits for another worker's heartbeat to bring a change over (a condition, looked at every 20 ms). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
