// A loopback shop crawled through the whole pipeline whose pages print Latin letters that are a currency's sign elsewhere: a tyre's
// size ("205/55 R16"), a film's rating ("Rated R"), a garment's size ("Size R"), a car's class ("R-Klasse"), and the dinars and
// rials Jordanian, Omani, Qatari and Saudi shops write in Latin letters ("JD 12.500", "R.O. 3.750", "RO 1.250", "QR 120", "SR 99").
// Before, the first four stored rand (16 ZAR for a 89,90 € tyre, 12.99 ZAR on a USD shop, also for a "Size R" or "Rated R" line
// above the price), and the others no item or a refusal: the three decimals of "JD 12.500" were no sign's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { productPage as page, productPageShop, ProductPageSpider } from '../support/product-page-shop';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** sku → page; the spider reads each whole page (productItem), or the `.price` text alone for the TEXT- pages. */
const PAGES: Record<string, string> = {
  'TYRE-BOX': page('de-DE', '', '<div class="price-box"><span class="price">89,90</span> <span class="size">205/55 R16</span></div>'),
  'TEXT-TYRE': page('de-DE', '', '<p class="price">205/55 R16 91V 89,90</p>'),
  'RATED-R': page('en-US', '', '<h2>Movie (Rated R)</h2><span class="price">12.99</span>'),
  'R-CLASS': page('de-DE', '', '<p>Mercedes R-Klasse Fußmatten</p><p class="price">49,90</p>'),
  'SIZE-R': page('en-US', '', '<div class="size">Size R</div><div class="price">12.99</div>'),
  'RATED-R-BLOCK': page('en-US', '', '<div class="rating">Rated R</div><div class="price">12.99</div>'),
  'JORDAN': page('en', '', '<div class="product-price"><span class="price">JD 12.500</span></div>'),
  'OMAN': page('en', '', '<div class="product-price"><span class="price">R.O. 3.750</span></div>'),
  QATAR: page('en-QA', '', '<div class="product-price"><span class="price">QR 120</span></div>'),
  SAUDI: page('en', '', '<div class="product-price"><span class="price">SR 99.00</span></div>'),
  'OMAN-RO': page('en', '', '<div class="product-price"><span class="price">RO 1.250</span></div>'),
};

describe('letters that are a sign in one shop and a size, a rating or a class in another, through a whole crawl', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  let urls: () => string[];
  const storage = tempStorageDir('letter-signs');
  beforeAll(async () => {
    ({ server, urls } = await productPageShop(PAGES));
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('stores each price in the currency its page determines, never the rand', async () => {
    const spider = new ProductPageSpider('letter-signs', urls(), () => 'EUR');
    const { items } = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });
    expect(Object.fromEntries(items.map((item) => [item.sku, `${item.price} ${item.currency}`]))).toEqual({
      'TYRE-BOX': '89.90 EUR',
      'TEXT-TYRE': '89.90 EUR',
      'RATED-R': '12.99 USD',
      'R-CLASS': '49.90 EUR',
      'SIZE-R': '12.99 USD',
      'RATED-R-BLOCK': '12.99 USD',
      JORDAN: '12.500 JOD',
      OMAN: '3.750 OMR',
      QATAR: '120.00 QAR',
      SAUDI: '99.00 SAR',
      'OMAN-RO': '1.250 OMR',
    });
  });
});
