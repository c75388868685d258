// Real Chromium: its network service killed while a page's answer is on its way: the page fails as browser-crashed and is retried, none lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/engine/run-summary';
import { killChromiumChildren } from '../support/chromium-children';
import { FixtureServer } from '../support/fixture-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const SKUS = ['1', '2', '3', '4', '5', '6'];

describe("a browser crawl whose browser's network service dies under a page", () => {
  let shop: FixtureServer;
  let result: TestCrawlResult;
  let killed = 0;
  const storage = tempStorageDir('network-service-crash');

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    shop.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
    shop.route('/p/:sku', (_req, res, { params }) => {
      const page = `<!doctype html><html><body><p class="price">${params.sku}.25</p></body></html>`;
      if (params.sku !== '3' || killed > 0) return void res.writeHead(200, { 'content-type': 'text/html' }).end(page);
      // Half of this page's answer is out when the service carrying it dies; the rest goes to a closed socket.
      res.writeHead(200, { 'content-type': 'text/html' }).write(page.slice(0, 20));
      killed = killChromiumChildren('network.mojom.NetworkService');
      res.socket?.once('close', () => res.destroy());
    });
    result = await crawlInProcess(new PriceTextSpider({ urls: SKUS.map((sku) => shop.url(`/p/${sku}`)).join(',') }), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 2, hosts: { [shop.hostKey]: { fetchMode: 'browser' } } },
      retry: { backoffBaseMs: 10, backoffCapMs: 50 },
      log: { statsIntervalMs: 0 },
    });
  }, 120_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it('retries the page it carried as browser-crashed and stores every page', () => {
    expect(killed).toBe(1);
    // Before: "page.goto: net::ERR_ABORTED", fetch/failed, never retried: the page lost and the run exit 4.
    expect(result.summary.ledger).toMatchObject({ planned: 6, succeeded: 6, failed: 0, pending: 0 });
    // The page whose answer was cut, and any other the service carried at that moment.
    expect(result.summary.handling['retry/reason/fetch/browser-crashed']).toBeGreaterThanOrEqual(1);
    expect(result.items.map((item) => item.price).sort()).toEqual(SKUS.map((sku) => `${sku}.25`));
    expect(exitCodeFor(result.summary)).toBe(0);
  });
});
