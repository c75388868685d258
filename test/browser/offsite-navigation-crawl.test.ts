// Browser-mode crawls of the demo shops' page that navigates off-site in JS: recorded as a failure, nothing stored from elsewhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileShop, startJsShop, type ShopGroup } from '../../demo/demo-shops';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

class AwaySpider extends Spider {
  readonly name = 'away-test';
  override readonly fetchMode = 'browser' as const;
  constructor(
    private readonly url: string,
    override readonly allowedDomains: string[],
  ) {
    super();
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    yield this.request(this.url, 'parse');
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.url, price: res.$('.price').first().text() || null, currency: 'USD', url: res.url };
  }
}

const groups: ShopGroup[] = [];
const storage = tempStorageDir('away');

beforeAll(async () => {
  groups.push(await startHostileShop({ productCounts: { hostile: 3 } }), await startJsShop({ productCounts: { 'js-rendered': 3 } }));
});
afterAll(async () => {
  await Promise.all(groups.map((group) => group.close()));
  storage.cleanup();
});

describe('a browser crawl of a page that leaves allowedDomains by script', () => {
  for (const [index, name] of ['hostile', 'js-rendered'].entries()) {
    it(`fails the request as offsite/browser-navigation in the ledger on the ${name} shop, and the other host is never loaded`, async () => {
      const shop = groups[index].shops[0];
      const host = new URL(shop.origin).host;
      const dir = `${storage.dir}/${name}`;
      const result = await crawlInProcess(new AwaySpider(`${shop.origin}/away`, [host]), dir, { politeness: { minIntervalMs: 0, jitterMs: 0 } });
      expect(result.summary.ledger.failedByReason).toEqual({ 'offsite/browser-navigation': 1 });
      expect(result.items).toHaveLength(0);
      // The page's target is this shop under another host name: no product page was ever asked for.
      expect(shop.hits.filter((hit) => hit.path.startsWith('/p/'))).toEqual([]);
    });
  }
});
