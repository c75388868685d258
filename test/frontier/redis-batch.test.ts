// Batched calls on the Redis frontier: one script call per turn, the same ledger, and nothing lost to a kill -9 between queueing and sending.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import type { Lease } from '../../src/ports/frontier';
import { RedisFrontier } from '../../storage/redis/redis-frontier';
import { settingsSchema } from '../../src/settings/schema';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';

/** The killed worker's leases: short, so the request it never settled comes back soon. */
const LEASE_TTL_MS = 300;
/**
 * The test's own workers: a heartbeat (a third of the TTL) renews leases and publishes the gate's views, each a
 * script call of its own. With 300 ms, one landed inside a counted turn once the machine was slow enough
 * (100 ms between two counts), and the turn counted 3 calls or more.
 */
const WORKER_LEASE_TTL_MS = 60_000;

/** Hosts on ports 1 and 2 have an interval; every other host none. */
function open(redis: RedisTestServer, runId: string, join: boolean): Promise<RedisFrontier> {
  const policyFor = (host: string) => ({ maxConcurrency: 8, minIntervalMs: /:[12]$/.test(host) ? 50 : 0, jitterMs: 0 });
  return RedisFrontier.open({
    url: redis.url, spider: 'ack-and-die', runId, join, seeding: false, hostKeyOf: (u) => new URL(u).host, policyFor,
    settings: { ...settingsSchema.parse({}).frontier, leaseTtlMs: WORKER_LEASE_TTL_MS, pollMs: 20 }, log: pino({ level: 'silent' }),
  });
}

/** The next lease, following `wait` answers as the engine does (an awaited timer, not a guess). */
async function take(frontier: RedisFrontier): Promise<Lease | null> {
  for (;;) {
    const pick = await frontier.next(Date.now());
    if (pick.type === 'lease') return pick.lease;
    if (pick.type === 'empty') return null;
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, pick.atMs - Date.now())));
  }
}

describe('RedisFrontier batches', () => {
  let redis: RedisTestServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('keeps the request whose settle was queued but never sent: it is re-leased, the acked one stays settled', async () => {
    const child = spawn(process.execPath, ['bin/run-ts.js', 'test/frontier/fixtures/redis-ack-and-die.ts', redis.url, String(LEASE_TTL_MS)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(child, 'exit');
    const lines = createInterface({ input: child.stdout });
    const [line] = (await once(lines, 'line')) as [string];
    const { runId } = JSON.parse(line) as { runId: string };
    const [, signal] = (await exited) as [number | null, string | null];
    expect(signal).toBe('SIGKILL');

    const frontier = await open(redis, runId, true);
    // The acknowledged settle is in Redis; the queued one never left the dead worker.
    expect(await frontier.summary()).toMatchObject({ planned: 2, succeeded: 1, pending: 1 });
    // Leased by the dead worker until its lease expires (Redis' clock): taken once it has.
    const lease = await take(frontier);
    expect(lease?.request.url).toBe('http://127.0.0.1:9/queued');
    lease!.releaseSlot();
    await frontier.markHandled(lease!.request, 200);
    expect(await frontier.summary()).toMatchObject({ planned: 2, succeeded: 2, pending: 0, reclaimed: 1 });
    await frontier.close();
  });

  it('runs one turn\'s picks in one script call and its settles in another, with the ledger of one-by-one settles', async () => {
    const frontier = await open(redis, 'new', false);
    await frontier.add(['a', 'b', 'c', 'd', 'e'].map((p) => new CrawlRequest({ url: `http://127.0.0.1:9/${p}` })));
    const client = new Redis(redis.url);
    // A script's first call on a connection may be an EVAL (ioredis loads it so): both count.
    const scriptCalls = async () => [...(await client.info('commandstats')).matchAll(/^cmdstat_eval(?:sha)?:calls=(\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    const before = await scriptCalls();
    const leases = [];
    for (let i = 0; i < 5; i++) leases.push((await take(frontier))!);
    expect(await scriptCalls()).toBe(before + 1); // one pick of up to frontier.pickBatch, cap 8 per host here
    for (const lease of leases) lease.releaseSlot();
    const [a, b, c, d, e] = leases.sort((x, y) => x.request.url.localeCompare(y.request.url));
    await Promise.all([
      frontier.markHandled(a.request, 200), frontier.markHandled(b.request, 200), frontier.markHandled(c.request, null),
      frontier.fail(d.request, 'http/404', 404), frontier.fail(e.request, 'parse/no-price', 200),
    ]);
    expect(await scriptCalls()).toBe(before + 2); // the five releases and five settles of one turn
    const summary = await frontier.summary();
    expect(summary).toMatchObject({ planned: 5, succeeded: 3, failed: 2, pending: 0, failedByReason: { 'http/404': 1, 'parse/no-price': 1 }, byStatus: { '200': 3, '404': 1 } });
    expect(summary.byHost['127.0.0.1:9']).toMatchObject({ planned: 5, succeeded: 3, failed: 2, pending: 0 });
    client.disconnect();
    await frontier.close();
  });

  it('hands out a host with an interval only as a batch\'s first lease: it never waits in the worker behind another', async () => {
    const frontier = await open(redis, 'new', false);
    const client = new Redis(redis.url);
    const scriptCalls = async () => [...(await client.info('commandstats')).matchAll(/^cmdstat_eval(?:sha)?:calls=(\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    // Equal scores: the host index orders them by name, :1 and :2 (spaced) before :3.
    await frontier.add(['1/a', '2/a', '3/a', '3/b', '3/c'].map((p) => new CrawlRequest({ url: `http://127.0.0.1:${p}` })));
    const before = await scriptCalls();
    const hosts: string[] = [];
    for (let i = 0; i < 5; i++) hosts.push((await take(frontier))!.hostKey);
    // The first batch stops at the second spaced host; the second takes it and then the unspaced ones.
    expect(hosts).toEqual(['127.0.0.1:1', '127.0.0.1:2', '127.0.0.1:3', '127.0.0.1:3', '127.0.0.1:3']);
    expect(await scriptCalls()).toBe(before + 2);
    client.disconnect();
    await frontier.close();
  });
});
