// An embedded crawl killed after a page's items were durable but before the page was acknowledged, then resumed: the
// page is fetched again, and only what that later fetch saw may stand (the embedded frontier fences its leases too).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { readItems, tempStorageDir } from '../support/test-crawl';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts'; // the spider named `catalog`
const KILL_AT = resolve(import.meta.dirname, '../support/kill-at.mjs');
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

async function crawl(args: string[], killAt?: string): Promise<{ code: number | null; output: string }> {
  const env = killAt ? { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${KILL_AT}`, KILL_AT: killAt } : process.env;
  const child = spawn(process.execPath, ['bin/pricecrawl.js', 'crawl', SPIDER_FILE, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output };
}

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
  const killed = await crawl(args, "sql:before:2:frontier.sqlite:^UPDATE requests SET state = 'succeeded'");
  expect(killed.code).toBeNull(); // SIGKILLed with the item durable, its request unacknowledged
  const resumed = await crawl([...args, '--resume']);
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
