// Every planned request is accounted for under a seeded mix of faults and kills: planned = succeeded +
// failed (by reason) + pending, per host and in total, with the ledger, the stored items, the summary, the
// exit code, `runs` and `report` agreeing. FAULT_SWEEP=<n> runs n more seeds (for probing, not for CI).
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccounting } from '../support/accounting-check';
import { FAULT_CRAWL_SETTINGS, seededRandom } from '../support/fault-plan';
import { startFaultSite, type FaultSite } from '../support/fault-site';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { childTracker, cli, runRecordsJson, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER_FILE = 'test/support/spiders/fault-spider.ts';
const KILL_AT = resolve(import.meta.dirname, '../support/kill-at.mjs');
const FIXED_SEEDS = [11, 23];
const SWEEP = Number(process.env.FAULT_SWEEP ?? 0);
const seeds = (base: number[]) => [...base, ...Array.from({ length: SWEEP }, (_, i) => 1000 + i)];

const children = childTracker();
afterAll(() => children.killAll());

function crawlArgs(site: FaultSite, dir: string, extra: string[] = []): string[] {
  const a = Object.entries(site.spiderArgs).flatMap(([k, v]) => ['-a', `${k}=${v}`]);
  const s = {
    'politeness.minIntervalMs': 2, 'politeness.jitterMs': 0,
    'retry.maxAttempts': FAULT_CRAWL_SETTINGS.maxAttempts, 'retry.maxDeferrals': FAULT_CRAWL_SETTINGS.maxDeferrals,
    'retry.backoffBaseMs': 1, 'retry.backoffCapMs': 5, 'http.timeoutMs': FAULT_CRAWL_SETTINGS.timeoutMs,
    'breaker.cooldownMs': 20, 'breaker.maxCooldownMs': 100, 'pipeline.batchMaxAgeMs': 10, 'frontier.addBatchSize': 3,
    'log.format': 'json', 'log.statsIntervalMs': 0,
  };
  return ['crawl', SPIDER_FILE, ...a, '--storage', dir, ...Object.entries(s).flatMap(([k, v]) => ['-s', `${k}=${v}`]), ...extra];
}

function run(args: string[], killAt?: string): Promise<CliRun> {
  const env = killAt ? { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${KILL_AT}`, KILL_AT: killAt } : process.env;
  return cli(args, { env, onStart: children.track });
}

/** The run id the crawl printed (its summary line), or that its JSON log named. */
function runIdOf(output: string): string {
  const id = /"runId":"([^"]+)"/.exec(output)?.[1] ?? /run (\S+) of spider/.exec(output)?.[1];
  if (!id) throw new Error(`no run id in:\n${output.slice(0, 2000)}`);
  return id;
}

describe.each(seeds(FIXED_SEEDS))('seed %i: a crawl through the fault mix', { timeout: 60_000 }, (seed) => {
  let site: FaultSite;
  const storage = tempStorageDir(`faults-${seed}`);
  beforeAll(async () => {
    site = await startFaultSite(seed);
  });
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('ends with every planned request accounted for on every surface', async () => {
    const ended = await run(crawlArgs(site, storage.dir));
    await checkAccounting({ site, dir: storage.dir, frontierUrl: '', runId: runIdOf(ended.stdout), ended, all: [ended] }, `seed ${seed}`);
  });
});

/**
 * Where a crawl is killed (kill-at.mjs), the count picked by the seed: during seeding (a batch of the
 * start requests being inserted), mid-batch (a response head in), between an item batch's commit and its
 * requests' acks, and in the end-of-run save (the price history step; the run record's end).
 */
const KILL_POINTS: Record<string, (random: () => number) => string> = {
  seeding: (random) => `sql:before:${2 + Math.floor(random() * 6)}:frontier.sqlite:INSERT INTO requests`,
  'mid-batch': (random) => `heads:${8 + Math.floor(random() * 30)}`,
  'item commit before ack': (random) => `sql:after:${1 + Math.floor(random() * 6)}:items.sqlite:^COMMIT$`,
  'end: price history': () => 'sql:before:1:items.sqlite:INSERT OR IGNORE INTO price_changes',
  // The frontier has called the run finished: nothing is left to resume, so every surface must already be whole.
  'end: frontier finished': () => 'sql:after:1:frontier.sqlite:^UPDATE runs SET finished_at',
};
/** Kill points after which the run is over: no --resume follows (one would start a new run). */
const OVER = new Set(['end: frontier finished']);
const SQLITE_KILLS: Array<[string, number]> = [['seeding', 37], ['mid-batch', 41], ['item commit before ack', 53], ['end: price history', 59], ['end: frontier finished', 67]];

describe.each(SQLITE_KILLS.flatMap(([point, seed]) => [[point, seed], ...Array.from({ length: SWEEP }, (_, i): [string, number] => [point, 2000 + i])]))(
  'SQLite frontier: kill -9 at %s (seed %i), then --resume',
  { timeout: 60_000 },
  (point, seed) => {
    let site: FaultSite;
    const storage = tempStorageDir(`faults-kill-${seed}`);
    beforeAll(async () => {
      site = await startFaultSite(seed, { productsPerHost: 12 });
    });
    afterAll(async () => {
      await site.close();
      storage.cleanup();
    });

    it('loses nothing, counts nothing twice and ends as a clean run would', async () => {
      const killAt = KILL_POINTS[point](seededRandom(seed));
      const killed = await run(crawlArgs(site, storage.dir), killAt);
      expect(killed.signal, `${killAt}\n${killed.stderr.slice(-2000)}`).toBe('SIGKILL');
      const resumed = OVER.has(point) ? null : await run(crawlArgs(site, storage.dir, ['--resume']));
      // The resume continued the killed run: one run on record, not a fresh one that fetched it all again.
      const runIds = (await runRecordsJson(['--storage', storage.dir])).map((r) => r.runId);
      expect(runIds, killAt).toHaveLength(1);
      if (resumed) expect(runIdOf(resumed.stdout)).toBe(runIds[0]);
      await checkAccounting({ site, dir: storage.dir, frontierUrl: '', runId: runIds[0], ended: resumed, all: resumed ? [killed, resumed] : [killed] }, `seed ${seed}, ${killAt}`);
    });
  },
);

/** Where the second worker of a Redis run kills itself: a response head in, or an item batch durable before its acks. */
const WORKER_KILLS: Array<[string, number]> = [['mid-batch', 71], ['item commit before ack', 73]];

describe('Redis frontier, two workers, one killed with kill -9', { timeout: 60_000 }, () => {
  let redis: RedisTestServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it.each(WORKER_KILLS.flatMap(([point, seed]) => [[point, seed], ...Array.from({ length: SWEEP }, (_, i): [string, number] => [point, 3000 + i])]))(
    'at %s (seed %i): the other finishes the run, nothing lost or counted twice',
    async (point, seed) => {
      const site = await startFaultSite(seed, { productsPerHost: 12 });
      const storage = tempStorageDir(`faults-redis-${seed}`);
      try {
        const runId = `faults-${seed}`;
        const shared = ['--frontier', redis.url, '--run', runId, '-s', 'frontier.leaseTtlMs=1000', '-s', 'frontier.pollMs=50'];
        const killAt = point === 'mid-batch' ? `heads:${2 + Math.floor(seededRandom(seed)() * 6)}` : `sql:after:${1 + Math.floor(seededRandom(seed)() * 2)}:items.sqlite:^COMMIT$`;
        const workerArgs = ['worker', ...crawlArgs(site, storage.dir, shared).slice(1)];
        const [killed, ended] = await Promise.all([run(workerArgs, killAt), run(crawlArgs(site, storage.dir, shared))]);
        expect(killed.signal, `${killAt}\n${killed.stderr.slice(-2000)}`).toBe('SIGKILL');
        await checkAccounting({ site, dir: storage.dir, frontierUrl: redis.url, runId, ended, all: [killed, ended] }, `seed ${seed}, worker ${killAt}`);
        const client = new Redis(redis.url);
        try {
          // No lease left behind in the run's keys (a lease that never expires would keep any later worker waiting).
          expect(await client.zcard(`pricecrawl:{${runId}}:leases`)).toBe(0);
        } finally {
          client.disconnect();
        }
      } finally {
        await site.close();
        storage.cleanup();
      }
    },
  );
});
