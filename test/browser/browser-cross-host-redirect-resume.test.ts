// Real Chromium: a page whose redirect to another host waits past half its fetch's time goes on from that hop next try; its start URL is sent once.
import type { CrawlResponse, SpiderOutput } from 'pricecrawl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApexRedirectShop, pagesAtWww, wwwPages } from '../support/apex-redirect-shop';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import type { FixtureServer } from '../support/fixture-server';
import { BrowserUrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const CRAWL_DELAY_MS = 1_500;
// Half of it (at most 1 s once a page is ours) is less than the Crawl-delay: while www.'s own pages keep its slots, the hop's is too far off.
const TIMEOUT_MS = 2_000;
const WWW_PAGES = 4;

/** Notes the redirect chain each page arrived through. */
class ChainSpider extends BrowserUrlListSpider {
  readonly chains = new Map<string, string[]>();
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    this.chains.set(res.request.url, [...res.redirectChain]);
    yield* super.parse(res);
  }
}

describe('a browser crawl of a shop whose apex redirects to www., which asks for a Crawl-delay longer than half the fetch timeout', () => {
  const storage = tempStorageDir('browser-cross-host-redirect-resume');
  let server: FixtureServer;
  let result: TestCrawlResult;
  const spider = new ChainSpider(['http://shop.test/go/1', ...wwwPages(WWW_PAGES)], ['shop.test']);

  beforeAll(async () => {
    server = await startApexRedirectShop(CRAWL_DELAY_MS);
    result = await crawlInProcess(spider, storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      browser: { timeoutMs: TIMEOUT_MS },
      sessions: { proxyUrls: [server.origin] },
      log: { statsIntervalMs: 0 },
    });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it("loads the start URL once, and the hop, a try later, in www.'s turn", () => {
    // Before: Chromium loaded /go/1 from the apex again on every try, once per www. slot its own pages took (5 times).
    expect({ start: server.requestsTo('/go/1').length, hop: server.requestsTo('/p/1').length }).toEqual({ start: 1, hop: 1 });
    for (const gap of longestPossibleGapsMs(pagesAtWww(server))) expect(gap).toBeGreaterThanOrEqual(CRAWL_DELAY_MS);
  });

  it('crawls every page, the resumed one with the chain of the try before', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 1 + WWW_PAGES, succeeded: 1 + WWW_PAGES, failed: 0, pending: 0 });
    expect(spider.chains.get('http://shop.test/go/1')).toEqual(['http://shop.test/go/1']);
  });
});
