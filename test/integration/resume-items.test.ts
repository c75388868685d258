// Resumes of an embedded run that must keep exactly the products the ledger stands for: a page fetched again after
// a kill between its items and its acknowledgement keeps only what the later fetch saw (the embedded frontier fences
// its leases), and a storage dir copied file by file while its crawl wrote (the items file older than the frontier,
// a live `cp -a`) does not finish clean with products missing.
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { readItems, tempStorageDir } from '../support/test-crawl';
import { beforeAck, catalogCrawl } from '../support/cli-crawl';

const PRODUCTS = 8;
let site: FixtureServer;
const cleanups: Array<() => void> = [];

beforeAll(async () => {
  [site] = await startFixtureServers(1);
});
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(async () => {
  await closeFixtureServers([site]);
});

/**
 * The product answers SKU-1 at 10.00 the first time; the crawl dies right after that item's batch commits (its
 * request still leased). Every later fetch answers `later`: taken down (404) or another product on the page.
 */
async function killedThenResumed(label: string, later: 'gone' | 'other-product'): Promise<{ dir: string; resumed: { code: number | null; output: string } }> {
  const storage = tempStorageDir(label);
  cleanups.push(() => storage.cleanup());
  const config = join(storage.dir, 'pricecrawl.config.json');
  writeFileSync(config, JSON.stringify({ politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, log: { format: 'json', level: 'warn' } }));
  let askers = 0;
  site.route(`/${label}/list`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<a class="product" href="/${label}/product">P</a>`);
  });
  site.route(`/${label}/product`, (_req, res) => {
    const first = askers++ === 0;
    if (!first && later === 'gone') res.writeHead(404, { 'content-type': 'text/html' }).end('<p>No longer sold</p>');
    else res.writeHead(200, { 'content-type': 'text/html' }).end(`<main data-sku="${first ? 'SKU-1' : 'SKU-2'}"><span class="price">${first ? '10.00' : '20.00'}</span></main>`);
  });
  const args = ['--config', config, '--storage', storage.dir, '--run', label, '-a', `startUrls=${site.url(`/${label}/list`)}`];
  // The listing is acknowledged first; the product's acknowledgement is the second (its item already durable).
  const killed = await catalogCrawl(args, beforeAck(2));
  expect(killed.code).toBeNull(); // SIGKILLed with the item durable, its request unacknowledged
  const resumed = await catalogCrawl([...args, '--resume']);
  expect(askers, resumed.output).toBe(2);
  return { dir: storage.dir, resumed };
}

describe('an embedded crawl killed between a page\'s items and its acknowledgement, resumed', { timeout: 120_000 }, () => {
  it('keeps no item of a page whose later fetch failed (taken down: 404)', async () => {
    const { dir, resumed } = await killedThenResumed('embedded-retried-gone', 'gone');
    expect(resumed.output).toContain('http/404: 1');
    // The ledger says the product page failed: the killed attempt's price may not stand as current.
    expect((await readItems(dir, 'embedded-retried-gone')).map((item) => item.sku)).toEqual([]);
  });

  it('keeps only what the later fetch saw when the page shows another product by then', async () => {
    const { dir, resumed } = await killedThenResumed('embedded-retried-moved', 'other-product');
    expect(resumed.code).toBe(0);
    expect((await readItems(dir, 'embedded-retried-moved')).map((item) => [item.sku, item.price])).toEqual([['SKU-2', '20.00']]);
  });
});

/** A SQLite file as a file copy takes it: the database with its WAL (a copy without it would miss committed pages). */
function copyDb(name: string, from: string, to: string): void {
  for (const suffix of ['', '-wal']) if (existsSync(join(from, name + suffix))) copyFileSync(join(from, name + suffix), join(to, name + suffix));
}

/** Crawls part of the run, copies one file, goes on, copies the other, and resumes from the copy. */
async function copiedInOrder(label: string, first: 'items.sqlite' | 'frontier.sqlite'): Promise<{ dir: string; resumed: { code: number | null; output: string } }> {
  const live = tempStorageDir(`${label}-live`);
  const copy = tempStorageDir(`${label}-copy`);
  cleanups.push(() => live.cleanup(), () => copy.cleanup());
  const config = join(live.dir, 'pricecrawl.config.json');
  writeFileSync(config, JSON.stringify({ politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, log: { format: 'json', level: 'warn' } }));
  const links = Array.from({ length: PRODUCTS }, (_, i) => `<a class="product" href="/${label}/p${i}">P${i}</a>`).join('');
  site.route(`/${label}/list`, (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(links);
  });
  site.route(`/${label}/:product`, (_req, res, ctx) => {
    const n = Number(ctx.params.product.slice(1));
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<main data-sku="SKU-${n}"><span class="price">${n + 10}.00</span></main>`);
  });
  // One item per batch: each product's commit and acknowledgement are their own.
  const args = (dir: string) => ['--config', config, '--storage', dir, '--run', label, '-a', `startUrls=${site.url(`/${label}/list`)}`, '-s', 'pipeline.batchSize=1'];
  // The listing and one product acknowledged: the moment the copy takes its first file.
  expect((await catalogCrawl(args(live.dir), beforeAck(3))).code).toBeNull();
  copyDb(first, live.dir, copy.dir);
  // The crawl goes on meanwhile (here: resumed) and acknowledges four more before the copy reaches the other file.
  expect((await catalogCrawl([...args(live.dir), '--resume'], beforeAck(5))).code).toBeNull();
  copyDb(first === 'items.sqlite' ? 'frontier.sqlite' : 'items.sqlite', live.dir, copy.dir);
  return { dir: copy.dir, resumed: await catalogCrawl([...args(copy.dir), '--resume']) };
}

const EVERY_SKU = Array.from({ length: PRODUCTS }, (_, i) => `SKU-${i}`).sort();

describe('a resume from a storage dir copied file by file while its crawl wrote', { timeout: 180_000 }, () => {
  it('fetches again what the frontier acknowledged but an older items file does not hold, and ends with every product', async () => {
    const { dir, resumed } = await copiedInOrder('copied-items-first', 'items.sqlite');
    expect((await readItems(dir, 'copied-items-first')).map((item) => item.sku).sort(), resumed.output).toEqual(EVERY_SKU);
    expect(resumed.output).toContain('have no items in the item store');
    expect(resumed.code).toBe(0);
    expect(resumed.output).toMatch(/accounting: planned 9 = succeeded 9 \+ failed 0 \+ pending 0/);
  });

  it('takes a frontier older than its items file as it is (the pages it lacks are fetched again), fetching nothing twice for the check', async () => {
    const { dir, resumed } = await copiedInOrder('copied-frontier-first', 'frontier.sqlite');
    expect((await readItems(dir, 'copied-frontier-first')).map((item) => item.sku).sort(), resumed.output).toEqual(EVERY_SKU);
    expect(resumed.output).not.toContain('have no items in the item store');
    expect(resumed.code).toBe(0);
  });
});
