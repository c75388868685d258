// A browser host with more than one request in flight: its pages still reach the server an interval apart, in whatever order their pages were ready.
import { afterAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const INTERVAL_MS = 300;

describe('a browser host allowed two requests at once', () => {
  const storage = tempStorageDir('browser-host-cap-gaps');
  let servers: FixtureServer[] = [];
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('sends its documents an interval apart at the server, though a page taken later was ready first', async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [shop] = servers;
    shop.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>19.99</p>'));
    const urls = [0, 1, 2, 3, 4, 5].map((n) => shop.url(`/p/${n}`));
    const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      fetchMode: 'browser',
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0, maxConcurrencyPerHost: 2 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
    expect(result.summary.ledger).toMatchObject({ planned: 6, succeeded: 6, failed: 0, pending: 0 });
    expect(shop.requests).toHaveLength(6);
    // Before: a request whose page took longer to get ready (Chromium starting, a new page) than the interval
    // went out just after the one reserved an interval later (7 to 27 ms apart at the server, for 300 ms).
    for (const gap of longestPossibleGapsMs(shop.requests)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  }, 60_000);
});
