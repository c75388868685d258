// A second crawl of a run that a live process crawls, on the embedded frontier: refused, and the first finishes the run.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { childTracker, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

/** The run's items: each product of the site once. */
function expectEveryProductOnce(dir: string, site: CatalogSite): void {
  const db = new Database(join(dir, 'items.sqlite'), { readonly: true });
  try {
    const skus = db.prepare('SELECT sku FROM items').pluck().all() as string[];
    expect(skus.sort()).toEqual(site.products.map((p) => p.sku).sort());
  } finally {
    db.close();
  }
}

/**
 * Each crawl process keeps its hosts' intervals in memory: before, two resumes of one run each sent at
 * the full rate (19 of 38 gaps under a 100 ms interval at the site), and both folded the run into the
 * catalog. The run is killed at two points; then one resume runs, held at its robots.txt (so it surely
 * still crawls), while a second resume of the same run starts.
 */
describe.each([4, 15])('a run killed after %i arrivals, resumed by a second process while a first one crawls it', (killAfter) => {
  let site: CatalogSite;
  const storage = tempStorageDir('one-crawl');
  const children = childTracker();
  let release: () => void = () => undefined;
  let holdRobots: Promise<void> | null = null;
  let second: CliRun;
  let first: CliRun;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 20, perPage: 10 });
    site.servers[0].route('/robots.txt', async (_req, res) => {
      await holdRobots;
      res.writeHead(404).end();
    });
    const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 20, track: children.track });
    await crawl([], (child) => void site.servers[0].waitForRequests(killAfter).then(() => child.kill('SIGKILL')));
    holdRobots = new Promise((resolve) => (release = resolve));
    const arrived = site.servers[0].requests.length;
    const firstDone = crawl(['--resume']);
    await site.servers[0].waitForRequests(arrived + 1);
    // Refused, the second ends; crawling beside the first (as before), it asks for robots.txt too.
    const secondDone = crawl(['--resume']);
    await Promise.race([secondDone, site.servers[0].waitForRequests(arrived + 2)]);
    release();
    [first, second] = await Promise.all([firstDone, secondDone]);
  }, 60_000);
  afterAll(async () => {
    release();
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('refuses the second, naming the process that crawls the run', () => {
    expect(second.code).toBe(2);
    // The spider's claim refuses it before it opens the run (the run's own claim stands behind it).
    expect(second.stderr).toMatch(/spider catalog is being crawled on this store by process \d+/);
    expect(second.stdout).not.toMatch(/accounting/);
  });

  it('lets the first finish the run with every product stored once', () => {
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/accounting: planned 22 = succeeded 22 \+ failed 0 \+ pending 0/);
    expectEveryProductOnce(storage.dir, site);
  });
});

/** Two `--resume`s of one killed run started in the same instant (two operators, a scheduler and a person). */
describe('two resumes of a killed run started together', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('two-resumes');
  const children = childTracker();
  let runs: CliRun[];

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 20, perPage: 10 });
    const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 20, track: children.track });
    await crawl([], (child) => void site.servers[0].waitForRequests(6).then(() => child.kill('SIGKILL')));
    runs = await Promise.all([crawl(['--resume']), crawl(['--resume'])]);
  }, 180_000);
  afterAll(async () => {
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('lets one finish the run with every product stored once and refuses the other with its reason', () => {
    const codes = runs.map((run) => run.code).sort();
    expect(codes, runs.map((run) => run.stderr.slice(-800)).join('\n---\n')).toEqual([0, 2]);
    const [finished, refused] = runs[0].code === 0 ? runs : [runs[1], runs[0]];
    expect(refused.stderr).toMatch(/being crawled (on this store )?by process \d+/);
    expect(refused.stdout).not.toMatch(/accounting/);
    expect(finished.stdout).toMatch(/accounting: planned 22 = succeeded 22 \+ failed 0 \+ pending 0/);
    expectEveryProductOnce(storage.dir, site);
  });
});
