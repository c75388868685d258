// A Redis worker stopped past its lease (SIGSTOP: a GC pause, a suspended VM) while another worker took the request
// over and stored its item: when the first runs again and reads the answer it had in flight, its item must not
// replace the newer one. Each lease carries a fencing token the item rows keep, and an older token never wins.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { readItems } from '../support/test-crawl';
import { quickCrawlDir } from '../support/quick-crawl-config';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts'; // the spider named `catalog`
let pg: PostgresServer;
let redis: RedisTestServer;
let site: FixtureServer;
const processes: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  pg = await startPostgres();
  redis = await startRedisServer();
  [site] = await startFixtureServers(1);
});
afterEach(async () => {
  for (const child of processes.splice(0)) {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, 'SIGCONT');
      process.kill(-child.pid, 'SIGKILL'); // only after a failed wait
    }
  }
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  await closeFixtureServers([site]);
  await redis?.stop();
  await pg?.stop();
});

/**
 * The product's first asker (the crawl that opened the run) is held and answered 10.00 only after the worker
 * that took its request over got 20.00 (or, `gone`, a 404: the product was taken down) and ended the run; every
 * later asker gets the same at once.
 */
async function staleAnswerAfterTakeOver(label: string, storeUrl: string | null, later: 'price' | 'gone' | 'other-product' = 'price'): Promise<{ dir: string; staleExit: number; staleOutput: string; workerExit: number }> {
  const storage = quickCrawlDir(label, storeUrl, cleanups);
  const config = storage.config;
  let releaseStale = () => undefined as void;
  const staleAnswer = new Promise<void>((resolve) => (releaseStale = resolve));
  let firstAsked = () => undefined as void;
  const asked = new Promise<void>((resolve) => (firstAsked = resolve));
  let askers = 0;
  site.route(`/${label}/list`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<a class="product" href="/${label}/product">P</a>`);
  });
  site.route(`/${label}/product`, async (_req, res) => {
    const first = askers++ === 0;
    if (first) {
      firstAsked();
      await staleAnswer;
    }
    if (!first && later === 'gone') res.writeHead(404, { 'content-type': 'text/html' }).end('<p>No longer sold</p>');
    else {
      // other-product: the page changed between the two fetches and now shows another product.
      const sku = !first && later === 'other-product' ? 'SKU-2' : 'SKU-1';
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<main data-sku="${sku}"><span class="price">${first ? '10.00' : '20.00'}</span></main>`);
    }
  });
  const shared = ['--config', config, '--storage', storage.dir, '--frontier', redis.url, '--run', label, '-s', 'frontier.leaseTtlMs=1000'];
  const start = (command: 'crawl' | 'worker', args: string[]) => {
    const child = spawn(process.execPath, ['bin/pricecrawl.js', command, SPIDER_FILE, ...shared, ...args], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    processes.push(child);
    return child;
  };
  const stale = start('crawl', ['-a', `startUrls=${site.url(`/${label}/list`)}`]);
  let staleOutput = '';
  stale.stdout!.on('data', (chunk: Buffer) => (staleOutput += chunk.toString()));
  stale.stderr!.on('data', (chunk: Buffer) => (staleOutput += chunk.toString()));
  const staleExited = once(stale, 'exit');
  await asked;
  process.kill(-stale.pid!, 'SIGSTOP'); // its lease runs out while it is stopped
  const worker = start('worker', []);
  worker.stdout!.resume();
  worker.stderr!.resume();
  const [workerExit] = (await once(worker, 'exit')) as [number];
  expect(askers).toBe(2); // the worker reclaimed the lease and fetched the product itself
  releaseStale();
  process.kill(-stale.pid!, 'SIGCONT');
  const [staleExit] = (await staleExited) as [number];
  return { dir: storage.dir, staleExit, staleOutput, workerExit };
}

/** The stopped process's refused write is in its summary, naming the request, and its exit is not clean. */
function expectStaleWriteTold(ended: { staleExit: number; staleOutput: string }, path: string): void {
  expect(ended.staleOutput).toContain('ITEMS REFUSED AS STALE: 1 of 1 request');
  expect(ended.staleOutput).toContain(site.url(path));
  expect(ended.staleExit).toBe(2);
}

// Two CLI processes started one after the other (each compiles the spider): 30 s each on a loaded two-core machine.
describe('a worker stopped past its lease, its request taken over and stored by another', { timeout: 120_000 }, () => {
  it('does not replace the newer item in PostgreSQL when it runs again and reads its old answer', async () => {
    const storeUrl = await pg.createDatabase('stale_lease_pg');
    const ended = await staleAnswerAfterTakeOver('stale-lease-pg', storeUrl);
    expect(ended.workerExit).toBe(0);
    const items = await readItems(ended.dir, 'stale-lease-pg', storeUrl);
    expect(items.map((item) => item.price)).toEqual(['20.00']);
    expectStaleWriteTold(ended, '/stale-lease-pg/product');
  });

  it('does not replace the newer item in SQLite either', async () => {
    const ended = await staleAnswerAfterTakeOver('stale-lease-sqlite', null);
    expect(ended.workerExit).toBe(0);
    const items = await readItems(ended.dir, 'stale-lease-sqlite');
    expect(items.map((item) => item.price)).toEqual(['20.00']);
    expectStaleWriteTold(ended, '/stale-lease-sqlite/product');
  });

  it('keeps only what the newer fetch saw when the page showed another product by then', async () => {
    const storeUrl = await pg.createDatabase('stale_lease_moved');
    const ended = await staleAnswerAfterTakeOver('stale-lease-moved', storeUrl, 'other-product');
    expect(ended.workerExit).toBe(0);
    // The ledger's success is the newer lease's: SKU-1 at 10.00, which only the older page showed, is no current price.
    const items = await readItems(ended.dir, 'stale-lease-moved', storeUrl);
    expect(items.map((item) => [item.sku, item.price])).toEqual([['SKU-2', '20.00']]);
    expectStaleWriteTold(ended, '/stale-lease-moved/product');
  });

  it('keeps only what the newer fetch saw in SQLite too', async () => {
    const ended = await staleAnswerAfterTakeOver('stale-lease-moved-sqlite', null, 'other-product');
    const items = await readItems(ended.dir, 'stale-lease-moved-sqlite');
    expect(items.map((item) => [item.sku, item.price])).toEqual([['SKU-2', '20.00']]);
    expectStaleWriteTold(ended, '/stale-lease-moved-sqlite/product');
  });

  it('keeps no item of the request when the worker that took it over recorded its failure (a 404)', async () => {
    const storeUrl = await pg.createDatabase('stale_lease_gone');
    const ended = await staleAnswerAfterTakeOver('stale-lease-gone', storeUrl, 'gone');
    // The ledger says the product page failed http/404: no price of it may stand in the store as current.
    const items = await readItems(ended.dir, 'stale-lease-gone', storeUrl);
    expect(items.map((item) => item.price)).toEqual([]);
    expect(ended.staleOutput).toContain('http/404: 1');
    expectStaleWriteTold(ended, '/stale-lease-gone/product');
  });
});
