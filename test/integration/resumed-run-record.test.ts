// A run stopped part-way (SIGTERM, kill -9) and resumed: its record, summary and report count the whole run's items, not the last process's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { childTracker, cli, runRecordsJson, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

/**
 * Before, `items` came from the resuming process's counters: a run of 30 products stopped after 25
 * arrivals (SIGTERM) and resumed showed `planned 36 ok 36 … items 5` in `pricecrawl runs`, "items written 5" in
 * its report, and a summary with no word of the other 25.
 */
describe.each([
  ['SIGTERM', 12],
  ['SIGTERM', 25],
  ['SIGKILL', 20],
] as const)('a run stopped by %s after %i arrivals, then resumed', (signal, arrivals) => {
  let site: CatalogSite;
  const storage = tempStorageDir('resumed-record');
  const children = childTracker();
  let first: CliRun;
  let resumed: CliRun;
  let runs: Array<{ runId: string; outcome: string; exitCode: number; planned: number; succeeded: number; items: number }>;

  const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 10, track: children.track });

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 30, perPage: 5 });
    first = await crawl([], (child) => void site.servers[0].waitForRequests(arrivals).then(() => child.kill(signal)));
    resumed = await crawl(['--resume']);
    runs = await runRecordsJson(['--storage', storage.dir]);
  }, 60_000);
  afterAll(async () => {
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('was stopped part-way', () => {
    expect(first.code ?? first.signal).toBe(signal === 'SIGTERM' ? 2 : 'SIGKILL');
  });

  it('records the run with all of its items', () => {
    expect(resumed.code).toBe(0);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'finished', exitCode: 0, planned: 36, succeeded: 36, items: site.products.length });
  });

  it('says in the summary how many items the run holds', () => {
    expect(resumed.stdout).toContain(`; the run holds ${site.products.length}`);
  });

  it('reports the run’s stored items', async () => {
    const out = join(storage.dir, 'report.html');
    expect((await cli(['report', runs[0].runId, '--storage', storage.dir, '-o', out])).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(new RegExp(`<th>items stored</th><td>${site.products.length}</td>`));
  });
});
