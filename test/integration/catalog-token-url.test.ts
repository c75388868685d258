// Product pages whose URL carries a key (`?api_key=…`), on SQLite and PostgreSQL stores: the catalog stores the URL
// masked, yet its failures, its answers without an item and a primary page working beside the fallback all count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest, type CrawlResponse, type SpiderOutput } from '../../src/index';
import { catalogEntries as readCatalog } from '../support/catalog-entries';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { storeBackends, type StorePlace } from '../support/store-backends';
import { crawlInProcess } from '../support/test-crawl';

const KEY = 'k3y-0f-the-shop-api';
const withKey = (url: string) => {
  const parsed = new URL(url);
  parsed.searchParams.set('api_key', KEY); // also replaces the `***` of a stored URL
  return parsed.toString();
};

/** The catalog spider of a shop whose product pages want the key in the query, on listed links and planned requests alike. */
class KeyedCatalogSpider extends CatalogSpider {
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    for (const link of res.$('a.product').toArray()) yield new CrawlRequest({ url: withKey(new URL(res.$(link).attr('href')!, res.url).toString()), callback: 'parseProduct' });
  }

  override catalogRequest(_sku: string, url: string): CrawlRequest {
    return new CrawlRequest({ url: withKey(url), callback: 'parseProduct' });
  }
}

const { backends, start, stop } = storeBackends('catalog-token-url');
let site: CatalogSite;
const settings = {
  politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 }, robots: { obey: false },
  retry: { backoffBaseMs: 10, backoffCapMs: 50 }, schedule: { fallbackAfterFailedRuns: 2 },
};

beforeAll(async () => {
  await start();
  site = await startCatalogSite({ hosts: 1, productsPerHost: 4, perPage: 4 });
});
afterAll(async () => {
  await site?.close();
  await stop();
});

describe.each(backends)('product URLs with a key in the query on %s', (_name, place) => {
  let storage: StorePlace;
  const crawl = (mode: 'discover' | 'full') => crawlInProcess(new KeyedCatalogSpider({ startUrls: site.startUrls.join(',') }), storage.dir, settings, { storeUrl: storage.url, mode });
  const entry = async (sku: string) => (await readCatalog(storage)).get(sku)!;

  beforeAll(async () => {
    storage = await place();
    site.blocked.clear();
    site.unavailable.clear();
    await crawl('discover');
  });

  it('stores the product URL with the key masked', async () => {
    for (const e of (await readCatalog(storage)).values()) expect(e.productUrl).toMatch(/\?api_key=\*\*\*$/);
  });

  it('counts a keyed page\'s failures, and serves it from the fallback after fallbackAfterFailedRuns', async () => {
    site.blocked.add('H0-P1');
    for (const run of [1, 2]) {
      await crawl('full');
      expect(await entry('H0-P1')).toMatchObject({ consecutiveFailures: run, lastStatus: 'retry/exhausted' });
    }
    await crawl('full');
    expect(await entry('H0-P1')).toMatchObject({ consecutiveFailures: 3, lastStatus: 'ok/fallback' });
  });

  it('ends the streak once the keyed primary page gives its item again beside the fallback', async () => {
    site.blocked.delete('H0-P1');
    await crawl('full'); // primary and fallback both fetched: only one item is stored for the SKU
    expect(await entry('H0-P1')).toMatchObject({ consecutiveFailures: 0, lastStatus: 'ok' });
  });

  it('records a keyed page that answered without its item', async () => {
    site.unavailable.add('H0-P2');
    const { summary } = await crawl('full');
    expect(await entry('H0-P2')).toMatchObject({ lastStatus: 'item/missing', lastRunId: summary.runId, consecutiveFailures: 1 });
    for (const e of (await readCatalog(storage)).values()) expect(e.productUrl).not.toContain(KEY); // the key is written nowhere new
  });
});
