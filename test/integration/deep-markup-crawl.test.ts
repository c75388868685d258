// A page nested past any shop's markup is refused with a reason before its DOM is built: the crawl goes on, no item comes from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const PRICE = '<p class="price">12.99</p>';

describe('a crawl that meets pages nested 60,000 levels deep', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('deep-markup');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [host] = servers;
    const html = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${body}</body></html>`);
    host.route('/deep', html(`${'<div>'.repeat(60_000)}${PRICE}${'</div>'.repeat(60_000)}`));
    // The same behind a comment closed at once (`<!-->`), which the depth scan read as running to the page's end.
    host.route('/deep-behind-comment', html(`<!-->${'<div>'.repeat(60_000)}${PRICE}${'</div>'.repeat(60_000)}`));
    host.route('/ok', html(`<div><div>${PRICE}</div></div>`));
    const urls = [host.url('/deep'), host.url('/deep-behind-comment'), host.url('/ok')];
    result = await crawlInProcess(new PriceTextSpider({ urls: urls.join(',') }), storage.dir, {
      politeness: { minIntervalMs: 5, jitterMs: 0 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('fails the deep pages as dom/too-deep and stores no item from them', () => {
    // Before: its DOM was built (quadratic in the depth: 61 s of a blocked event loop at 200,000 levels) and its price stored.
    expect(result.summary.ledger).toMatchObject({ planned: 3, succeeded: 1, failed: 2, pending: 0, failedByReason: { 'dom/too-deep': 2 } });
    expect(result.items.map((item) => [new URL(item.url!).pathname, item.price])).toEqual([['/ok', '12.99']]);
  });
});
