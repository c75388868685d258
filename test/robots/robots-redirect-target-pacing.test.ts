// A redirect to an origin whose robots.txt is not known yet: that file's fetch waits its host's interval like any send, measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import type { FixtureServer } from '../support/fixture-server';
import { crawlRedirectTargetShop } from '../support/redirect-target-shop';
import { tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 400;

describe('a crawl whose page redirects to another origin of the same host key', () => {
  const storage = tempStorageDir('robots-redirect-target-pacing');
  let shop: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    ({ shop, result } = await crawlRedirectTargetShop(storage.dir, INTERVAL_MS, 'http'));
  }, 30_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it("sends the target origin's robots.txt no sooner than the interval after the page that redirected", () => {
    expect(shop.requests.map((r) => `${r.headers.host}${r.path}`)).toEqual(['www.shop.test/robots.txt', 'www.shop.test/go/1', 'img.shop.test/robots.txt', 'img.shop.test/p/1']);
    // Before: img.'s robots.txt reached the server a few ms after www.'s answer at a 400 ms interval.
    for (const gap of longestPossibleGapsMs(shop.requests)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it('crawls the page it was redirected to', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 1, succeeded: 1, failed: 0, pending: 0 });
  });
});
