// A resume of a run whose frontier is in Redis, from an item store older than it (a PostgreSQL restored from a backup,
// an items.sqlite restored or copied beside a Redis that kept its state): the products the frontier acknowledged but
// the store lacks are fetched again, as on the embedded frontier, instead of the run ending clean without them.
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { catalogCrawl } from '../support/cli-crawl';
import { runPrefix } from '../../storage/redis/redis-scripts';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { readItems } from '../support/test-crawl';
import { quickCrawlDir } from '../support/quick-crawl-config';

const PRODUCTS = 8;
const EVERY_SKU = Array.from({ length: PRODUCTS }, (_, i) => `SKU-${i}`).sort();
let pg: PostgresServer;
let redis: RedisTestServer;
let site: FixtureServer;
const cleanups: Array<() => void> = [];

beforeAll(async () => {
  pg = await startPostgres();
  redis = await startRedisServer();
  [site] = await startFixtureServers(1);
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(async () => {
  await closeFixtureServers([site]);
  await redis?.stop();
  await pg?.stop();
});

const ACKED_BEFORE_KILL = 4;

/**
 * SIGKILLs a crawl of `runId` once its frontier in Redis holds `succeeded` acknowledgements, told by Redis' keyspace
 * notifications on the run's ledger (each ack counts there), not by polling.
 */
async function crawlKilledAfterAcks(args: string[], runId: string, succeeded: number): Promise<void> {
  const watcher = new Redis(redis.url);
  const reader = new Redis(redis.url);
  try {
    await watcher.config('SET', 'notify-keyspace-events', 'Kh');
    const ledger = `${runPrefix(runId)}ledger`;
    await watcher.subscribe(`__keyspace@0__:${ledger}`);
    const child = spawn(process.execPath, ['bin/pricecrawl.js', 'crawl', 'test/support/spiders/catalog-spider.ts', ...args], { stdio: 'ignore' });
    const acked = new Promise<void>((resolve) => {
      watcher.on('message', () => {
        void reader.hget(ledger, 'succeeded').then((count) => {
          if (Number(count) >= succeeded) resolve();
        });
      });
    });
    const closed = once(child, 'close');
    await Promise.race([acked, closed]);
    child.kill('SIGKILL');
    const [code] = (await closed) as [number | null];
    expect(code, 'the crawl ended before it was killed').toBeNull();
  } finally {
    watcher.disconnect();
    reader.disconnect();
  }
}

/**
 * Crawls the listing and its products with the frontier in Redis, killed (SIGKILL) once the listing and some
 * products are acknowledged with their items stored; `loseItems` then takes the store back to before them (as a
 * restored backup would), and the run is resumed.
 */
async function resumedWithItemsLost(label: string, storeUrl: string | null, loseItems: (dir: string) => Promise<void>) {
  const storage = quickCrawlDir(label, storeUrl, cleanups);
  const config = storage.config;
  const links = Array.from({ length: PRODUCTS }, (_, i) => `<a class="product" href="/${label}/p${i}">P${i}</a>`).join('');
  site.route(`/${label}/list`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(links);
  });
  // The last product is not answered before the kill: the first crawl cannot end on its own.
  let holdLast = true;
  site.route(`/${label}/:product`, (_req, res, ctx) => {
    const n = Number(ctx.params.product.slice(1));
    if (holdLast && n === PRODUCTS - 1) return;
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<main data-sku="SKU-${n}"><span class="price">${n + 10}.00</span></main>`);
  });
  const args = ['--config', config, '--storage', storage.dir, '--frontier', redis.url, '--run', label, '-a', `startUrls=${site.url(`/${label}/list`)}`,
    '-s', 'pipeline.batchSize=1', '-s', 'frontier.leaseTtlMs=1000'];
  await crawlKilledAfterAcks(args, label, 1 + ACKED_BEFORE_KILL);
  holdLast = false;
  await loseItems(storage.dir);
  const resumed = await catalogCrawl([...args, '--resume']);
  return { dir: storage.dir, resumed };
}

describe('a resume of a Redis frontier\'s run whose item store lost acknowledged products', { timeout: 180_000 }, () => {
  it('fetches them again into SQLite items and ends with every product', async () => {
    const label = 'redis-items-sqlite';
    const { dir, resumed } = await resumedWithItemsLost(label, null, async (at) => {
      const db = new Database(join(at, 'items.sqlite'));
      db.prepare('DELETE FROM items WHERE run_id = ?').run(label);
      db.close();
    });
    expect((await readItems(dir, label)).map((item) => item.sku).sort(), resumed.output).toEqual(EVERY_SKU);
    expect(resumed.output).toContain('have no items in the item store');
    expect(resumed.code, resumed.output).toBe(0);
    expect(resumed.output).toMatch(/accounting: planned 9 = succeeded 9 \+ failed 0 \+ pending 0/);
  });

  it('fetches them again into PostgreSQL items and ends with every product', async () => {
    const label = 'redis-items-pg';
    const storeUrl = await pg.createDatabase('redis_resume_items');
    const { dir, resumed } = await resumedWithItemsLost(label, storeUrl, async () => {
      const sql = postgres(storeUrl, { max: 1, onnotice: () => undefined });
      await sql`DELETE FROM items WHERE run_id = ${label}`;
      await sql.end();
    });
    expect((await readItems(dir, label, storeUrl)).map((item) => item.sku).sort(), resumed.output).toEqual(EVERY_SKU);
    expect(resumed.output).toContain('have no items in the item store');
    expect(resumed.code, resumed.output).toBe(0);
    expect(resumed.output).toMatch(/accounting: planned 9 = succeeded 9 \+ failed 0 \+ pending 0/);
  });
});
