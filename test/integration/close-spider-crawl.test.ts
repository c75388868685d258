// closeSpider.* limits and depth.limit on whole crawls of a loopback link tree: a clean stop, its reason recorded, the rest resumable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/cli/summary-text';
import { exitCodeFor } from '../../src/engine/run-summary';
import { acquireFrontierConnection } from '../../storage/sqlite/frontier-connection';
import { getRunRecord } from '../../storage/sqlite/run-records';
import { cli } from '../support/run-cli';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { TreeSpider } from '../support/spiders/tree-spider';
import { startTreeSite, type TreeSite } from '../support/tree-site';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const PAGES = 31; // depths 0..4
const base = {
  politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 1 },
  robots: { obey: false },
  pipeline: { batchSize: 2, batchMaxAgeMs: 20 },
  log: { statsIntervalMs: 0 },
};

function runRecord(dir: string, runId: string) {
  const connection = acquireFrontierConnection(dir);
  try {
    return getRunRecord(connection.db, runId);
  } finally {
    connection.release();
  }
}

describe('close-spider limits and the depth limit', () => {
  let site: TreeSite;
  const storages: Array<ReturnType<typeof tempStorageDir>> = [];
  const storage = (label: string) => {
    const s = tempStorageDir(label);
    storages.push(s);
    return s.dir;
  };
  const spider = () => new TreeSpider({ startUrls: site.server.url('/p/0') });

  beforeAll(async () => {
    site = await startTreeSite(PAGES);
  });
  afterAll(async () => {
    await site.close();
    for (const s of storages) s.cleanup();
  });

  it('depth.limit=2 fetches depths 0–2 only, counts the deeper links as depth/skipped, and finishes', async () => {
    const dir = storage('depth');
    const before = site.server.requests.length;
    const { summary, items } = await crawlInProcess(spider(), dir, { ...base, depth: { limit: 2 } });
    const fetched = site.server.requests.slice(before).map((r) => Number(r.path.split('/')[2]));
    expect(fetched.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(Math.max(...fetched.map(site.depthOf))).toBe(2);
    expect(items).toHaveLength(7);
    expect(summary.status).toBe('finished');
    expect(summary.stopReason).toBeNull();
    expect(summary.ledger).toMatchObject({ planned: 7, succeeded: 7, failed: 0, pending: 0 });
    // The 4 pages at depth 2 each link to 2 children at depth 3.
    expect(summary.handling['depth/skipped']).toBe(8);
  });

  it('skips mailto:, tel:, javascript:, data: and repeated links with counted reasons; the callback goes on after them', async () => {
    const dir = storage('follow');
    const { summary, items } = await crawlInProcess(spider(), dir, { ...base, depth: { limit: 1 } });
    expect(items).toHaveLength(3);
    // Each of the 3 pages: one contact link through follow() and one through followAll() (mailto counted twice).
    expect(summary.handling).toMatchObject({ 'follow/skipped/mailto': 6, 'follow/skipped/tel': 3, 'follow/skipped/javascript': 3, 'follow/skipped/data': 3 });
    // Pages 0, 1 and 2 each link to their children twice (relative and absolute): 2 repeats each.
    expect(summary.handling['follow/skipped/duplicate']).toBe(6);
    expect(summary.ledger.failed).toBe(0);
    expect(formatSummary(summary)).toMatch(/^ {4}mailto: links \(not crawlable\) +6$/m);
  });

  it('closeSpider.itemCount stops cleanly (exit 0), records the reason, and --resume crawls the rest without duplicates', async () => {
    const dir = storage('itemcount');
    const first = await crawlInProcess(spider(), dir, { ...base, closeSpider: { itemCount: 5 } });
    expect(first.summary.status).toBe('stopped');
    expect(first.summary.stopReason).toBe('closespider/itemcount');
    expect(exitCodeFor(first.summary)).toBe(0);
    expect(first.summary.balanced).toBe(true);
    expect(first.items.length).toBeGreaterThanOrEqual(5);
    expect(first.items.length).toBeLessThan(PAGES);
    expect(first.summary.ledger.pending).toBeGreaterThan(0);
    expect(formatSummary(first.summary)).toContain('stopped by: closespider/itemcount');
    const record = runRecord(dir, first.summary.runId);
    expect(record).toMatchObject({ outcome: 'stopped', exitCode: 0 });
    expect(JSON.parse(record!.summaryJson!)).toMatchObject({ stopReason: 'closespider/itemcount' });
    const runs = await cli(['runs', '--json', '--storage', dir]);
    expect(JSON.parse(runs.stdout.trim())).toMatchObject({ runId: first.summary.runId, outcome: 'stopped', exitCode: 0, stopReason: 'closespider/itemcount' });

    const resumed = await crawlInProcess(spider(), dir, base, { resume: true });
    expect(resumed.summary.runId).toBe(first.summary.runId);
    expect(resumed.summary.status).toBe('finished');
    expect(resumed.items.map((item) => item.sku).sort()).toEqual(Array.from({ length: PAGES }, (_, k) => `/p/${k}`).sort());
  });

  it('keeps each request\'s depth in the frontier: a resumed run still stops at depth.limit', async () => {
    const dir = storage('depth-resume');
    const first = await crawlInProcess(spider(), dir, { ...base, depth: { limit: 2 }, closeSpider: { pageCount: 2 } });
    expect(first.summary.ledger.pending).toBeGreaterThan(0);
    const resumed = await crawlInProcess(spider(), dir, { ...base, depth: { limit: 2 } }, { resume: true });
    expect(resumed.summary.status).toBe('finished');
    // Read back as depth 0, the queued pages at depth 1–2 would let depths 3–4 in.
    expect(resumed.items.map((item) => item.sku).sort()).toEqual(['/p/0', '/p/1', '/p/2', '/p/3', '/p/4', '/p/5', '/p/6']);
  });

  it('closeSpider.pageCount stops after that many responses', async () => {
    const dir = storage('pagecount');
    const before = site.server.requests.length;
    const { summary } = await crawlInProcess(spider(), dir, { ...base, closeSpider: { pageCount: 4 } });
    expect(summary).toMatchObject({ status: 'stopped', stopReason: 'closespider/pagecount' });
    const fetched = site.server.requests.length - before;
    expect(fetched).toBeGreaterThanOrEqual(4);
    expect(fetched).toBeLessThan(PAGES);
    expect(summary.ledger.pending).toBeGreaterThan(0);
  });

  it('closeSpider.errorCount stops once that many requests failed', async () => {
    const dir = storage('errorcount');
    const urls = Array.from({ length: 20 }, (_, i) => site.server.url(`/p/${1000 + i}`)); // all 404
    const { summary } = await crawlInProcess(new UrlListSpider(urls), dir, { ...base, closeSpider: { errorCount: 3 } });
    expect(summary).toMatchObject({ status: 'stopped', stopReason: 'closespider/errorcount' });
    expect(summary.ledger.failed).toBeGreaterThanOrEqual(3);
    expect(summary.ledger.failed).toBeLessThan(20);
    expect(summary.ledger.pending).toBe(20 - summary.ledger.failed - summary.ledger.succeeded);
    expect(exitCodeFor(summary)).toBe(0);
  });

  it('closeSpider.timeoutSec stops a crawl that would outlast it', async () => {
    const dir = storage('timeout');
    // 31 pages, one every 100 ms: about 3 s without the limit.
    const { summary } = await crawlInProcess(spider(), dir, { ...base, politeness: { ...base.politeness, minIntervalMs: 100 }, closeSpider: { timeoutSec: 0.4 } });
    expect(summary).toMatchObject({ status: 'stopped', stopReason: 'closespider/timeout' });
    expect(summary.ledger.succeeded).toBeLessThan(PAGES);
    expect(summary.ledger.pending).toBeGreaterThan(0);
    expect(exitCodeFor(summary)).toBe(0);
  });
});
