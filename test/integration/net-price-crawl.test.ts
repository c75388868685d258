// A loopback B2B shop whose prices are shown or stated without tax, crawled through the whole pipeline: each net price is
// stored with `taxIncluded: false` (in the item, its pricing fields and the JSON feed), a gross price or a net and gross pair
// stays unflagged, and a project that compares gross prices (`pipeline.netPrices: refuse`) gets the net ones dropped with a
// reason. Before, "24,00 € HT" was stored as 24.00 EUR beside other shops' gross prices, with nothing to tell them apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedSpecs } from '../../src/app/export/feed-spec';
import type { FixtureServer } from '../support/fixture-server';
import { productPage as page, productPageShop, ProductPageSpider } from '../support/product-page-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const offer = (price: string, specs: object[] = []) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Thing', offers: { '@type': 'Offer', price, priceCurrency: 'EUR', ...(specs.length > 0 ? { priceSpecification: specs } : {}) } })}</script>`;

/** sku → page; the spider reads each whole page (productItem), or the `.price` text alone for the TEXT- pages. */
const PAGES: Record<string, string> = {
  'NET-WORDS': page('fr-FR', '', '<div class="product-price"><span class="price">24,00 €</span> <span class="tax-label">HT</span></div>'),
  'NET-MARK': page('en-IE', '', '<div class="price-box"><span class="price-excluding-tax" data-label="Excl. Tax"><span class="price">€10.00</span></span></div>'),
  'NET-DATA': page('de-DE', offer('100.00', [{ '@type': 'UnitPriceSpecification', price: '100.00', priceCurrency: 'EUR', valueAddedTaxIncluded: false }]), '<p class="price">100,00 €</p>'),
  'PAIR': page('de-DE', '', '<p class="price">100,00 € zzgl. MwSt.</p><p class="price">119,00 € inkl. MwSt.</p>'),
  'GROSS': page('de-DE', offer('12.99'), '<p class="price">12,99 € inkl. MwSt.</p>'),
  'TEXT-NET': page('en-GB', '', '<p class="price">£10.00 ex VAT</p>'),
};

describe('net prices through a whole crawl', { timeout: 90_000 }, () => {
  let server: FixtureServer;
  let urls: () => string[];
  const storage = tempStorageDir('net-price');
  beforeAll(async () => {
    ({ server, urls } = await productPageShop(PAGES));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });
  const settings = (netPrices?: string) => ({ politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, ...(netPrices ? { pipeline: { netPrices } } : {}) });

  it('stores each net price with taxIncluded: false, in the item, its pricing fields and the feed', async () => {
    const feed = join(storage.dir, 'items.jsonl');
    const { items } = await crawlInProcess(new ProductPageSpider('b2b-net', urls()), storage.dir, settings(), { feeds: feedSpecs([], [feed]) });
    const shown = (sku: string) => {
      const item = items.find((stored) => stored.sku === sku);
      return item ? [item.price, item.currency, item.data.taxIncluded ?? 'unsaid', JSON.parse(item.pricing ?? '{}').taxIncluded ?? 'unsaid'] : 'missing';
    };
    expect(Object.fromEntries(Object.keys(PAGES).map((sku) => [sku, shown(sku)]))).toEqual({
      'NET-WORDS': ['24.00', 'EUR', false, false],
      'NET-MARK': ['10.00', 'EUR', false, false],
      'NET-DATA': ['100.00', 'EUR', false, false],
      PAIR: ['119.00', 'EUR', 'unsaid', 'unsaid'],
      GROSS: ['12.99', 'EUR', 'unsaid', 'unsaid'],
      'TEXT-NET': ['10.00', 'GBP', false, false],
    });
    const exported = readFileSync(feed, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; taxIncluded?: boolean });
    expect(exported.filter((record) => record.taxIncluded === false).map((record) => record.sku).sort()).toEqual(['NET-DATA', 'NET-MARK', 'NET-WORDS', 'TEXT-NET']);
  });

  it('drops the net prices as price/net-only where the project compares gross prices', async () => {
    const { summary, items } = await crawlInProcess(new ProductPageSpider('b2b-net', urls()), storage.dir, settings('refuse'));
    expect(items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(['GROSS 12.99', 'PAIR 119.00']);
    expect(summary.items.dropped).toEqual({ 'price/net-only': 4 });
  });
});
