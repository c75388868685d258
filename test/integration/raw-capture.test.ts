// Raw capture: every fetch has a fetch-log row, every item's rawHash resolves to the bytes holding its price, spider bugs included.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { amountOf, parsePrice } from '../../src/prices/parse-price';
import { sha256Hex } from '../../src/core/blob-hash';
import type { FetchLogRow } from '../../src/ports/fetch-log';
import { SqliteBlobStore } from '../../storage/sqlite/sqlite-blob-store';
import { SqliteFetchLog } from '../../storage/sqlite/sqlite-fetch-log';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

let site: CatalogSite;
let storage: ReturnType<typeof tempStorageDir>;
let result: TestCrawlResult;
let rows: FetchLogRow[];

beforeAll(async () => {
  site = await startCatalogSite({ hosts: 1, productsPerHost: 8, perPage: 4, extraProductPaths: ['/p/NO-SUCH', '/reset'] });
  storage = tempStorageDir('raw-capture');
  // H0-P3's callback throws: its page must still be captured and logged.
  const spider = new CatalogSpider({ startUrls: site.startUrls.join(','), failOn: 'H0-P3' });
  result = await crawlInProcess(spider, storage.dir, {
    politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 },
    pipeline: { batchMaxAgeMs: 20 },
  });
  const log = SqliteFetchLog.open(storage.dir);
  rows = await log.rows(result.summary.runId);
  await log.close();
});
afterAll(async () => {
  await site.close();
  storage.cleanup();
});

describe('raw capture and the fetch log', () => {
  it('writes exactly one fetch-log row per request the server received', () => {
    // robots.txt is fetched by the robots middleware outside the request chain: not a planned fetch.
    const crawlRequests = site.servers[0].requests.filter((r) => r.path !== '/robots.txt');
    // 2 listings + 8 products + /p/NO-SUCH, and /reset sent retry.maxAttempts (4) times.
    expect(crawlRequests.length).toBe(2 + 8 + 1 + 4);
    expect(rows.length).toBe(crawlRequests.length);
    const resets = rows.filter((row) => row.url.endsWith('/reset'));
    expect(resets.map((row) => row.attempt).sort()).toEqual([0, 1, 2, 3]);
    for (const reset of resets) expect(reset).toMatchObject({ status: null, rawHash: null, outcome: expect.stringMatching(/^fetch\//) });
    expect(rows.find((row) => row.url.endsWith('/p/NO-SUCH'))).toMatchObject({ status: 404, outcome: 'response', bytes: 0 });
    const others = rows.filter((row) => !row.url.endsWith('/reset'));
    expect(new Set(others.map((row) => row.url)).size).toBe(others.length);
    for (const row of others) expect(row.attempt).toBe(0);
    for (const row of rows) {
      expect(row.host).toBe(new URL(row.url).host);
      expect(row.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('resolves every stored item\'s rawHash to bytes that contain its price text', async () => {
    const blobs = SqliteBlobStore.open(storage.dir);
    try {
      expect(result.items.length).toBe(7);
      for (const item of result.items) {
        const bytes = await blobs.get(item.rawHash);
        expect(bytes, item.sku ?? item.url).not.toBeNull();
        expect(sha256Hex(bytes!)).toBe(item.rawHash);
        const priceText = /<span class="price">([^<]+)<\/span>/.exec(bytes!.toString('utf8'))?.[1] ?? '';
        expect(amountOf(parsePrice(priceText))?.eq(new Decimal(item.price!))).toBe(true);
        expect(rows.some((row) => row.rawHash === item.rawHash && row.finalUrl === item.url)).toBe(true);
      }
    } finally {
      await blobs.close();
    }
  });

  it('keeps the page whose extraction threw, and `pricecrawl raw` prints its exact bytes', () => {
    const failed = rows.find((row) => row.url.endsWith('/p/H0-P3'));
    expect(failed?.rawHash).toMatch(/^[0-9a-f]{64}$/);
    expect(result.items.some((item) => item.sku === 'H0-P3')).toBe(false);
    const printed = execFileSync(process.execPath, ['bin/pricecrawl.js', 'raw', failed!.rawHash!, '--storage', storage.dir]);
    expect(printed.toString('utf8')).toContain('data-sku="H0-P3"');
    expect(sha256Hex(printed)).toBe(failed!.rawHash);
  });
});
