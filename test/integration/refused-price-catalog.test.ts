// A project that reads prices itself (price-coercion and schema-validation disabled, pipeline.disabled) keeps items
// whose price it refused (null with `priceRefusal`, as productItem yields a page whose prices disagree). Across real runs, such a reading is an
// unknown price: the catalog keeps the last price read and counts no change, the history records none.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CrawlResponse, PriceItem, SpiderOutput } from 'pricecrawl';
import { Decimal } from '../../src/core/money';
import { openStores } from '../../storage/open-backends';
import { catalogEntries } from '../support/catalog-entries';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** SKUs whose page the spider reads with its price refused this run. */
const refusing = new Set<string>();

class OwnPriceSpider extends CatalogSpider {
  override async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const sku = res.$('main[data-sku]').attr('data-sku') ?? res.url;
    const text = res.$('.price').first().text().replace(/[$,]/g, '');
    const item: PriceItem = refusing.has(sku)
      ? { sku, price: null, priceRefusal: 'price/disagree', currency: 'USD', url: res.url }
      : { sku, price: new Decimal(text), currency: 'USD', url: res.url };
    yield item;
  }
}

let site: CatalogSite;
const storage = tempStorageDir('refused-price-catalog');
const settings = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20, disabled: ['price-coercion', 'schema-validation'] }, robots: { obey: false } };
const crawl = (mode: 'discover' | 'full') => crawlInProcess(new OwnPriceSpider({ startUrls: site.startUrls.join(',') }), storage.dir, settings, { mode });

beforeAll(async () => {
  site = await startCatalogSite({ hosts: 1, productsPerHost: 3, perPage: 10 });
});
afterAll(async () => {
  await site?.close();
  storage.cleanup();
});

it('keeps the last price through a refused reading, counts no change, and the history records none', async () => {
  const product = site.products[0];
  expect((await crawl('discover')).items.find((item) => item.sku === product.sku)?.price).toBe(product.price);
  refusing.add(product.sku);
  const refusedRun = await crawl('full');
  expect(refusedRun.items.find((item) => item.sku === product.sku)?.price).toBeNull(); // stored, as the project asked
  const during = (await catalogEntries({ dir: storage.dir })).get(product.sku)!;
  expect([during.lastPrice, during.lastStatus, during.consecutiveFailures, during.changeTimesMs, during.lastChangedMs]).toEqual([product.price, 'price/disagree', 1, [], null]);
  refusing.clear();
  await crawl('full');
  const after = (await catalogEntries({ dir: storage.dir })).get(product.sku)!;
  expect([after.lastPrice, after.lastStatus, after.consecutiveFailures, after.changeTimesMs, after.velocityPerDay]).toEqual([product.price, 'ok', 0, [], 0]);
  const stores = await openStores({ dir: storage.dir });
  try {
    expect(await stores.history().list({ spider: 'catalog' })).toEqual([]);
  } finally {
    await stores.close();
  }
});
