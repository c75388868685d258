// A loopback shop crawled through the whole pipeline whose pages label an amount beside (or instead of) the price as a saving,
// a was-price or a delivery fee in words the page reader did not know: "Du sparst", "Je bespaart", "Säästä", "省", "Tidligere",
// "Ennen", "Prix public", "UVP des Herstellers", "소비자가", "Typical price", "Market price", "배송비", "Worth". Before, a page showing only
// such an amount (its price drawn by a script or as an image) stored it as the price (5 EUR for a saving), and a page showing it
// beside the price refused the two as two current prices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { productPage as page, productPageShop, ProductPageSpider } from '../support/product-page-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** The label's words stand in a parent of the amount's element, as Amazon and most themes print them. */
const labelled = (label: string, amount: string) => `<span class="note">${label} <span class="amount">${amount}</span></span>`;
const box = (...parts: string[]) => `<div class="price-box">${parts.join(' ')}</div>`;

/** sku → [lang, the price box]. ALONE- pages show nothing but the other amount. */
const BOXES: Record<string, [string, string]> = {
  'SAVE-DE': ['de-DE', box('<span class="price">19,99 €</span>', labelled('Du sparst', '5,00 €'))],
  'SAVE-NL': ['nl-NL', box('<span class="price">€ 19,99</span>', labelled('Je bespaart', '€ 5,00'))],
  'SAVE-FI': ['fi-FI', box('<span class="price">19,99 €</span>', labelled('Säästä', '5,00 €'))],
  'SAVE-TR': ['tr-TR', box('<span class="price">199,00 TL</span>', labelled('Kazancınız:', '51,00 TL'))],
  'SAVE-ZH': ['zh-CN', box('<span class="price">¥199</span>', labelled('省', '¥100'))],
  'WAS-DA': ['da-DK', box(labelled('Tidligere', '250,00 kr'), '<span class="price">199,00 kr</span>')],
  'WAS-SV': ['sv-SE', box(labelled('Tidigare', '250 kr'), '<span class="price">199 kr</span>')],
  'WAS-FI': ['fi-FI', box('<span class="price">19,99 €</span>', labelled('Ennen', '25,00 €'))],
  'WAS-FR': ['fr-FR', box('<span class="price">19,99 €</span>', labelled('Prix public :', '25,00 €'))],
  'WAS-DE': ['de-DE', box('<span class="price">19,99 €</span>', labelled('UVP des Herstellers', '25,00 €'))],
  'WAS-KO': ['ko-KR', box(labelled('소비자가', '29,000원'), '<span class="price">19,900원</span>')],
  'WAS-US': ['en-US', box('<span class="a-price"><span class="a-offscreen">$19.99</span></span>', labelled('Typical price:', '$25.00'))],
  'SHIP-KO': ['ko-KR', box('<span class="price">19,900원</span>', labelled('배송비', '2,500원'))],
  'ALONE-SAVE-DE': ['de-DE', box(labelled('Du sparst', '5,00 €'))],
  'ALONE-SAVE-ZH': ['zh-CN', box(labelled('省', '¥100'))],
  'ALONE-WAS-DA': ['da-DK', box(labelled('Tidligere', '250,00 kr'))],
  'ALONE-WAS-US': ['en-US', box(labelled('Market price:', '$25.00'))],
  'ALONE-SHIP-KO': ['ko-KR', box(labelled('배송비', '2,500원'))],
  // What a gift set is worth bought apart, its label in a parent as above: "Worth £40" was stored as the set's price
  'WORTH-GB': ['en-GB', box('<span class="price">£25.00</span>', labelled('Worth', '£40.00'))],
  'ALONE-WORTH-GB': ['en-GB', box(labelled('Worth', '£40.00'))],
  'ALONE-VALUE-US': ['en-US', box(labelled('Value:', '$50.00'))],
  'ALONE-WERT-DE': ['de-DE', box(labelled('im Wert von', '50,00 €'))],
  // A word that only ends in one ("Preiswert": good value) labels the price itself
  'PREISWERT-DE': ['de-DE', box(labelled('Preiswert', '29,00 €'))],
  // A province's name ending in 省 is no saving
  'PROVINCE-ZH': ['zh-CN', box('<span class="origin">发货地 广东省</span> <span class="price">¥199</span>')],
};
const PAGES = Object.fromEntries(Object.entries(BOXES).map(([sku, [lang, body]]) => [sku, page(lang, '', body)]));

describe('the words of a saving, a was-price and a delivery fee beside the price, through a whole crawl', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  let urls: () => string[];
  const storage = tempStorageDir('price-role-words');
  beforeAll(async () => {
    ({ server, urls } = await productPageShop(PAGES));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores the price to pay now, and nothing for a page that shows only the other amount', async () => {
    const spider = new ProductPageSpider('price-role-words', urls());
    const { items } = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
    const got = Object.fromEntries(items.map((item) => [item.sku, `${item.price} ${item.currency}`]));
    expect(got).toEqual({
      'SAVE-DE': '19.99 EUR',
      'SAVE-NL': '19.99 EUR',
      'SAVE-FI': '19.99 EUR',
      'SAVE-TR': '199.00 TRY',
      'SAVE-ZH': '199.00 CNY',
      'WAS-DA': '199.00 DKK',
      'WAS-SV': '199.00 SEK',
      'WAS-FI': '19.99 EUR',
      'WAS-FR': '19.99 EUR',
      'WAS-DE': '19.99 EUR',
      'WAS-KO': '19900 KRW',
      'WAS-US': '19.99 USD',
      'SHIP-KO': '19900 KRW',
      'PROVINCE-ZH': '199.00 CNY',
      'WORTH-GB': '25.00 GBP',
      'PREISWERT-DE': '29.00 EUR',
    });
  });
});
