// A storage file deleted while the crawl runs (a clean-up job, rm of the wrong dir): the crawl stops naming it, nothing is acknowledged into a deleted file.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteFrontier } from '../../storage/sqlite/sqlite-frontier';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { childTracker, type CliRun } from '../support/run-cli';
import { readItems, tempStorageDir } from '../support/test-crawl';
import { itemsWithoutBody } from '../support/stored-bodies';

const REFUSAL = /a file in \S+ was deleted or replaced while the crawl ran \(SQLITE_READONLY_DBMOVED\)/;
const ALL_DONE = /accounting: planned 44 = succeeded 44 \+ failed 0 \+ pending 0/;

/**
 * Before, a connection kept committing to the deleted inode: items.sqlite deleted → every later batch
 * "durable" in a file nobody could open, the run marked finished with all 44 requests succeeded, then
 * exit 1 on "no such table: items" (not resumable); blobs.sqlite → items whose rawHash named no stored
 * body; frontier.sqlite → exit 0 "finished", and no run left to list, report or resume.
 * `resume`: crawl again with --resume once the first crawl ended. `only`: delete only the files with these
 * suffixes ('' the file itself). `killAt`: kill -9 the crawl at that many arrivals, if it still runs.
 */
function crawlDeletingFile(file: string, arrivals: number, resume: boolean, options: { only?: string[]; killAt?: number } = {}) {
  const state = { site: null as unknown as CatalogSite, first: null as unknown as CliRun, resumed: null as CliRun | null, arrivalsBeforeResume: 0 };
  const storage = tempStorageDir('file-moved');
  const children = childTracker();
  const crawl = catalogCrawler({ startUrls: () => state.site.startUrls, dir: storage.dir, intervalMs: 15, track: children.track });
  beforeAll(async () => {
    state.site = await startCatalogSite({ hosts: 1, productsPerHost: 40, perPage: 10 });
    state.first = await crawl([], (child) => {
      void state.site.servers[0].waitForRequests(arrivals).then(() => {
        for (const suffix of options.only ?? ['', '-wal', '-shm']) rmSync(join(storage.dir, file + suffix), { force: true });
      });
      if (options.killAt !== undefined) void state.site.servers[0].waitForRequests(options.killAt).then(() => child.kill('SIGKILL'));
    });
    state.arrivalsBeforeResume = state.site.servers[0].requests.length;
    if (resume) state.resumed = await crawl(['--resume']);
  }, 60_000);
  afterAll(async () => {
    children.killAll();
    await state.site.close();
    storage.cleanup();
  });
  return { state, dir: storage.dir };
}

/** The resume continued the run the deletion stopped (not a fresh one that fetched everything again) and finished it. */
function expectResumed(resumed: CliRun | null, dir: string): void {
  expect(resumed?.code).toBe(0);
  expect(resumed?.stdout).toMatch(ALL_DONE);
  expect(SqliteFrontier.listRuns(dir, 'catalog')).toHaveLength(1);
}

function expectRefusal(first: CliRun): void {
  expect(first.code).toBe(2);
  expect(first.stderr).toMatch(REFUSAL);
  expect(first.stdout).not.toMatch(/: finished in/);
}

/** Deleted at arrival 2 (robots.txt, then the first listing), a file holds no product's item or body yet: after the resume every product must be stored. */
describe.each(['items.sqlite', 'blobs.sqlite'])('%s deleted after 2 arrivals at the site', (file) => {
  const { state, dir } = crawlDeletingFile(file, 2, true);

  it('stops the crawl with one refusal that says a file was deleted, not a clean or broken run', () => expectRefusal(state.first));

  it('leaves the run resumable: --resume finishes it', () => expectResumed(state.resumed, dir));

  it('stores every product once, each with the body its rawHash names', async () => {
    const runId = /run (\S+) of spider catalog: finished/.exec(state.resumed!.stdout)![1];
    const items = await readItems(dir, runId);
    expect(items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(state.site.products.map((p) => `${p.sku} ${p.price}`).sort());
    expect(await itemsWithoutBody(dir, items)).toEqual([]);
  });
});

/** The fetch log is the run's record of every fetch (the report's fetches, latencies and host outcomes read it). */
describe('fetch-log.sqlite deleted after 8 arrivals', () => {
  const { state, dir } = crawlDeletingFile('fetch-log.sqlite', 8, true);

  it('stops the crawl with the refusal instead of a finished run whose fetch log is gone', () => expectRefusal(state.first));

  it('stops when the next rows are written, not after crawling every page into the deleted file', () => {
    // 40 products and 4 listing pages, robots.txt besides: a crawl that ran to its end saw 45 arrivals.
    expect(state.arrivalsBeforeResume).toBeLessThan(45);
  });

  it('leaves the run resumable: --resume finishes it', () => expectResumed(state.resumed, dir));
});

describe('items.sqlite deleted after 20 arrivals', () => {
  const { state, dir } = crawlDeletingFile('items.sqlite', 20, true);

  it('stops the crawl with the refusal', () => expectRefusal(state.first));

  it('leaves the run resumable: --resume finishes it', () => expectResumed(state.resumed, dir));
});

describe('frontier.sqlite deleted after 8 arrivals', () => {
  const { state } = crawlDeletingFile('frontier.sqlite', 8, false);

  it('stops the crawl with the refusal instead of a finished run whose ledger is gone', () => expectRefusal(state.first));
});

/**
 * Only the write-ahead log deleted (rm *.sqlite-wal, taken for a temporary file): the connection kept committing
 * into the deleted log, and a clean exit checkpointed it back, but a crash lost every commit since the last
 * checkpoint: items.sqlite came back without the items table, and --resume ended the run with those products
 * counted succeeded and never stored. Killed at arrival 30 if it has not stopped by then (45 in a whole run).
 */
describe('items.sqlite-wal alone deleted after 8 arrivals, the crawl killed later', () => {
  const { state, dir } = crawlDeletingFile('items.sqlite', 8, true, { only: ['-wal'], killAt: 30 });

  it('stops the crawl with the refusal at its next commit, before the kill', () => expectRefusal(state.first));

  it('loses nothing acknowledged: after --resume every product is stored once', async () => {
    expectResumed(state.resumed, dir);
    const runId = /run (\S+) of spider catalog: finished/.exec(state.resumed!.stdout)![1];
    const items = await readItems(dir, runId);
    expect(items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(state.site.products.map((p) => `${p.sku} ${p.price}`).sort());
  });
});
