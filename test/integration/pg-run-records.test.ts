// Run records and the scheduler's lock in PostgreSQL: two "machines" (two storage dirs) sharing one database see each other's runs and one lock.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoShops } from '../../demo/demo-shops';
import type { RunRecord } from '../../src/ports/run-record-store';
import { demoSpider } from '../support/demo-spider';
import { storageFailureCode } from '../../src/engine/storage-failure';
import { openRunRecords, openScheduleLock } from '../../storage/open-backends';
import postgres from 'postgres';
import { frontierDbPath } from '../../storage/sqlite/open-frontier-db';
import { cli } from '../support/run-cli';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const SETTINGS = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 } };

let pg: PostgresServer;
let storeUrl: string;
const machineA = tempStorageDir('pg-runs-a');
const machineB = tempStorageDir('pg-runs-b');
let crawl: TestCrawlResult;

beforeAll(async () => {
  pg = await startPostgres();
  storeUrl = await pg.createDatabase('runs');
  const demo = await startDemoShops({ productCounts: { 'json-ld': 6, microdata: 4, 'locale-text': 4 } });
  try {
    const shop = demo.shops[0];
    crawl = await crawlInProcess(new (await demoSpider(shop.spider))({ baseUrl: shop.origin }), machineA.dir, SETTINGS, { storeUrl });
  } finally {
    await demo.close();
  }
});
afterAll(async () => {
  await pg?.stop();
  machineA.cleanup();
  machineB.cleanup();
});

describe('run records in PostgreSQL', () => {
  it('a run recorded on one machine is listed by `pricecrawl runs` on another', async () => {
    expect(crawl.summary.status).toBe('finished');
    const run = await cli(['runs', '--storage', machineB.dir, '--store', storeUrl, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const records = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as RunRecord);
    expect(records).toHaveLength(1);
    const { ledger } = crawl.summary;
    expect(records[0]).toMatchObject({ runId: crawl.summary.runId, outcome: 'finished', trigger: 'manual', exitCode: 0, planned: ledger.planned, succeeded: ledger.succeeded, pending: 0 });
    // Machine B keeps no records of its own: nothing was written to its storage directory.
    expect(existsSync(frontierDbPath(machineB.dir))).toBe(false);
  });

  it('`pricecrawl report` on the other machine reads the run from PostgreSQL', async () => {
    const output = join(machineB.dir, 'report.html');
    const run = await cli(['report', crawl.summary.runId, '--storage', machineB.dir, '--store', storeUrl, '-o', output]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readFileSync(output, 'utf8')).toContain(crawl.summary.runId);
  });

  it('the embedded files hold no run record when the stores are in PostgreSQL', async () => {
    const embedded = await openRunRecords({ dir: machineA.dir });
    try {
      expect(await embedded.list()).toEqual([]);
    } finally {
      await embedded.close();
    }
  });
});

describe('the schedule lock in PostgreSQL', () => {
  /**
   * Another session holds the lock table (a DBA's `LOCK TABLE … IN ACCESS EXCLUSIVE MODE`; a server that
   * stopped answering looks the same). Before, the scheduler's lock was the one PostgreSQL store without the
   * answer limit: its claim waited for ever and the scheduler hung without a word.
   */
  it('a claim the server leaves unanswered fails as the store unreachable after storage.answerTimeoutMs', async () => {
    const lock = await openScheduleLock({ url: storeUrl, dir: machineB.dir, answerTimeoutMs: 1000 });
    // A plain driver session, as a DBA's: the crawl's own pool cannot reserve a connection (pg-connection.ts).
    const other = postgres(storeUrl, { max: 1, onnotice: () => {} });
    const holder = await other.reserve();
    try {
      await holder`BEGIN`;
      await holder`LOCK TABLE schedule_locks IN ACCESS EXCLUSIVE MODE`;
      const error = await lock.tryLock('held', 'run-held', 1, 0).then(() => null, (e: unknown) => e);
      expect(storageFailureCode(error)).toBe('STORE_UNREACHABLE');
      expect((error as Error).message).toMatch(/^postgres:\/\/\S+@127\.0\.0\.1:\d+\/runs is unreachable \(NO_ANSWER no answer in 1000 ms\)$/);
    } finally {
      await holder`ROLLBACK`;
      holder.release();
      await other.end();
      await lock.close();
    }
  });

  /**
   * The scheduler holds its lock and run records for its whole life, and a tick "never throws: the daemon
   * outlives a database that is busy for a moment". Before, one unanswered call latched the answer limit:
   * every later claim failed at once (NO_ANSWER) long after the session that held the table was gone, so
   * no scheduled run started again until the scheduler was restarted.
   */
  it('after a claim left unanswered, the next claim is granted once the table is free again', async () => {
    const lock = await openScheduleLock({ url: storeUrl, dir: machineB.dir, answerTimeoutMs: 1000 });
    const other = postgres(storeUrl, { max: 1, onnotice: () => {} });
    try {
      const holder = await other.reserve();
      await holder`BEGIN`;
      await holder`LOCK TABLE schedule_locks IN ACCESS EXCLUSIVE MODE`;
      const error = await lock.tryLock('busy', 'run-busy-1', 1, 0).then(() => null, (e: unknown) => e);
      expect(storageFailureCode(error)).toBe('STORE_UNREACHABLE');
      await holder`ROLLBACK`;
      holder.release();
      expect(await lock.tryLock('busy', 'run-busy-2', process.pid, 1)).toMatchObject({ ok: true });
      await lock.unlock('busy', 'run-busy-2');
    } finally {
      await other.end();
      await lock.close();
    }
  });
});
