// A browser crawl whose page redirects to an origin whose robots.txt is not known yet: that file waits its host's interval like any send, measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import type { FixtureServer } from '../support/fixture-server';
import { crawlRedirectTargetShop } from '../support/redirect-target-shop';
import { tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 1_500;
/**
 * A browser page's slot is anchored on Chromium's 'request' event, which may come before the request reaches the
 * wire by Chromium's connection set-up to the proxy (40 ms seen here): a gap measured from that page's arrival is
 * shorter by as much. Not the robots.txt fetch's doing, and far below what this test catches (600 ms at 1.5 s).
 */
const BROWSER_ANCHOR_SLACK_MS = 100;

describe('a browser crawl whose page redirects to another origin of the same host key', () => {
  const storage = tempStorageDir('robots-browser-redirect-pacing');
  let shop: FixtureServer;
  let result: TestCrawlResult;

  beforeAll(async () => {
    ({ shop, result } = await crawlRedirectTargetShop(storage.dir, INTERVAL_MS, 'browser'));
  }, 60_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it("sends the target origin's robots.txt no sooner than the interval after the page that redirected, nor the next page sooner after it", () => {
    const arrivals = [...shop.requests].sort((a, b) => a.arrivedAtPerfMs - b.arrivedAtPerfMs);
    const sent = arrivals.map((r) => `${r.headers.host}${r.path}`);
    expect(sent.filter((s) => s.endsWith('/robots.txt'))).toEqual(['www.shop.test/robots.txt', 'img.shop.test/robots.txt']);
    // Before: img.'s robots.txt reached the server 170 ms after www.'s page at a 400 ms interval, 600 ms at 1.5 s.
    // (Chromium's own hop to img. after the file waits for img.'s slot: not a robots.txt send, and not judged here.)
    const at = sent.indexOf('img.shop.test/robots.txt');
    expect(at).toBeGreaterThan(0);
    const [before, after] = longestPossibleGapsMs(arrivals.slice(at - 1, at + 2));
    expect(before).toBeGreaterThanOrEqual(INTERVAL_MS - BROWSER_ANCHOR_SLACK_MS);
    expect(after).toBeGreaterThanOrEqual(INTERVAL_MS - BROWSER_ANCHOR_SLACK_MS);
  });

  it('crawls the page it was redirected to', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 1, succeeded: 1, failed: 0, pending: 0 });
  });
});
