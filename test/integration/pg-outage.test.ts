// A PostgreSQL store that goes away mid-crawl: the crawl stops at once with its work queued, and --resume finishes it.
import type { ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCatalogSiteProcess, type RemoteCatalogSite } from '../support/catalog-site-process';
import { childTracker, cli } from '../support/run-cli';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { readItems, tempStorageDir } from '../support/test-crawl';

const PRODUCTS_PER_HOST = 20;
/** Per host: 4 listing pages of 5 products and the 20 product pages. */
const PLANNED = 2 * (4 + PRODUCTS_PER_HOST);
const RUN_ID = 'pg-outage';
const PASSWORD = 'refused-s3cret-pw';

describe('a PostgreSQL store that goes away mid-crawl', () => {
  let site: RemoteCatalogSite;
  let pg: PostgresServer;
  let storeUrl: string;
  const storage = tempStorageDir('pg-outage');
  const { track, killAll } = childTracker();

  beforeAll(async () => {
    pg = await startPostgres();
    storeUrl = await pg.createDatabase('outage');
    site = await startCatalogSiteProcess({ hosts: 2, productsPerHost: PRODUCTS_PER_HOST, perPage: 5, latencyMs: 10 });
  });
  afterAll(async () => {
    killAll();
    await site?.close();
    await pg?.stop();
    storage.cleanup();
  });

  const crawl = (extra: string[], store = storeUrl) =>
    cli([
      'crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir, '--store', store,
      '-s', 'politeness.minIntervalMs=50', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json', '-s', 'log.statsIntervalMs=0', ...extra,
    ], { onStart: (child: ChildProcess) => track(child) });

  async function productsServed(): Promise<number> {
    const hosts = await site.records();
    return hosts.flatMap((host) => host.requests).filter((r) => r.path.startsWith('/p/')).length;
  }

  it('stops with exit 2 and one line naming the store, fails no request for it, and --resume completes the run once the server is back', async () => {
    const run = crawl(['--run', RUN_ID]);
    await vi.waitFor(async () => expect(await productsServed()).toBeGreaterThanOrEqual(6), { timeout: 60_000, interval: 50 });
    await pg.shutdown();
    const stopped = await run;
    expect(stopped.code, stopped.stderr).toBe(2);
    // A fresh login at the stop (pg-fresh-login.ts) meets the server still shutting down (57P03) or already gone (nothing added).
    expect(stopped.stderr).toMatch(/pricecrawl: postgres:\/\/\S+@127\.0\.0\.1:\d+\/outage is unreachable \(\w+(; a new login is refused: 57P03 [^)]+)?\): the crawl stopped, its work stays queued; once it is back, continue with: pricecrawl crawl catalog --resume/);
    // Before: every request was fetched again until its attempts ran out, then failed as items/write-failed.
    expect(stopped.stderr).not.toContain('attempts used up');
    expect(stopped.stderr).not.toContain('downloader chain failed');

    await pg.start();
    await expectResumedToTheEnd(RUN_ID, storeUrl);
  }, 180_000);

  /**
   * The server keeps the crawl's connections open and answers nothing (its backends stopped with SIGSTOP;
   * a stuck disk or a network path that drops packets looks the same). postgres.js has no time limit of
   * its own: before, an item batch waited for ever and the crawl hung without a word.
   */
  it('a server that stops answering: the crawl stops with exit 2 after storage.answerTimeoutMs, and --resume completes the run once it answers', async () => {
    const store = await pg.createDatabase('stalled');
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    const stopped: number[] = [];
    try {
      const before = await productsServed();
      const run = crawl(['--run', 'stalled', '-s', 'storage.answerTimeoutMs=1000'], store);
      await vi.waitFor(async () => expect(await productsServed()).toBeGreaterThanOrEqual(before + 6), { timeout: 60_000, interval: 50 });
      const backends = await admin<Array<{ pid: number }>>`SELECT pid FROM pg_stat_activity WHERE datname = 'stalled'`;
      for (const { pid } of backends) {
        process.kill(pid, 'SIGSTOP');
        stopped.push(pid);
      }
      const ended = await run;
      expect(ended.code, ended.stderr).toBe(2);
      expect(ended.stderr).toMatch(/pricecrawl: postgres:\/\/\S+@127\.0\.0\.1:\d+\/stalled is unreachable \(NO_ANSWER no answer in 1000 ms\): the crawl stopped, its work stays queued; once it is back, continue with: pricecrawl crawl catalog --resume/);
      expect(ended.stderr).not.toContain('attempts used up');
      for (const pid of stopped.splice(0)) process.kill(pid, 'SIGCONT');
      await expectResumedToTheEnd('stalled', store);
    } finally {
      for (const pid of stopped) process.kill(pid, 'SIGCONT');
      await admin.end();
    }
  }, 180_000);

  /** `--resume` finishes the run: a balanced ledger with nothing failed, every product stored once at its price. */
  async function expectResumedToTheEnd(runId: string, store: string): Promise<void> {
    const resumed = await crawl(['--resume'], store);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toMatch(new RegExp(`accounting: planned ${PLANNED} = succeeded ${PLANNED} \\+ failed 0 \\+ pending 0 {2}✓`));
    const items = await readItems(storage.dir, runId, store);
    expect(items.map((item) => item.sku).sort()).toEqual(site.products.map((p) => p.sku).sort());
    const bySku = new Map(items.map((item) => [item.sku, item.price]));
    for (const product of site.products) expect(bySku.get(product.sku)).toBe(product.price);
  }

  /**
   * The server up but taking no new connection of the crawl's role (its connection limit reached: SQLSTATE
   * 53300, as a full max_connections gives), after the crawl's connections were dropped. Before, raw
   * capture's blob write failed every page as `engine/middleware-error`, listings too, so their products
   * were never planned; the run ended with exit 1 on the driver's bare message, and --resume then called
   * it finished (exit 0) with 12 requests failed and most products missing.
   */
  it('a server that refuses new connections: the crawl stops with exit 2, fails no request, and --resume completes the run once it accepts them', async () => {
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`CREATE ROLE crawler LOGIN PASSWORD '${PASSWORD}'`);
      await admin.unsafe('CREATE DATABASE refused OWNER crawler');
      const store = `postgres://crawler:${PASSWORD}@127.0.0.1:${pg.port}/refused`;
      const before = await productsServed();
      const run = crawl(['--run', 'refused'], store);
      await vi.waitFor(async () => expect(await productsServed()).toBeGreaterThanOrEqual(before + 6), { timeout: 60_000, interval: 50 });
      await admin.unsafe('ALTER ROLE crawler CONNECTION LIMIT 0');
      // Idle ones only: a connection cut mid-statement was already a resumable stop.
      await admin`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'crawler' AND state = 'idle'`;
      const stopped = await run;
      expect(stopped.code, stopped.stderr).toBe(2);
      expect(stopped.stderr).toMatch(/pricecrawl: postgres:\/\/\S+@127\.0\.0\.1:\d+\/refused is unreachable \(.+\): the crawl stopped, its work stays queued; once it is back, continue with: pricecrawl crawl catalog --resume/);
      expect(stopped.stderr).not.toContain('middleware-error');
      expect(stopped.stderr).not.toContain('attempts used up');
      expect(stopped.stdout + stopped.stderr).not.toContain(PASSWORD);

      await admin.unsafe('ALTER ROLE crawler CONNECTION LIMIT -1');
      await expectResumedToTheEnd('refused', store);
    } finally {
      await admin.end();
    }
  }, 180_000);
});
