// The listing-drop alarm on the demo JSON-LD shop: fires when its listings change template mid-crawl, quiet on the healthy shop.
import { afterAll, describe, expect, it } from 'vitest';
import { startDemoShops, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import { formatSummary } from '../../src/cli/summary-text';
import { exitCodeFor } from '../../src/engine/run-summary';
import { demoSpider } from '../support/demo-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const storage = tempStorageDir('listing-drop');
const groups: ShopGroup[] = [];
afterAll(async () => {
  await Promise.all(groups.map((group) => group.close()));
  storage.cleanup();
});

/** 73 products: listing pages 1–3 hold 24 each (page 3 still has a next page), page 4 one. */
async function jsonLdShop(drift: boolean): Promise<RunningShop> {
  const group = await startDemoShops({ drift, productCounts: { 'json-ld': 73, microdata: 1, 'locale-text': 1 } });
  groups.push(group);
  return group.shops.find((shop) => shop.kind === 'json-ld') as RunningShop;
}

async function crawl(shop: RunningShop) {
  const spider = new (await demoSpider(shop.spider))({ baseUrl: shop.origin });
  return crawlInProcess(spider, storage.dir, {
    politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 },
    pipeline: { batchMaxAgeMs: 20 },
    listingAlarm: { failRun: true },
  });
}

describe('listing-drop alarm on the demo JSON-LD shop', () => {
  it('fires when page 3 of the listing yields 2 product links instead of 24, and fails the run when set to', async () => {
    const shop = await jsonLdShop(true);
    const result = await crawl(shop);
    const host = new URL(shop.origin).host;
    expect(result.summary.alarms).toEqual({ [`listing-drop/host/${host}`]: 1 });
    expect(exitCodeFor(result.summary)).toBe(3);
    expect(formatSummary(result.summary)).toContain(`listing-drop/host/${host}`);
    expect(result.logs.filter((line) => line.alarm === 'listing-drop')).toEqual([expect.objectContaining({ entries: 2, baseline: 24, url: `${shop.origin}/products?page=3` })]);
    // The drift lost products silently: every page fetched fine, only the alarm tells.
    expect(result.summary.ledger.failed).toBe(0);
    expect(result.items.length).toBe(24 + 24 + 2 + 1);
  });

  it('stays quiet on the healthy shop (its short last page is not judged)', async () => {
    const result = await crawl(await jsonLdShop(false));
    expect(result.summary.alarms).toEqual({});
    expect(exitCodeFor(result.summary)).toBe(0);
    expect(result.items.length).toBe(73);
  });
});
