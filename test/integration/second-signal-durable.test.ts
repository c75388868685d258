// A second SIGTERM (or Ctrl-C) exits at once, mid-crawl: what was acknowledged has its items, and --resume loses and doubles nothing.
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { cli, runRecordsJson, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const KILL_AT = resolve(import.meta.dirname, '../support/kill-at.mjs');
const RUN_ID = 'second-signal';

function rows<T>(dir: string, file: string, sql: string): T[] {
  const db = new Database(join(dir, file), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

describe('SIGTERM twice mid-crawl', () => {
  let site: CatalogSite;
  let forced: CliRun;
  let resumed: CliRun;
  const storage = tempStorageDir('second-signal');
  const crawl = (extra: string[], env: NodeJS.ProcessEnv = process.env) =>
    cli(['crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir, '--run', RUN_ID,
      '-s', 'politeness.minIntervalMs=5', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchSize=3', ...extra], { env });
  let ackedWithoutItem: string[] = [];
  let itemsAtExit = 0;
  let recordAtExit: { outcome: string; exitCode: number | null } | undefined;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 2, productsPerHost: 20, perPage: 10, latencyMs: 20 });
    // The 25th response head: item batches of 3 are part-filled and requests in flight on both hosts.
    forced = await crawl([], { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${KILL_AT}`, KILL_AT: 'heads:25', KILL_WITH: 'SIGTERM,SIGTERM' });
    const items = new Set(rows<{ url: string }>(storage.dir, 'items.sqlite', `SELECT url FROM items WHERE run_id = '${RUN_ID}'`).map((row) => row.url));
    itemsAtExit = items.size;
    const acked = rows<{ url: string }>(storage.dir, 'frontier.sqlite', `SELECT json_extract(json, '$.url') AS url FROM requests WHERE run_id = '${RUN_ID}' AND state = 'succeeded'`);
    ackedWithoutItem = acked.map((row) => row.url).filter((url) => url.includes('/p/') && !items.has(url));
    [recordAtExit] = await runRecordsJson<{ outcome: string; exitCode: number | null }>(['--storage', storage.dir]);
    resumed = await crawl(['--resume']);
  }, 180_000);
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('exits 130 at once with the line saying the queue keeps the rest', () => {
    expect(forced.code, forced.stderr.slice(-2000)).toBe(130);
    expect(forced.stderr).toMatch(/pricecrawl: second SIGTERM, exiting now \(the queue keeps what was not done\)/);
    expect(itemsAtExit).toBeLessThan(40);
  });

  it('the run record never reads as a clean end: the process ended without recording one', () => {
    expect(recordAtExit).toMatchObject({ outcome: 'crashed', exitCode: null });
  });

  it('every product page acknowledged before the exit has its item stored', () => {
    expect(ackedWithoutItem).toEqual([]);
  });

  it('--resume finishes the run: every product once, at its price, and the record says finished', async () => {
    expect(resumed.code, resumed.stderr.slice(-2000)).toBe(0);
    expect(resumed.stdout).toMatch(/accounting: planned 44 = succeeded 44 \+ failed 0 \+ pending 0/);
    const stored = rows<{ sku: string; price: string }>(storage.dir, 'items.sqlite', `SELECT sku, price FROM items WHERE run_id = '${RUN_ID}'`);
    expect(stored.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
    const [record] = await runRecordsJson<{ outcome: string; exitCode: number | null }>(['--storage', storage.dir]);
    expect(record).toMatchObject({ outcome: 'finished', exitCode: 0 });
  });
});
