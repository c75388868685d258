// A PostgreSQL store as an operator runs it: a read-only replica, limits set on the role, locks held by others, a newer schema.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../src/core/blob-hash';
import { PricecrawlError } from '../../src/core/errors';
import { storageFailureCode } from '../../src/engine/storage-failure';
import type { StoredItem } from '../../src/ports/item-store';
import { openStores } from '../../storage/open-backends';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const PASSWORD = 'operated-pg-s3cret';
/** Per host: 2 listing pages of 5 products and the 10 product pages. */
const PLANNED = 12;

let pg: PostgresServer;
let admin: postgres.Sql;
let site: CatalogSite;
const storage = tempStorageDir('pg-operated');

beforeAll(async () => {
  pg = await startPostgres();
  admin = postgres(pg.url, { max: 2, onnotice: () => {} });
  site = await startCatalogSite({ hosts: 1, productsPerHost: 10, perPage: 5 });
});
afterAll(async () => {
  await admin?.end();
  await site?.close();
  await pg?.stop();
  storage.cleanup();
});

const settings = { politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 }, pipeline: { batchMaxAgeMs: 20 } };

/** A database owned by a password role of its own (the crawl's login), created for one test. */
async function crawlerDatabase(name: string): Promise<string> {
  await admin.unsafe(`CREATE ROLE ${name} LOGIN PASSWORD '${PASSWORD}'`);
  await admin.unsafe(`CREATE DATABASE ${name} OWNER ${name}`);
  return `postgres://${name}:${PASSWORD}@127.0.0.1:${pg.port}/${name}`;
}

const crawl = (storeUrl: string, runId: string, extra: Parameters<typeof crawlInProcess>[3] = {}) =>
  crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, settings, { storeUrl, runId, ...extra });

function item(runId: string, sku: string, price: string): StoredItem {
  return {
    runId, spider: 'shop', key: `127.0.0.1:1 ${sku}`, site: '127.0.0.1:1', requestId: `req-${sku}`, url: `http://127.0.0.1:1/p/${sku}`,
    sku, price, currency: 'USD', pricing: '{}', rawHash: sha256Hex(Buffer.from(sku)), data: { sku, price }, scrapedAtMs: 1_700_000_000_000,
  };
}

async function rejection(promise: Promise<unknown>): Promise<PricecrawlError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(PricecrawlError);
  return error as PricecrawlError;
}

async function expectResumedToTheEnd(storeUrl: string, runId: string): Promise<void> {
  const resumed = await crawl(storeUrl, runId, { resume: true });
  expect(resumed.summary.status).toBe('finished');
  expect(resumed.summary.ledger).toMatchObject({ planned: PLANNED, succeeded: PLANNED, failed: 0, pending: 0 });
  expect(resumed.items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
}

describe('a server that takes no writes (a hot standby, or a failover that left us on a replica)', () => {
  /** Before, the migration's first statement failed with the driver's text as a plain error: exit 1. */
  it('refuses to start, saying why (exit 2), writes nothing and creates no run', async () => {
    const url = await crawlerDatabase('ro_start');
    expect((await crawl(url, 'warm')).summary.status).toBe('finished');
    await admin.unsafe('ALTER DATABASE ro_start SET default_transaction_read_only = on');
    const error = await rejection(crawl(url, 'ro-start'));
    expect(error.code).toBe('STORE_REFUSED');
    expect(error.message).toMatch(/^storage\.url postgres:\/\/\*\*\*@127\.0\.0\.1:\d+\/ro_start refused the crawl's writes \(25006 cannot execute CREATE TABLE in a read-only transaction: the server takes no writes: a hot standby, a failover that left storage\.url on a replica, or default_transaction_read_only set there; point storage\.url at the primary\): nothing was written and no run was created/);
    expect(error.message).not.toContain(PASSWORD);
    const sql = postgres(pg.url.replace(/\/postgres$/, '/ro_start'), { max: 1, onnotice: () => {} });
    try {
      expect(await sql`SELECT run_id FROM run_records ORDER BY run_id`).toEqual([{ run_id: 'warm' }]);
    } finally {
      await sql.end();
    }
  }, 60_000);

  /**
   * The sessions a store opens after the switch are read-only: every write is refused with 25006. Before,
   * the driver's "cannot execute INSERT in a read-only transaction" was no storage failure: an item batch's
   * failure became the request's own, a run record's end escaped the run raw (exit 1, no reason on record).
   */
  it('mid-run: a write is a store refusal (the engine stops the crawl resumable on it) and nothing of the batch is stored', async () => {
    const url = await crawlerDatabase('ro_mid');
    const stores = await openStores({ url, dir: storage.dir });
    try {
      await stores.items().writeBatch([item('before', 'A', '1.00')]);
      await admin.unsafe('ALTER DATABASE ro_mid SET default_transaction_read_only = on');
      // The crawl's sessions end (a failover does that); the pool opens new ones on the next call.
      await admin`SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = 'ro_mid'`;
      await vi.waitFor(async () => expect(await admin`SELECT pid FROM pg_stat_activity WHERE datname = 'ro_mid'`).toHaveLength(0));
      const error = await stores.items().writeBatch([item('after', 'B', '2.00'), item('after', 'C', '3.00')]).then(() => null, (e: unknown) => e);
      expect(storageFailureCode(error)).toBe('STORE_REFUSED');
      expect((error as Error).message).toMatch(/^postgres:\/\/\*\*\*@127\.0\.0\.1:\d+\/ro_mid refused the crawl's writes \(25006 cannot execute INSERT in a read-only transaction: the server takes no writes: a hot standby, a failover that left storage\.url on a replica, or default_transaction_read_only set there; point storage\.url at the primary\)$/);
      expect((error as Error).message).not.toContain(PASSWORD);
      expect(await stores.items().countItems('after')).toBe(0);
      expect(await stores.items().countItems('before')).toBe(1);
    } finally {
      await stores.close();
    }
  }, 60_000);
});

describe('limits an operator set on the role, a lock another session holds', () => {
  /**
   * Another session holds our items table (a DBA's `LOCK TABLE … IN ACCESS EXCLUSIVE MODE`, a long
   * migration of their own) and the role has statement_timeout: the item batch is cancelled (57014). Before,
   * the batch's failure was the request's own: pages re-fetched until their attempts ran out, then failed.
   */
  it('a statement cancelled by statement_timeout stops the crawl resumable, its reason named (exit 2); --resume finishes it once the lock is gone', async () => {
    const url = await crawlerDatabase('locked');
    expect((await crawl(url, 'warm')).summary.status).toBe('finished');
    await admin.unsafe("ALTER ROLE locked SET statement_timeout = '300ms'");
    const other = postgres(pg.url.replace(/\/postgres$/, '/locked'), { max: 1, onnotice: () => {} });
    try {
      const holder = await other.reserve();
      await holder`BEGIN`;
      await holder`LOCK TABLE items IN ACCESS EXCLUSIVE MODE`;
      const logLines: Array<Record<string, unknown>> = [];
      const error = await rejection(crawl(url, 'locked', { logLines }));
      expect(error.code).toBe('STORAGE_WRITE_FAILED');
      expect(error.message).toMatch(/^postgres:\/\/\*\*\*@127\.0\.0\.1:\d+\/locked refused the crawl's writes \(57014 canceling statement due to statement timeout: a statement was cancelled: statement_timeout set on the role or database, or an operator cancelled it\): the crawl stopped, its work stays queued; once it takes writes again, continue with: pricecrawl crawl catalog --resume$/);
      expect(JSON.stringify(logLines)).not.toContain('attempts used up');
      expect(JSON.stringify(logLines) + error.message).not.toContain(PASSWORD);
      await holder`ROLLBACK`;
      holder.release();
    } finally {
      await other.end();
    }
    await expectResumedToTheEnd(url, 'locked');
  }, 60_000);
});

describe('tables changed under the crawl (a column renamed by someone else)', () => {
  /**
   * Class 42 (42703 undefined column here) names the statement, never a row. Before, it was each item's own
   * refusal: every page fetched retry.maxAttempts times, then the run ended finished, exit 4, with every
   * request failed items/write-failed (40 of 48 in the probe) and nothing left to resume.
   */
  it('stops the crawl resumable, saying the tables changed (exit 2); --resume finishes once they are put back', async () => {
    const url = await crawlerDatabase('renamed');
    expect((await crawl(url, 'warm')).summary.status).toBe('finished');
    const db = postgres(pg.url.replace(/\/postgres$/, '/renamed'), { max: 1, onnotice: () => {} });
    try {
      await db.unsafe('ALTER TABLE items RENAME COLUMN pricing TO pricing_old');
      const logLines: Array<Record<string, unknown>> = [];
      const error = await rejection(crawl(url, 'renamed', { logLines }));
      expect(error.code).toBe('STORAGE_WRITE_FAILED');
      expect(error.message).toMatch(/^postgres:\/\/\*\*\*@127\.0\.0\.1:\d+\/renamed refused the crawl's writes \(42703 column "pricing" of relation "items" does not exist: the tables are not as this pricecrawl migrated them \(a table, column or function renamed or dropped since\): put them back, or point storage\.url at a database of this pricecrawl's\): the crawl stopped, its work stays queued; once it takes writes again, continue with: pricecrawl crawl catalog --resume$/);
      expect(JSON.stringify(logLines)).not.toContain('attempts used up');
      expect(JSON.stringify(logLines) + error.message).not.toContain(PASSWORD);
      await db.unsafe('ALTER TABLE items RENAME COLUMN pricing_old TO pricing');
    } finally {
      await db.end();
    }
    await expectResumedToTheEnd(url, 'renamed');
  }, 60_000);
});

describe('a schema newer than this build knows (another team upgraded)', () => {
  /** Before, refused with a plain error: exit 1, read as a crash of ours. */
  it('refuses to start, saying why (exit 2), and writes nothing there', async () => {
    const url = await crawlerDatabase('newer');
    expect((await crawl(url, 'warm')).summary.status).toBe('finished');
    const sql = postgres(pg.url.replace(/\/postgres$/, '/newer'), { max: 1, onnotice: () => {} });
    try {
      await sql`INSERT INTO pricecrawl_migrations (version, name) VALUES (99, 'from the future')`;
      const error = await rejection(crawl(url, 'newer'));
      expect(error.code).toBe('STORE_SCHEMA_NEWER');
      expect(error.message).toMatch(/^storage\.url postgres:\/\/\*\*\*@127\.0\.0\.1:\d+\/newer: the database has schema v99; this pricecrawl knows up to v\d+: a newer pricecrawl upgraded it, so this one writes nothing there/);
      expect(error.message).not.toContain(PASSWORD);
      expect(await sql`SELECT run_id FROM run_records ORDER BY run_id`).toEqual([{ run_id: 'warm' }]);
    } finally {
      await sql.end();
    }
  }, 60_000);
});

describe("a server whose disk fills up (SQLSTATE 53100)", () => {
  /**
   * The items table on a tablespace of its own, a real 1 MiB tmpfs filled by someone else (you are root in
   * CI's container, as for disk-full-crawl.test.ts). Before, the stop read "is unreachable (53100 …)": the
   * crawl stopped resumable, but named a full disk as a server gone away.
   */
  it('stops the crawl resumable, naming the full disk (exit 2); --resume finishes once there is space', async () => {
    const url = await crawlerDatabase('diskfull');
    expect((await crawl(url, 'warm')).summary.status).toBe('finished');
    const mountDir = mkdtempSync(join(tmpdir(), 'pricecrawl-pg-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountDir]);
    const filler = join(mountDir, 'filler');
    const db = postgres(pg.url.replace(/\/postgres$/, '/diskfull'), { max: 1, onnotice: () => {} });
    try {
      const space = join(mountDir, 'space');
      mkdirSync(space);
      execFileSync('chown', ['postgres:postgres', space]);
      await admin.unsafe(`CREATE TABLESPACE tiny LOCATION '${space}'`);
      await db`DELETE FROM items`;
      await db`VACUUM FULL items`;
      await db.unsafe('ALTER TABLE items SET TABLESPACE tiny');
      // Every byte left goes to someone else's file: the items table's first page finds no room.
      try {
        writeFileSync(filler, Buffer.alloc(2 * 1024 * 1024));
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      }
      const logLines: Array<Record<string, unknown>> = [];
      const error = await rejection(crawl(url, 'full', { logLines }));
      expect(error.code).toBe('STORAGE_WRITE_FAILED');
      expect(error.message).toMatch(/^postgres:\/\/\*\*\*@127\.0\.0\.1:\d+\/diskfull refused the crawl's writes \(53100 could not extend file .*: the server's disk is full \(a tablespace or its WAL\): free space there\): the crawl stopped, its work stays queued; once it takes writes again, continue with: pricecrawl crawl catalog --resume$/);
      expect(JSON.stringify(logLines)).not.toContain('attempts used up');
      expect(await db`SELECT key FROM items`).toEqual([]);

      rmSync(filler);
      await expectResumedToTheEnd(url, 'full');
    } finally {
      await db.unsafe('ALTER TABLE items SET TABLESPACE pg_default').catch(() => undefined);
      await db.end();
      await admin.unsafe('DROP TABLESPACE IF EXISTS tiny').catch(() => undefined);
      execFileSync('umount', ['-l', mountDir]);
      rmSync(mountDir, { recursive: true, force: true });
    }
  }, 60_000);
});
