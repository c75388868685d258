// A redirect to another host whose Crawl-delay keeps its slot past the fetch's patience goes on from that hop next try: the start URL is sent once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApexRedirectShop, pagesAtWww, wwwPages } from '../support/apex-redirect-shop';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import type { FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const CRAWL_DELAY_MS = 600;
// Half of it (400 ms) is less than the Crawl-delay: while www.'s own pages keep its slots, the hop's is always too far off.
const TIMEOUT_MS = 800;
const WWW_PAGES = 6;

describe('a shop whose apex redirects to www., which asks for a Crawl-delay longer than half the fetch timeout', () => {
  const storage = tempStorageDir('cross-host-redirect-resume');
  let server: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    server = await startApexRedirectShop(CRAWL_DELAY_MS);
    result = await crawlInProcess(new UrlListSpider(['http://shop.test/go/1', ...wwwPages(WWW_PAGES)]), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      http: { timeoutMs: TIMEOUT_MS },
      sessions: { proxyUrls: [server.origin] },
      log: { statsIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('sends the start URL once and the hop in its turn at www.', () => {
    // Before: /go/1 went to the apex again on every try, once per www. slot its own pages took (7 times here).
    expect(server.requestsTo('/go/1')).toHaveLength(1);
    expect(server.requestsTo('/p/1')).toHaveLength(1);
    for (const gap of longestPossibleGapsMs(pagesAtWww(server))) expect(gap).toBeGreaterThanOrEqual(CRAWL_DELAY_MS);
  });

  it('crawls every page', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 1 + WWW_PAGES, succeeded: 1 + WWW_PAGES, failed: 0, pending: 0 });
  });
});
