// Whole product pages as shop platforms and marketplaces render them (written for these tests, no real page copied):
// what visiblePrice() reads and what productItem() stores, exact, or the refusal a careful reader would give.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { productItem } from '../../src/items/product-item';
import { structuredItem } from '../../src/items/structured-item';
import { toCurrencyScale } from '../../src/prices/iso-currencies';
import { htmlResponse } from '../support/html-response';
import { PAGES as AROUND } from './platform-pages/around-the-price';
import { PAGES as BUYER_GROUPS } from './platform-pages/buyer-group-prices';
import { PAGES as COUNTS_AND_CARDS } from './platform-pages/counts-and-cards';
import { PAGES as CONDITIONAL } from './platform-pages/conditional-prices';
import { PAGES as MAGENTO_CONFIGURABLE } from './platform-pages/magento-configurable';
import { PAGES as LINKED_SHEETS } from './platform-pages/linked-sheets-and-labels';
import { PAGES as MARKETS } from './platform-pages/marketplaces-and-locales';
import { PAGES as MARKETS_AND_SCRIPTS } from './platform-pages/markets-and-scripts';
import { PAGES as OFFERS } from './platform-pages/offers-and-bounds';
import { pageHtml, type PlatformPage } from './platform-pages/page-kit';
import { PAGES as SHOPS_OTHER } from './platform-pages/shops-magento-and-others';
import { PAGES as RATES } from './platform-pages/rates-and-fees';
import { PAGES as SHOPS_WOO_SHOPIFY } from './platform-pages/shops-woo-shopify';
import { PAGES as GRAPHS } from './platform-pages/structured-graphs';
import { PAGES as STRUCTURED } from './platform-pages/structured-vs-visible';
import { PAGES as OFFER_PARTS } from './platform-pages/structured-offer-parts';
import { PAGES as STRUCK } from './platform-pages/struck-prices';
import { PAGES as DISAGREE } from './platform-pages/structured-syntaxes-disagree';
import { PAGES as VARIANT_PICKERS } from './platform-pages/variant-pickers';
import { PAGES as VARIANT_JSON } from './platform-pages/variant-json';
import { PAGES as TRAILING_LABELS } from './platform-pages/trailing-labels';
import { PAGES as PRODUCT_BOX } from './platform-pages/product-box';
import { PAGES as THEME_LAYOUTS } from './platform-pages/theme-layouts';
import { PAGES as WITHHELD } from './platform-pages/withheld-prices';
import { PAGES as UNIT_LABELS } from './platform-pages/unit-price-labels';

const open = (page: PlatformPage) => htmlResponse(pageHtml(page), {}, page.url);
const byName = (name: string) => [...SHOPS_WOO_SHOPIFY, ...SHOPS_OTHER, ...MARKETS].find((page) => page.name === name)!;

/** "19.99 EUR was 24.99", or the refusal reason. */
function visible(page: PlatformPage): string {
  const result = open(page).visiblePrice();
  if (!result.ok) return result.reason;
  const was = result.regular ? ` was ${toCurrencyScale(result.regular.amount, result.currency)}` : '';
  return `${toCurrencyScale(result.amount, result.currency)} ${result.currency}${was}`;
}

/** "19.99 EUR visible" (amount, currency, source), the refusal reason, or "none" when the page yields no item. */
function stored(page: PlatformPage): string {
  const item = productItem(open(page));
  if (item === null) return 'none';
  if (item.price === null) return String(item.priceRefusal);
  const currency = typeof item.currency === 'string' ? item.currency : null;
  const amount = item.price instanceof Decimal ? toCurrencyScale(item.price, currency) : String(item.price);
  return `${amount} ${currency} ${item.source}`;
}

describe.each([
  ['WooCommerce and Shopify', SHOPS_WOO_SHOPIFY],
  ['Magento, PrestaShop, Shopware, BigCommerce, SFCC, OpenCart, JTL', SHOPS_OTHER],
  ['marketplaces, locales, price on request', MARKETS],
  ['JSON-LD checked against the page', STRUCTURED],
  ['struck "was" prices in every form', STRUCK],
  ['what stands around the price', AROUND],
  ['JSON-LD graphs, variants, offers and specifications', GRAPHS],
  ['rates per night, day, person or month, and the fees beside them', RATES],
  ['structured instalments, down payments and subscriptions', OFFER_PARTS],
  ['structured descriptions that state different prices', DISAGREE],
  ['prices with a code, a coupon, a subscription, Prime or the app beside the price', CONDITIONAL],
  ['prices of a club, a card, a subscription, students or a trade account, in their languages; a piece\'s price beside the pack\'s', BUYER_GROUPS],
  ['instalments, deposits, codes, trade-ins and from-prices around the price', OFFERS],
  ['variant pickers: the taken option of a select, a swatch or a radio, and selects that pick no variant', VARIANT_PICKERS],
  ['variant JSON beside a picker (Dawn, Debut, data-variants): the taken variant\'s price agrees with the page, settles its range, or refuses', VARIANT_JSON],
  ['a list price\'s noun after its amount, ending its line ("29,99 € <span>UVP</span>")', TRAILING_LABELS],
  ['cards and strips of other products under unknown class names: the product\'s own box decides', PRODUCT_BOX],
  ['Magento configurable products: the cheapest child\'s price in the box until options are picked', MAGENTO_CONFIGURABLE],
  ['pay-later widgets and monthly prices alone in Gulf, Turkish, Israeli and Asian shops; Arabic-Indic and Persian digits', MARKETS_AND_SCRIPTS],
  ['prices withheld until sign-in or shown only in the cart, in their languages, and sign-in notes beside a shown price', WITHHELD],
  ['unit prices named by their own label beside the price, in unmarked elements', UNIT_LABELS],
  ['multi-buy totals with their count after the amount, store cards named after it, yen with decimals, "SFr"', COUNTS_AND_CARDS],
  ['themes: classes their own <style> sheets strike or hide, bundles and mini-bags beside the product, split and labelled prices', THEME_LAYOUTS],
  ['linked stylesheets the reader does not fetch; label → value in definition lists, tables and grids', LINKED_SHEETS],
])('platform product pages: %s', (_group, pages) => {
  it.each(pages.map((page) => [page.name, page] as const))('%s', (_name, page) => {
    expect([visible(page), stored(page)]).toEqual([page.visible, page.stored]);
  });
});

describe('platform product pages: the pricing fields', () => {
  it('Magento tier lines ("Buy 3 for $9.99 each", "3 für je 9,99 €", "3 por 9,99 € cada uno") price one piece; the saved percentage is no price', () => {
    const tiers = (name: string) => open(byName(name)).visiblePricing().tiers.map((t) => [t.minQuantity, t.price.toFixed(2), t.forQuantity]);
    expect(tiers('Magento tier prices en-US')).toEqual([[3, '9.99', 1], [10, '8.80', 1]]);
    expect(tiers('Magento tier prices de-DE "für je"')).toEqual([[3, '9.99', 1]]);
    expect(tiers('Magento tier prices es-ES')).toEqual([[3, '9.99', 1]]);
  });

  it('Shopware\'s reference price after a footnote mark ("(39,98 €* / 1 Liter)") is the unit price', () => {
    const unit = open(byName('Shopware 6 list price Statt de-DE')).visiblePricing().unitPrice;
    expect(unit && [unit.amount.toFixed(2), unit.currency, unit.quantity.toFixed(), unit.unit]).toEqual(['39.98', 'EUR', '1', 'l']);
  });
});

describe('platform product pages: structuredItem without the page', () => {
  it('gives no price for descriptions that state different prices (JSON-LD 1999 in cents beside OpenGraph 19.99), and the agreed one otherwise', () => {
    const item = (name: string) => {
      const product = open(DISAGREE.find((page) => page.name === name)!).structuredProduct();
      const built = product && structuredItem(product, 'https://shop.example/p/1');
      return built && [built.price === null ? null : String(built.price), built.priceRefusal ?? null];
    };
    expect(item('JSON-LD price in cents (Liquid {{ product.price }}) beside OpenGraph 19.99, price by script')).toEqual([null, 'price/ambiguous']);
    expect(item('JSON-LD 80.00 beside OpenGraph 80.00, price by script')).toEqual(['80', null]);
  });
});
