// A scheduler whose spider's lease was taken over (by another machine's scheduler, after the lease ran out)
// stops the crawl it started, resumable, with the reason on record, and does not claim the spider again.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRunRecords } from '../../storage/open-backends';
import { connectPostgres, type Sql } from '../../storage/postgres/pg-connection';
import type { PgScheduleLock } from '../../storage/postgres/pg-schedule-lock';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { routeHeldList, type HeldList } from '../support/held-list';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { stealSpiderLease } from '../support/steal-spider-lease';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts'; // the spider named `catalog`
let pg: PostgresServer;
let storeUrl: string;
let admin: Sql;
let site: CatalogSite;
const storage = tempStorageDir('scheduler-lock-lost');
const started: ChildProcess[] = [];
let otherMachine: PgScheduleLock | null = null;
let releaseHeld = () => undefined as void;

/** `/held-list`, held by each test while it needs a crawl mid-run. */
let holdList: () => HeldList;

beforeAll(async () => {
  pg = await startPostgres();
  storeUrl = await pg.createDatabase('lock_lost');
  admin = connectPostgres(storeUrl, { max: 1 });
  site = await startCatalogSite({ hosts: 1, productsPerHost: 1, perPage: 10 });
  holdList = routeHeldList(site.servers[0]);
});
afterAll(async () => {
  releaseHeld();
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); // only after a failed wait
  await otherMachine?.close();
  await admin?.end();
  await site?.close();
  await pg?.stop();
  storage.cleanup();
});

interface LogEntry { msg?: string; spider?: string; runId?: string; reason?: string; holder?: string; exitCode?: number }

/** The scheduler's JSON log, entry by entry; `next(test)` resolves with the first entry (seen or to come) that passes. */
function logOf(child: ChildProcess): { entries: LogEntry[]; next(test: (entry: LogEntry) => boolean): Promise<LogEntry> } {
  const entries: LogEntry[] = [];
  const waiting: { test: (entry: LogEntry) => boolean; resolve: (entry: LogEntry) => void }[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as LogEntry;
      entries.push(entry);
      for (const wait of waiting.filter((w) => w.test(entry))) wait.resolve(entry);
    });
  }
  return {
    entries,
    next: (test) => new Promise((resolve) => {
      const seen = entries.find(test);
      if (seen) resolve(seen);
      else waiting.push({ test, resolve });
    }),
  };
}

describe('a scheduler whose spider\'s lease another scheduler took over', () => {
  it('stops the crawl it started (resumable, schedule/lock-lost on its record) and does not start it again', async () => {
    const { arrival, release } = holdList();
    releaseHeld = release;
    const config = join(storage.dir, 'pricecrawl.config.json');
    writeFileSync(config, JSON.stringify({
      storage: { url: storeUrl, scheduleLeaseMs: 1000 },
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      robots: { obey: false },
      shutdown: { graceMs: 500 },
      log: { format: 'json', level: 'info' },
      schedule: { spiders: { [SPIDER_FILE]: { cron: '* * * * * *', args: { startUrls: site.servers[0].url('/held-list') } } } },
    }));
    const scheduler = spawn(process.execPath, ['bin/pricecrawl.js', 'schedule', '--config', config, '--storage', storage.dir, '-s', 'schedule.discoveryEveryMs=0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(scheduler);
    const log = logOf(scheduler);
    const startedRun = await log.next((e) => e.msg === 'scheduled run started');
    await arrival; // the scheduled crawl holds the spider and waits on a page

    // Another machine's scheduler, after this one's lease ran out unrenewed (a GC pause, a suspended VM): the
    // renewals may land between the lease's end and the claim, so the test steals until its claim wins.
    const stolen = await stealSpiderLease(admin, storeUrl, 'catalog', 'run-other-machine');
    otherMachine = stolen.lock;
    expect(stolen.taken).toBe(true);

    const lost = await log.next((e) => e.msg === 'schedule lock lost: the run stops, resumable');
    expect(lost).toMatchObject({ spider: 'catalog', runId: startedRun.runId, reason: 'schedule/lock-lost' });
    const ended = await log.next((e) => e.msg === 'scheduled run ended');
    expect(ended).toMatchObject({ runId: startedRun.runId, exitCode: 2 });
    // A tick after the loss asks the lock and is refused: the other machine holds the spider.
    const skipped = await log.next((e) => e.msg === 'previous run still going: tick skipped' && e.holder === 'pid 4242');
    expect(skipped.spider).toBe('catalog');
    scheduler.kill('SIGTERM');
    expect((await once(scheduler, 'exit'))[0]).toBe(0);

    const records = await openRunRecords({ url: storeUrl, dir: storage.dir });
    try {
      const runs = await records.list('catalog');
      expect(runs.map((r) => r.runId)).toEqual([startedRun.runId]); // no second run of the spider was started here
      const [run] = runs;
      expect(run).toMatchObject({ outcome: 'interrupted', exitCode: 2, trigger: 'schedule' });
      expect(JSON.parse(run.summaryJson!)).toMatchObject({ status: 'interrupted', stopReason: 'schedule/lock-lost' });
      expect(run.pending).toBeGreaterThan(0); // the held page stays queued for --resume
    } finally {
      await records.close();
    }
    // The other machine's claim is untouched by this scheduler's unlock.
    const [row] = await admin<{ runId: string }[]>`SELECT run_id AS "runId" FROM schedule_locks WHERE spider = 'catalog'`;
    expect(row.runId).toBe('run-other-machine');
  });
});
