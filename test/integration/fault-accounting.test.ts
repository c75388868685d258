// Every planned request is accounted for under a seeded mix of faults and kills: planned = succeeded +
// failed (by reason) + pending, per host and in total, with the ledger, the stored items, the summary, the
// exit code, `runs` and `report` agreeing. FAULT_SWEEP=<n> runs n more seeds (for probing, not for CI).
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccounting } from '../support/accounting-check';
import { FAULT_CRAWL_SETTINGS, seededRandom } from '../support/fault-plan';
import { startFaultSite, type FaultSite } from '../support/fault-site';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { openRunRecords } from '../../storage/open-backends';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER_FILE = 'test/support/spiders/fault-spider.ts';
const KILL_AT = resolve(import.meta.dirname, '../support/kill-at.mjs');
const SWEEP = Number(process.env.FAULT_SWEEP ?? 0);

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

/**
 * Where a crawl is killed (kill-at.mjs), the count picked by the seed: during seeding (a batch of the
 * start requests being inserted), mid-batch (a response head in), between an item batch's commit and its
 * requests' acks, and in the end-of-run save (the price history step; after the frontier called it finished).
 */
const KILL_POINTS: Record<string, (random: () => number) => string> = {
  seeding: (random) => `sql:before:${2 + Math.floor(random() * 6)}:frontier.sqlite:INSERT INTO requests`,
  // The run's row written, not one of its requests yet: --resume must plant every seed.
  'first seed flush': () => 'sql:before:1:frontier.sqlite:INSERT INTO requests',
  // The same, continued by a crawl naming the run (--run <id>) rather than --resume: its seeds must not double.
  'first seed flush, same --run': () => 'sql:before:1:frontier.sqlite:INSERT INTO requests',
  'mid-batch': (random) => `heads:${4 + Math.floor(random() * 20)}`,
  'item commit before ack': (random) => `sql:after:${1 + Math.floor(random() * 3)}:items.sqlite:^COMMIT$`,
  // Items in PostgreSQL: its batch committed (an ack follows only a durable batch), the frontier's ack not written yet.
  'item commit before ack (PostgreSQL)': (random) => `sql:before:${1 + Math.floor(random() * 3)}:frontier.sqlite:^UPDATE requests SET state = 'succeeded'`,
  // A request's failure written, the crawl gone before anything after it: --resume must count it failed once.
  'failure recorded': () => "sql:after:1:frontier.sqlite:^UPDATE requests SET state = 'failed'",
  // A retry's requeue written (attempt counted), its page never fetched again by this process.
  'retry requeued': (random) => `sql:after:${1 + Math.floor(random() * 2)}:frontier.sqlite:^UPDATE requests SET state = 'pending', not_before`,
  // Inside an item batch's transaction, before its commit: none of its items is durable, its requests stay leased.
  'item batch uncommitted': (random) => `sql:before:${1 + Math.floor(random() * 2)}:items.sqlite:INSERT INTO items \\(`,
  'end: price history': () => 'sql:before:1:items.sqlite:INSERT OR IGNORE INTO price_changes',
  // The frontier has called the run finished: nothing is left to resume, so every surface must already be whole.
  'end: frontier finished': () => 'sql:after:1:frontier.sqlite:^UPDATE runs SET finished_at',
};
/** Kill points after which the run is over: no --resume follows (one would start a new run). */
const OVER = new Set(['end: frontier finished']);

type Case = { frontier: 'sqlite' | 'redis'; point: string; seed: number };
/** One fixed seed per case; FAULT_SWEEP adds that many more seeds to every case. */
const FIXED: Case[] = [
  { frontier: 'sqlite', point: 'no kill', seed: 11 },
  { frontier: 'sqlite', point: 'seeding', seed: 37 },
  { frontier: 'sqlite', point: 'first seed flush', seed: 43 },
  { frontier: 'sqlite', point: 'first seed flush, same --run', seed: 47 },
  { frontier: 'sqlite', point: 'mid-batch', seed: 41 },
  { frontier: 'sqlite', point: 'item commit before ack', seed: 53 },
  { frontier: 'sqlite', point: 'item commit before ack (PostgreSQL)', seed: 61 },
  { frontier: 'sqlite', point: 'failure recorded', seed: 103 },
  { frontier: 'sqlite', point: 'retry requeued', seed: 83 },
  { frontier: 'sqlite', point: 'item batch uncommitted', seed: 89 },
  { frontier: 'sqlite', point: 'end: price history', seed: 59 },
  { frontier: 'sqlite', point: 'end: frontier finished', seed: 67 },
  // Two workers on Redis, the second one killed.
  { frontier: 'redis', point: 'mid-batch', seed: 71 },
  { frontier: 'redis', point: 'item commit before ack', seed: 73 },
  { frontier: 'redis', point: 'settle sent', seed: 97 },
];
const CASES = FIXED.flatMap((c, k) => [c, ...Array.from({ length: SWEEP }, (_, i) => ({ ...c, seed: 1000 * (k + 1) + i }))]);

let redis: RedisTestServer;
let pg: PostgresServer;
beforeAll(async () => {
  [redis, pg] = await Promise.all([startRedisServer(), startPostgres()]);
});
afterAll(async () => {
  await redis.stop();
  await pg.stop();
});

/** An embedded crawl, killed at `point` and resumed (unless the kill came after its end); its stores in PostgreSQL when the point says so. */
async function sqliteRun(site: FaultSite, dir: string, { point, seed }: Case): Promise<void> {
  if (point === 'no kill') {
    const ended = await run(crawlArgs(site, dir));
    return checkAccounting({ site, dir, frontierUrl: '', runId: runIdOf(ended.stdout), ended, all: [ended] }, `seed ${seed}`);
  }
  const storeUrl = point.endsWith('(PostgreSQL)') ? await pg.createDatabase(`faults_${seed}`) : undefined;
  const store = storeUrl ? ['--store', storeUrl] : [];
  const killAt = KILL_POINTS[point](seededRandom(seed));
  const killed = await run(crawlArgs(site, dir, store), killAt);
  expect(killed.signal, `${killAt}\n${killed.stderr.slice(-2000)}`).toBe('SIGKILL');
  const runIdsNow = async () => {
    const records = await openRunRecords({ dir, url: storeUrl });
    return (await records.list().finally(() => records.close())).map((r) => r.runId);
  };
  const continued = point.endsWith('same --run') ? ['--run', (await runIdsNow())[0]] : ['--resume'];
  const resumed = OVER.has(point) ? null : await run(crawlArgs(site, dir, [...store, ...continued]));
  // The resume continued the killed run: one run on record, not a fresh one that fetched it all again.
  const runIds = await runIdsNow();
  expect(runIds, killAt).toHaveLength(1);
  if (resumed) expect(runIdOf(resumed.stdout)).toBe(runIds[0]);
  await checkAccounting({ site, dir, frontierUrl: '', storeUrl, runId: runIds[0], ended: resumed, all: resumed ? [killed, resumed] : [killed] }, `seed ${seed}, ${killAt}`);
}

/** A crawl and a worker on one Redis run; the worker kills itself at `point`, the crawl finishes the run. */
async function redisRun(site: FaultSite, dir: string, { point, seed }: Case): Promise<void> {
  const runId = `faults-${String(point).replace(/\W+/g, '-')}-${seed}`;
  const shared = ['--frontier', redis.url, '--run', runId, '-s', 'frontier.leaseTtlMs=1000', '-s', 'frontier.pollMs=50'];
  const random = seededRandom(seed);
  const killAt = point === 'mid-batch' ? `heads:${2 + Math.floor(random() * 3)}`
    // A batch carrying a settle ('H' op) written to Redis, its answer never read: the settle may or may not have run there.
    : point === 'settle sent' ? `redis:${1 + Math.floor(random() * 3)}:^evalsha .* H [0-9]+ `
    : `sql:after:${1 + Math.floor(random() * 2)}:items.sqlite:^COMMIT$`;
  const workerArgs = ['worker', ...crawlArgs(site, dir, shared).slice(1)];
  const [killed, ended] = await Promise.all([run(workerArgs, killAt), run(crawlArgs(site, dir, shared))]);
  // The two race: on a loaded machine the crawl may end the run before the worker saw that many answers (it
  // then exits 0), or before it joined (exit 2, nothing to join). Nothing was killed then, and the
  // accounting below must hold all the same; the clean-clone CI once saw heads:6 never reached. A worker that
  // ran to the run's end judges the run's hosts from its ledger, so it ends with the ending process's verdict
  // (exit 4 for losses the other process met, as the clean-clone CI saw once).
  if (killed.signal !== 'SIGKILL') {
    const nothingToJoin = killed.code === 2 && killed.stderr.includes('has finished already');
    expect(killed.code === 0 || killed.code === ended.code || nothingToJoin, `${killAt} not reached, yet the worker ended ${killed.code} (the crawl ${ended.code})\n${killed.stderr.slice(-2000)}`).toBe(true);
  }
  await checkAccounting({ site, dir, frontierUrl: redis.url, runId, ended, all: [killed, ended] }, `seed ${seed}, worker ${killAt}`);
  const client = new Redis(redis.url);
  try {
    // No lease left behind in the run's keys (a lease that never expires would keep any later worker waiting).
    expect(await client.zcard(`pricecrawl:{${runId}}:leases`)).toBe(0);
  } finally {
    client.disconnect();
  }
}

// Each case has its own shop, storage and run: they run side by side (the crawls are child processes). Eight cases
// of two or three crawl processes each share two cores: a case took 25 s alone, and ran past 90 s once in a CI whose
// machine was also running other suites (load 15); a hang still ends at the timeout.
describe.concurrent('every planned request is accounted for', { timeout: 180_000 }, () => {
  it.each(CASES)('$frontier frontier, $point, seed $seed', async (c) => {
    const site = await startFaultSite(c.seed, c.point === 'no kill' ? { productsPerHost: 15 } : { hosts: 2, productsPerHost: 10 });
    const storage = tempStorageDir(`faults-${c.seed}`);
    try {
      await (c.frontier === 'sqlite' ? sqliteRun(site, storage.dir, c) : redisRun(site, storage.dir, c));
    } finally {
      await site.close();
      storage.cleanup();
    }
  });
});
