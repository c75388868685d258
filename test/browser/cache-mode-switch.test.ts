// The development HTTP cache and the browser: a host switched to `browser` is rendered, not replayed from the answers its HTTP runs stored.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** The server's HTML carries last week's price; its script writes today's, as the JS shops the browser mode is for. */
const PAGE = `<!doctype html><html><head><title>shop</title></head><body><p class="price">25.00</p>
<script>document.querySelector('.price').textContent = '19.99';</script></body></html>`;

class PriceSpider extends Spider {
  readonly name = 'cache-mode-switch';
  constructor(url: string) {
    super();
    this.startUrls = [url];
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    // The SKU names the fetcher that gave the page (the item schema keeps no other field for it).
    yield { sku: `p1-${res.fetchMode}`, price: res.$('.price').text(), currency: 'EUR', url: res.url };
  }
}

describe('a cached crawl whose host is switched from HTTP to the browser', () => {
  let shop: FixtureServer;
  const storage = tempStorageDir('cache-mode-switch');
  const crawl = (fetchMode: 'http' | 'browser') =>
    crawlInProcess(new PriceSpider(shop.url('/p/1')), storage.dir, {
      cache: { enabled: true, dir: join(storage.dir, 'httpcache') },
      politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [shop.hostKey]: { fetchMode } } },
      pipeline: { batchSize: 1, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });

  beforeAll(async () => {
    shop = await FixtureServer.start();
    shop.route('/p/1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  });
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it("renders the page in Chromium instead of replaying the HTTP run's answer, and stores the price the page shows", async () => {
    const overHttp = await crawl('http');
    expect(overHttp.items.map((item) => [item.price, item.sku])).toEqual([['25.00', 'p1-http']]);
    shop.reset();
    const inBrowser = await crawl('browser');
    // Before, the HTTP answer was replayed: 25.00, the server's stale price, stored as a browser page's, with no request sent.
    expect(shop.requestsTo('/p/1')).toHaveLength(1);
    expect(inBrowser.items.map((item) => [item.price, item.sku])).toEqual([['19.99', 'p1-browser']]);
    expect(inBrowser.summary.ledger).toMatchObject({ planned: 1, succeeded: 1 });
  }, 90_000);
});
