// A crawl paused (SIGSTOP: a GC pause, a suspended VM) past its spider's lease, which another machine then took
// over, must not write items into the shared store once it runs again: its writes are refused by the claim's
// fencing token, and its run ends resumable with the reason on record. With `--processes`, the joined process too,
// and a Redis run's `worker`: it writes under the claim the run was opened with.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openRunRecords } from '../../storage/open-backends';
import { runPrefix } from '../../storage/redis/redis-scripts';
import { connectPostgres, type Sql } from '../../storage/postgres/pg-connection';
import type { PgScheduleLock } from '../../storage/postgres/pg-schedule-lock';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startRedisServer } from '../support/redis-server';
import { stealSpiderLease } from '../support/steal-spider-lease';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts'; // the spider named `catalog`
let pg: PostgresServer;
let sites: FixtureServer[] = [];
let crawl: ChildProcess | null = null;
/** The crawl that opened a Redis run, killed once its worker took the run's first page. */
let opener: ChildProcess | null = null;
let otherMachine: PgScheduleLock | null = null;
let answerProducts = () => undefined as void;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  pg = await startPostgres();
  sites = await startFixtureServers(2);
});
afterEach(async () => {
  answerProducts();
  if (crawl?.pid && crawl.exitCode === null && crawl.signalCode === null) {
    process.kill(-crawl.pid, 'SIGCONT');
    process.kill(-crawl.pid, 'SIGKILL'); // only after a failed wait
  }
  if (opener?.pid && opener.exitCode === null && opener.signalCode === null) process.kill(-opener.pid, 'SIGKILL');
  await otherMachine?.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  await closeFixtureServers(sites);
  await pg?.stop();
});

/**
 * Each site's `/<label>/held-product` (its SKU named for the site) answers once `release` is called; a route of
 * its own per test, since the first route registered for a path is the one that answers. `onList` hears each
 * arrival of a list page before it is answered.
 */
function holdProducts(label: string, onList: () => Promise<void>): { arrivals: Promise<void>; release(): void } {
  let release = () => undefined as void;
  const answer = new Promise<void>((resolve) => (release = resolve));
  const arrivals = sites.map((site, index) => new Promise<void>((arrived) => {
    site.route(`/${label}/list`, async (_req, res) => {
      await onList();
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><a class="product" href="/${label}/held-product">P</a></body></html>`);
    });
    site.route(`/${label}/held-product`, async (_req, res) => {
      arrived();
      await answer;
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><main data-sku="SKU-${index}"><span class="price">19.99</span></main></body></html>`);
    });
  }));
  return { arrivals: Promise.all(arrivals).then(() => undefined), release };
}

interface LogEntry { msg?: string; reason?: string; code?: string; err?: { message?: string } }

/** An opener crawl and the run it seeds on a Redis frontier. */
interface Opener { args: string[]; redisUrl: string; runId: string }

/**
 * Resolves once the opener marked its seeding done (the run's meta hash lost its `unseeded` field). The opener
 * flushes its seeds, so a worker may ask for a list page, before it marks them done: killed between the two,
 * it leaves a run whose seeder was lost, which the worker rightly refuses to finish (FRONTIER_SEEDER_LOST).
 * Reads the run's state, not a clock.
 */
async function seedingMarkedDone(opener: Opener): Promise<void> {
  const client = new Redis(opener.redisUrl);
  try {
    while ((await client.hexists(`${runPrefix(opener.runId)}meta`, 'unseeded')) === 1) await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    client.disconnect();
  }
}

/**
 * Crawls both sites (a process group of its own, so a stop reaches every process of it), stops the group once
 * both products were asked for, lets another machine take the spider over, answers the products, and lets the
 * group run again. Returns the exit code, the log entries and the database to look at. With `openerRun`, the
 * paused process is a `worker` of a Redis run that a crawl started beside it opens and seeds; that crawl is
 * killed (its claim left to lapse) when the run's first page is asked for and its seeding is marked done, so the
 * worker fetches every product.
 */
async function pausedPastTakeOver(label: string, extraArgs: string[], openerRun?: Opener): Promise<{ exitCode: number; entries: LogEntry[]; admin: Sql; storeUrl: string; dir: string }> {
  const storeUrl = await pg.createDatabase(label);
  const admin = connectPostgres(storeUrl, { max: 1 });
  const storage = tempStorageDir(label);
  cleanups.push(() => admin.end(), () => storage.cleanup());
  const config = join(storage.dir, 'pricecrawl.config.json');
  writeFileSync(config, JSON.stringify({
    storage: { url: storeUrl, scheduleLeaseMs: 1000 },
    politeness: { minIntervalMs: 0, jitterMs: 0 },
    robots: { obey: false },
    shutdown: { graceMs: 60_000 }, // the paused pages' answers are read and their items offered to the store
    log: { format: 'json', level: 'info' },
  }));
  const held = holdProducts(label, async () => {
    if (openerRun) await seedingMarkedDone(openerRun);
    const first = opener;
    opener = null; // killed once, when the first list page is asked for
    if (first?.pid) process.kill(-first.pid, 'SIGKILL');
  });
  answerProducts = held.release;
  const startUrls = sites.map((site) => site.url(`/${label}/list`)).join(','); // hosts in order: slot 0's, then slot 1's
  const start = (command: 'crawl' | 'worker', args: string[], stdio: 'pipe' | 'ignore') =>
    spawn(process.execPath, ['bin/pricecrawl.js', command, SPIDER_FILE, '--config', config, '--storage', storage.dir, '-a', `startUrls=${startUrls}`, ...args], { stdio: ['ignore', stdio, stdio], detached: true });
  if (openerRun) opener = start('crawl', openerRun.args, 'ignore');
  crawl = start(openerRun ? 'worker' : 'crawl', extraArgs, 'pipe');
  const entries: LogEntry[] = [];
  for (const stream of [crawl.stdout!, crawl.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (line.startsWith('{')) entries.push(JSON.parse(line) as LogEntry);
    });
  }
  const exited = once(crawl, 'exit');
  await held.arrivals; // the crawl holds the spider and waits on both products' answers
  process.kill(-crawl.pid!, 'SIGSTOP');
  const stolen = await stealSpiderLease(admin, storeUrl, 'catalog', 'run-other-machine');
  otherMachine = stolen.lock;
  expect(stolen.taken).toBe(true);
  held.release(); // the answers wait in the sockets while the crawl is stopped
  process.kill(-crawl.pid!, 'SIGCONT');
  const [exitCode] = (await exited) as [number];
  return { exitCode, entries, admin, storeUrl, dir: storage.dir };
}

/** No item of the products read after the take-over is in the shared store, the crawl says why and exits 2, and the other machine's claim stands. */
async function expectRefused(ended: Awaited<ReturnType<typeof pausedPastTakeOver>>): Promise<void> {
  const { exitCode, entries, admin } = ended;
  expect(await admin<{ sku: string }[]>`SELECT sku FROM items ORDER BY sku`).toEqual([]);
  expect(exitCode).toBe(2);
  const [row] = await admin<{ runId: string }[]>`SELECT run_id AS "runId" FROM schedule_locks WHERE spider = 'catalog'`;
  expect(row.runId).toBe('run-other-machine');
  const stop = entries.find((e) => e.msg === 'a store cannot write; stopping the crawl');
  // The write was refused for what it was, whether the refusal or the renewal's loss noticed first. Stopped inside a
  // write's transaction, the crawl held the claim's row share-locked: the server ended that session at the lease's
  // end so the take-over could go through, and that write, failing a lease after its check, is refused as fenced
  // out too (pg-write-fence.ts), never read as the store unreachable (this test accepted STORE_UNREACHABLE then).
  expect(entries.find((e) => e.msg === 'item batch write failed')?.err?.message).toMatch(/claim on spider catalog \(fencing token \d+\) was taken over/);
  expect(stop?.code).toBe('STORE_FENCED');
}

async function expectRefusedAndInterrupted(ended: Awaited<ReturnType<typeof pausedPastTakeOver>>): Promise<void> {
  await expectRefused(ended);
  const records = await openRunRecords({ url: ended.storeUrl, dir: ended.dir });
  try {
    const [run] = await records.list('catalog');
    expect(run).toMatchObject({ outcome: 'interrupted', exitCode: 2 });
    const summary = JSON.parse(run.summaryJson!) as { status: string; stopReason: string };
    expect(summary.status).toBe('interrupted');
    expect(summary.stopReason).toBe('schedule/lock-lost');
    expect(run.pending).toBeGreaterThan(0); // the products stay queued for --resume
  } finally {
    await records.close();
  }
}

describe('a crawl paused past its spider\'s lease while another machine took the spider over', () => {
  it('has its item writes refused once it runs again, and ends resumable with schedule/lock-lost', async () => {
    await expectRefusedAndInterrupted(await pausedPastTakeOver('fenced_one', []));
  });

  it('with --processes 2, the joined process\'s writes are refused too: it writes under the first one\'s claim', async () => {
    await expectRefusedAndInterrupted(await pausedPastTakeOver('fenced_two', ['--processes', '2']));
  });

  it('a Redis run\'s worker, which claims nothing, has its writes refused too: it writes under the claim the run was opened with', async () => {
    const redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    const runId = 'fenced-worker-run';
    const shared = ['--frontier', redis.url, '--run', runId, '-s', 'frontier.leaseTtlMs=1000'];
    await expectRefused(await pausedPastTakeOver('fenced_worker', shared, { args: shared, redisUrl: redis.url, runId }));
  });
});
