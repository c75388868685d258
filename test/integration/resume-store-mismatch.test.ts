// A killed embedded run resumed with another item store (`--store`): refused before it fetches, until resumed with its own.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { cli, runRecordsJson, type CliRun } from '../support/run-cli';
import { readItems, tempStorageDir } from '../support/test-crawl';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts';
const KILL_AT = resolve(import.meta.dirname, '../support/kill-at.mjs');
const PRODUCTS = 20;

/**
 * Before, the frontier (frontier.sqlite in --storage) resumed the run whatever store the resume named: the
 * items before the kill stayed in one store and the rest went to the other, so neither held the run, and the
 * run's end folded only the second part into the price history and the catalog. A Redis run already refused
 * a worker with another store (FRONTIER_STORE_MISMATCH); the embedded frontier now does the same.
 */
describe('a killed run resumed with another item store', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('resume-store');
  const other = tempStorageDir('resume-store-other');
  let killed: CliRun;
  let refused: CliRun;
  let requestsAtRefusal = 0;
  let resumed: CliRun;

  const crawl = (extra: string[], env?: NodeJS.ProcessEnv) => cli(['crawl', SPIDER_FILE, '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir,
    '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=10', '-s', 'log.statsIntervalMs=0', ...extra], { env });
  const requests = () => site.servers.reduce((n, s) => n + s.requests.length, 0);

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: PRODUCTS, perPage: 5 });
    killed = await crawl([], { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${KILL_AT}`, KILL_AT: 'heads:8' });
    const before = requests();
    refused = await crawl(['--resume', '--store', `sqlite:${other.dir}`]);
    requestsAtRefusal = requests() - before;
    resumed = await crawl(['--resume']);
  }, 120_000);
  afterAll(async () => {
    await site.close();
    storage.cleanup();
    other.cleanup();
  });

  it('refuses the resume with the other store, naming both, before any request', async () => {
    expect(killed.signal).toBe('SIGKILL');
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(`keeps its items in the storage dir`);
    expect(refused.stderr).toContain(resolve(other.dir));
    expect(requestsAtRefusal).toBe(0);
  });

  it('resumed with its own store, the same run finishes with every product there once', async () => {
    expect(resumed.code, resumed.stderr).toBe(0);
    const runId = /run (\S+) of spider catalog: finished/.exec(resumed.stdout)?.[1] ?? '';
    // One run: the killed one, finished by this resume (not by the refused one, after which this would start afresh).
    expect((await runRecordsJson(['--storage', storage.dir])).map((r) => r.runId)).toEqual([runId]);
    const skus = (await readItems(storage.dir, runId)).map((item) => item.sku);
    expect(skus).toHaveLength(PRODUCTS);
    expect(new Set(skus).size).toBe(PRODUCTS);
  });
});
