// What a page costs the Redis frontier in commands (INFO commandstats counts every command a script runs),
// and the steps the leaner scripts skip reading or re-scoring still keeping each host's gate and the ledger.
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import type { Lease } from '../../src/ports/frontier';
import { settingsSchema } from '../../src/settings/schema';
import { RedisFrontier } from '../../storage/redis/redis-frontier';
import { startRedisServerWithClient, type RedisTestServer, type RedisTestServerWithClient } from '../support/redis-server';

const defaults = settingsSchema.parse({});

/** Hosts on port 1 allow one request at a time, every other host four; none has an interval. */
function open(redis: RedisTestServer): Promise<RedisFrontier> {
  const policyFor = (host: string) => ({ maxConcurrency: host.endsWith(':1') ? 1 : 4, minIntervalMs: 0, jitterMs: 0 });
  return RedisFrontier.open({
    url: redis.url, spider: 'commands', runId: 'new', join: false, seeding: false, hostKeyOf: (u) => new URL(u).host, policyFor,
    // A long lease: no heartbeat runs inside a test, so the counts are the steps' own.
    settings: { ...defaults.frontier, leaseTtlMs: 60_000, pollMs: 20 }, log: pino({ level: 'silent' }),
  });
}

/** Commands the server ran so far, leaving out the INFO calls that read them. */
async function commands(client: Redis): Promise<number> {
  let total = 0;
  for (const m of (await client.info('commandstats')).matchAll(/^cmdstat_([a-z|_-]+):calls=(\d+)/gm)) if (m[1] !== 'info') total += Number(m[2]);
  return total;
}

/** The turn after this one: a batch queued now has gone out by then. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function lease(frontier: RedisFrontier): Promise<Lease> {
  const pick = await frontier.next(Date.now());
  if (pick.type !== 'lease') throw new Error(`expected a lease, got ${pick.type}`);
  return pick.lease;
}

describe('RedisFrontier commands per page', () => {
  let started: RedisTestServerWithClient;
  beforeAll(async () => {
    started = await startRedisServerWithClient();
  });
  afterAll(() => started.stop());

  async function withFrontier(run: (frontier: RedisFrontier) => Promise<void>): Promise<void> {
    const frontier = await open(started.server);
    try {
      await run(frontier);
    } finally {
      await frontier.close();
    }
  }

  /** Two requests queued on the one-at-a-time host, the first leased and sent. */
  async function firstOfTwoSent(frontier: RedisFrontier): Promise<Lease> {
    await frontier.add(['a', 'b'].map((p) => new CrawlRequest({ url: `http://127.0.0.1:1/${p}` })));
    const first = await lease(frontier);
    first.markSent();
    return first;
  }

  // 51.5: one write per pick more than before, the lease's fencing token kept beside the request's attempt count
  // (lease_fence in lua-ops.ts), so a take-over's token stays above the stale lease's whatever Redis' clock does.
  // 52.5: one read per settle more, that token checked (own_lease in lua-prelude.ts), so a lease held across a
  // restart from an older snapshot never settles the request that took its id.
  // 53.5: the token checked by the send and the release too (slot_of), so such a lease's slot ends never free the
  // slot of the request that took its id; the settle's holder read goes (the token names the holder): one more.
  it("costs a page's pick, send, release and settle at most 53.5 commands, its add at most 9 (were 65 and 13)", () =>
    withFrontier(async (frontier) => {
      const pages = 8;
      const before = await commands(started.client);
      await frontier.add(Array.from({ length: pages }, (_, i) => new CrawlRequest({ url: `http://127.0.0.1:1/p/${i}` })));
      const added = await commands(started.client);
      for (let i = 0; i < pages; i++) {
        // Each step in its own batch, as when the answer and the durable ack come in later turns. The count
      // moves by a fraction with the clock (a send in its reservation's millisecond writes nothing).
        const taken = await lease(frontier);
        taken.markSent();
        await nextTurn();
        taken.releaseSlot();
        await nextTurn();
        await frontier.markHandled(taken.request, 200);
      }
      const done = await commands(started.client);
      expect(await frontier.summary()).toMatchObject({ planned: pages, succeeded: pages, pending: 0 });
      expect((added - before) / pages).toBeLessThanOrEqual(9);
      expect((done - added) / pages).toBeLessThanOrEqual(53.5);
      // The throughput buckets still expire (their expiry is now set once, by the write that makes them).
      const buckets = await started.client.keys(`pricecrawl:{${frontier.runId}}:tp:*`);
      expect(buckets.length).toBeGreaterThan(0);
      for (const bucket of buckets) expect(await started.client.pttl(bucket)).toBeGreaterThan(0);
    }));

  it('numbers a batch of adds in order, skips its duplicates and counts planned per host', () =>
    withFrontier(async (frontier) => {
      const urls = ['http://127.0.0.1:1/a', 'http://127.0.0.1:2/a', 'http://127.0.0.1:1/a', 'http://127.0.0.1:1/b', 'http://127.0.0.1:2/a'];
      const requests = urls.map((url) => new CrawlRequest({ url }));
      expect(await frontier.add(requests)).toEqual({ added: 3, duplicates: 2 });
      expect(requests.map((r) => r.id)).toEqual(['1', '2', null, '3', null]);
      const more = [new CrawlRequest({ url: 'http://127.0.0.1:2/b' })];
      await frontier.add(more);
      expect(more[0].id).toBe('4');
      const ledger = await started.client.hgetall(`pricecrawl:{${frontier.runId}}:ledger`);
      expect(ledger).toMatchObject({ planned: '4', 'h:127.0.0.1:1:planned': '2', 'h:127.0.0.1:2:planned': '2' });
    }));

  it("frees a one-at-a-time host at once when a request is settled without its release (it failed before an answer)", () =>
    withFrontier(async (frontier) => {
      const first = await firstOfTwoSent(frontier);
      await frontier.fail(first.request, 'network/reset', null);
      // The slot was still held: the settle frees it and the host is due now, not after the cap's recheck.
      const second = await lease(frontier);
      expect(second.request.url).toBe('http://127.0.0.1:1/b');
      second.releaseSlot();
      await frontier.markHandled(second.request, 200);
      expect(await frontier.summary()).toMatchObject({ planned: 2, succeeded: 1, failed: 1, pending: 0 });
    }));

  it('keeps a one-at-a-time host closed from send to release, and due again at once after it', () =>
    withFrontier(async (frontier) => {
      const first = await firstOfTwoSent(frontier);
      await nextTurn();
      const held = await frontier.next(Date.now());
      expect(held.type).toBe('wait');
      first.releaseSlot();
      await nextTurn();
      // Settled in a later turn than its release: the host is due already.
      const second = await lease(frontier);
      expect(second.request.url).toBe('http://127.0.0.1:1/b');
      await frontier.markHandled(first.request, 200);
      second.markSent();
      second.releaseSlot();
      await frontier.markHandled(second.request, 200);
      expect(await frontier.summary()).toMatchObject({ planned: 2, succeeded: 2, pending: 0 });
    }));
});
