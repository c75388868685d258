// Hostile pages in a real crawl: each ends as a recorded outcome with a reason, and the run finishes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const HOSTILE = {
  '/big?bytes=300000': 'fetch/body-too-large',
  '/redirect-loop': 'fetch/redirect-loop',
  '/redirect-to?url=http://127.0.0.1:9/elsewhere': 'offsite/redirect',
  // Transient: retried (retry.maxAttempts sends below), then recorded as exhausted. A corrupt gzip body is a
  // cut-off or garbled transfer like a reset: this one is corrupt on every send.
  '/reset': 'retry/exhausted',
  '/hang': 'retry/exhausted',
  '/bad-gzip': 'retry/exhausted',
  '/status/404': 'http/404',
} as const;

describe('a crawl that meets hostile pages', () => {
  let site: CatalogSite;
  let result: TestCrawlResult;
  const storage = tempStorageDir('hostile');

  beforeAll(async () => {
    site = await startCatalogSite({
      hosts: 1,
      productsPerHost: 5,
      extraProductPaths: [...Object.keys(HOSTILE), '/malformed', '/charset/win1252?decl=meta'],
    });
    const spider = new CatalogSpider({ startUrls: site.startUrls.join(','), allowedDomains: site.servers[0].hostKey });
    result = await crawlInProcess(spider, storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 },
      http: { maxBodyBytes: 100_000, timeoutMs: 1_500 },
      retry: { maxAttempts: 2, backoffBaseMs: 1, backoffCapMs: 5 },
      pipeline: { batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  });
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('records each failure with its reason code', () => {
    const expected: Record<string, number> = {};
    for (const reason of Object.values(HOSTILE)) expected[reason] = (expected[reason] ?? 0) + 1;
    expect(result.summary.ledger.failedByReason).toEqual(expected);
  });

  it('sends a reset, hanging or corrupt-gzip page again (transient), and a 404 only once', () => {
    const server = site.servers[0];
    expect(server.requestsTo('/reset')).toHaveLength(2);
    expect(server.requestsTo('/hang')).toHaveLength(2);
    expect(server.requestsTo('/bad-gzip')).toHaveLength(2);
    expect(server.requestsTo('/status/404')).toHaveLength(1);
  });

  it('finishes with every request accounted for and the good products stored', () => {
    const { ledger } = result.summary;
    expect(result.summary.status).toBe('finished');
    expect(result.summary.balanced).toBe(true);
    expect(ledger.pending).toBe(0);
    expect(ledger.planned).toBe(1 + 5 + Object.keys(HOSTILE).length + 2);
    expect(ledger.failed).toBe(Object.keys(HOSTILE).length);
    const skus = result.items.map((item) => item.sku).filter((sku) => sku?.startsWith('H0-'));
    expect(skus.sort()).toEqual(['H0-P0', 'H0-P1', 'H0-P2', 'H0-P3', 'H0-P4']);
  });

  it('parses malformed HTML and a windows-1252 page instead of failing them', () => {
    expect(result.summary.ledger.succeeded).toBe(1 + 5 + 2);
    const failedLogs = result.logs.filter((l) => l.msg === 'request failed');
    expect(failedLogs.map((l) => l.reason).sort()).toEqual(Object.values(HOSTILE).sort());
    expect(failedLogs.every((l) => typeof l.url === 'string' && typeof l.requestId === 'string')).toBe(true);
  });
});
