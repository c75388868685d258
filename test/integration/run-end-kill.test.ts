// A crawl killed (or its store stopped) while its end work (price history) is under way, then `--resume`: the run's price changes are written.
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../../storage/open-backends';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { childTracker, runRecordsJson, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';

let redis: RedisTestServer;
let pg: PostgresServer;
beforeAll(async () => {
  [redis, pg] = await Promise.all([startRedisServer(), startPostgres()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([redis?.stop(), pg?.stop()]);
});

/** Resolves once a session waits for a lock on price_changes: the crawl is inside its price-history step. */
async function historyStepWaits(sql: postgres.Sql): Promise<void> {
  for (;;) {
    const [row] = await sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO price_changes%'`;
    if ((row as { n: number }).n > 0) return;
  }
}

/**
 * Before, the frontier marked the run finished before its history and catalog were written: a crawl killed
 * between the two left a finished run, `--resume` started a fresh one, and the killed run's price changes
 * were never recorded (the fresh run saw the new price as unchanged).
 */
/** `kill`: SIGKILL the crawl; `outage`: stop the PostgreSQL server under it (started again before the resume). */
const cases: Array<[string, 'kill' | 'outage']> = [['sqlite', 'kill'], ['redis', 'kill'], ['sqlite', 'outage']];

describe.each(cases)('a crawl stopped during its end work (%s frontier, %s), resumed', (frontierKind, how) => {
  let site: CatalogSite;
  const storage = tempStorageDir('run-end-kill');
  const children = childTracker();
  let storeUrl: string;
  let stopped: CliRun;
  let resumed: CliRun;
  let runs: Array<{ runId: string; outcome: string }>;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 3, perPage: 10 });
    storeUrl = await pg.createDatabase(`run_end_${how}_${frontierKind}`);
    const client = new Redis(redis.url);
    await client.flushall();
    client.disconnect();
    const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 5, track: children.track });
    const shared = ['--store', storeUrl, ...(frontierKind === 'redis' ? ['--frontier', redis.url] : [])];
    expect((await crawl(shared)).code).toBe(0);
    site.repriced.set('H0-P1', '1.23');

    // The test holds price_changes locked, so the second run's history step waits until it is killed.
    const sql = postgres(storeUrl, { max: 2, onnotice: () => undefined });
    const holder = await sql.reserve();
    await holder`BEGIN`;
    await holder`LOCK TABLE price_changes IN ACCESS EXCLUSIVE MODE`;
    const stop = (child: ChildProcess) =>
      void historyStepWaits(sql).then(async () => {
        if (how === 'kill') child.kill('SIGKILL');
        else await pg.shutdown();
      });
    stopped = await crawl(shared, stop);
    if (how === 'kill') await holder`ROLLBACK`;
    holder.release();
    await sql.end({ timeout: 1 });
    if (how === 'outage') await pg.start();
    resumed = await crawl([...shared, '--resume']);
    runs = await runRecordsJson(['--store', storeUrl]);
  }, 120_000);
  afterAll(async () => {
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('was stopped inside the end work: killed, or exit 2 naming the store and --resume', () => {
    if (how === 'kill') expect(stopped.signal).toBe('SIGKILL');
    else {
      expect(stopped.code).toBe(2);
      expect(stopped.stderr).toMatch(/is unreachable \(.+\): the crawl stopped, its work stays queued; once it is back, continue with: pricecrawl crawl catalog --resume/);
    }
  });

  it('resumes the stopped run, which ends it, instead of starting a third run', () => {
    expect(resumed.code).toBe(0);
    expect(runs).toHaveLength(2);
    expect(runs.map((run) => run.outcome)).toEqual(['finished', 'finished']);
  });

  it("records the stopped run's price change and folds it into the catalog", async () => {
    const stores = await openStores({ dir: storage.dir, url: storeUrl });
    try {
      const changes = await stores.history().list({ spider: 'catalog' });
      const old = site.products.find((p) => p.sku === 'H0-P1')!.price;
      expect(changes.map((c) => [c.sku, c.runId, c.oldPrice, c.newPrice])).toEqual([['H0-P1', runs[1].runId, old, '1.23']]);
      const entries: CatalogEntry[] = [];
      for await (const entry of stores.catalog().entries('catalog')) entries.push(entry);
      expect(entries.find((e) => e.sku === 'H0-P1')).toMatchObject({ lastPrice: '1.23', lastRunId: runs[1].runId });
    } finally {
      await stores.close();
    }
  });
});
