// Shops in legacy charsets, crawled: each price decodes exactly as the browser reads it, or is refused with a reason.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { LEGACY_CHARSET_PAGES, LEGACY_CHARSET_PRICES, legacyCharsetSite } from '../support/legacy-charset-pages';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

let server: FixtureServer;
const storage = tempStorageDir('legacy-charset');
beforeAll(async () => {
  server = await legacyCharsetSite();
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

it('stores each legacy-charset price exactly, and refuses one with an undecodable byte in it, never another number', async () => {
  const urls = Object.keys(LEGACY_CHARSET_PAGES).map((path) => server.url(path));
  const result = await crawlInProcess(new PriceTextSpider({ urls: urls.join(',') }), storage.dir, {
    politeness: { minIntervalMs: 0, jitterMs: 0 },
    robots: { obey: false },
    pipeline: { batchMaxAgeMs: 20 },
  });
  const stored = Object.fromEntries(result.items.map((item) => [item.data.sku, `${String(item.data.price)} ${String(item.data.currency)}`]));
  expect(stored).toEqual(LEGACY_CHARSET_PRICES);
  expect(result.summary.items.dropped).toEqual({ 'price/ambiguous': 2 });
  expect(result.summary.ledger.failed).toBe(0);
});
