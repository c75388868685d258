// The null-price alarm on the demo shops: fires on the locale shop in drift mode, stays quiet on healthy shops.
import { afterAll, describe, expect, it } from 'vitest';
import { startDemoShops, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import { formatSummary } from '../../src/cli/summary-text';
import { exitCodeFor } from '../../src/engine/run-summary';
import { demoSpider } from '../support/demo-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const storage = tempStorageDir('drift');
const groups: ShopGroup[] = [];
afterAll(async () => {
  await Promise.all(groups.map((group) => group.close()));
  storage.cleanup();
});

async function crawl(shop: RunningShop, failRun = false) {
  const spider = new (await demoSpider(shop.spider))({ baseUrl: shop.origin });
  return crawlInProcess(spider, storage.dir, {
    politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 },
    pipeline: { batchMaxAgeMs: 20, nullPriceAlarm: { failRun } },
  });
}

const shopOf = async (drift: boolean, kind: string): Promise<RunningShop> => {
  const group = await startDemoShops({ drift, productCounts: { 'json-ld': 60, microdata: 1 } });
  groups.push(group);
  return group.shops.find((shop) => shop.kind === kind)!;
};

describe('null-price alarm on the demo shops', () => {
  it('fires for the spider and the host of the locale shop in drift mode, and fails the run when set to', async () => {
    const shop = await shopOf(true, 'locale-text');
    expect(shop.expected.drift.length).toBe(20);
    const result = await crawl(shop, true);
    const host = new URL(shop.origin).host;
    expect(result.summary.alarms).toEqual({ 'null-price/spider': 1, [`null-price/host/${host}`]: 1 });
    expect(exitCodeFor(result.summary)).toBe(3);
    expect(formatSummary(result.summary)).toContain('ALARMS (fail the run):');
    expect(result.logs.filter((line) => line.alarm === 'null-price')).toHaveLength(2);
  });

  it('stays quiet on healthy shops: none missing, and 3 of 60 (exactly 5 %)', async () => {
    const healthy = await shopOf(false, 'json-ld');
    const edge = await shopOf(false, 'locale-text');
    for (const shop of [healthy, edge]) {
      const result = await crawl(shop, true);
      expect(result.summary.alarms, shop.name).toEqual({});
      expect(exitCodeFor(result.summary)).toBe(0);
    }
  });
});
