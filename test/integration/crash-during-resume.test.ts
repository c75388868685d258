// kill -9 in the middle of a crawl, then kill -9 again in the middle of its `--resume`, then a second resume: one run, every product once.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { childTracker, runRecordsJson, type CliRun } from '../support/run-cli';
import { readItems, tempStorageDir } from '../support/test-crawl';

const HOSTS = 2;
const PRODUCTS_PER_HOST = 60;
/** Products and listing pages (10 products a page). */
const PLANNED = HOSTS * (PRODUCTS_PER_HOST + PRODUCTS_PER_HOST / 10);

describe('a crawl killed, resumed, killed again during the resume and resumed again', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('crash-twice');
  const children = childTracker();
  let requestsAtSecondKill: number;
  let last: CliRun;
  let runs: Array<{ runId: string; outcome: string }>;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: HOSTS, productsPerHost: PRODUCTS_PER_HOST, perPage: 10 });
    const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 5, track: children.track });
    /** SIGKILL once the first host has seen `more` requests beyond those it had. */
    const killAfter = (more: number) => {
      const target = site.servers[0].requests.length + more;
      return (child: ChildProcess) => void site.servers[0].waitForRequests(target).then(() => child.kill('SIGKILL'));
    };
    await crawl([], killAfter(20));
    await crawl(['--resume'], killAfter(20));
    requestsAtSecondKill = site.servers.reduce((n, s) => n + s.requests.length, 0);
    last = await crawl(['--resume']);
    runs = await runRecordsJson(['--storage', storage.dir]);
  }, 120_000);
  afterAll(async () => {
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('was interrupted twice part-way', () => {
    expect(requestsAtSecondKill).toBeGreaterThanOrEqual(40);
    expect(requestsAtSecondKill).toBeLessThan(PLANNED);
  });

  it('finishes the one run, its ledger balanced with nothing failed', () => {
    expect(last.code).toBe(0);
    expect(runs).toHaveLength(1);
    expect(runs[0].outcome).toBe('finished');
    expect(last.stdout).toContain(`accounting: planned ${PLANNED} = succeeded ${PLANNED} + failed 0 + pending 0`);
  });

  it('stores every product exactly once, at the price the site shows', async () => {
    const items = await readItems(storage.dir, runs[0].runId);
    expect(items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
  });
});
