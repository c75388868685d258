// A product page → one price item: structured data checked against the visible price, pricing fields from both, the source named.
import type { PriceItem, PricingItemFields, StoredPriceCheck } from '../core/item';
import { emptyPricing, mergePricing } from '../core/pricing';
import type { CrawlResponse } from '../core/response';
import { toCurrencyScale } from '../prices/iso-currencies';
import type { StructuredProduct } from '../structured/structured-types';
import { checkPrices, type PriceCheck } from '../visible/price-check';
import { pricingItemFields } from './pricing-item';
import { structuredItem } from './structured-item';

export interface ProductItemOptions {
  /** ISO code for prices that name no currency (the shop's). */
  defaultCurrency?: string;
}

/** The disagreement as stored: exact strings. */
function storedCheck(check: PriceCheck): StoredPriceCheck {
  return {
    structured: toCurrencyScale(check.structured, check.structuredCurrency),
    structuredCurrency: check.structuredCurrency,
    visible: toCurrencyScale(check.visible, check.visibleCurrency),
    visibleCurrency: check.visibleCurrency,
    rule: check.rule,
  };
}

/**
 * The item of a product page, or null when the page shows no product price at all (neither
 * structured data nor a visible price: a category or content page). A page whose price is refused
 * (ambiguous, disagreeing) still yields, with `price: null` and `priceRefusal`, so the pipeline
 * records the reason instead of losing the page.
 */
export function productItem(res: CrawlResponse, options: ProductItemOptions = {}, product: StructuredProduct | null = res.structuredProduct(options)): PriceItem | null {
  const visible = res.visiblePrice(undefined, { defaultCurrency: options.defaultCurrency });
  if (!product && !visible.ok && visible.reason === 'price/not-found') return null;
  const checked = checkPrices(product, visible);
  // The check below settles the price and its currency: structuredItem's own refusal (descriptions that disagree) is not the item's.
  const { priceRefusal: _unchecked, currencyCandidates: _open, ...base }: PriceItem = product ? structuredItem(product, res.url) : { sku: res.url, name: res.$('h1').first().text().replace(/\s+/g, ' ').trim() || undefined, price: null, url: res.url };
  const pricing = mergePricing(product?.pricing ?? emptyPricing(), res.visiblePricing(undefined, { defaultCurrency: options.defaultCurrency }));
  const currency = checked.ok ? checked.currency : (base.currency ?? null);
  const fields: PricingItemFields = { ...pricingItemFields(pricing, currency), availability: pricing.availability };
  const item: PriceItem = { ...base, ...fields, currency };
  if (checked.check) item.priceCheck = storedCheck(checked.check);
  if (!checked.ok) {
    // `source` names where the stored price came from; a refused price has none (structuredItem set `structured`).
    delete item.source;
    return { ...item, price: null, priceRefusal: checked.reason, listPrice: null };
  }
  // A sign nothing resolved ("$" on a lang="en" page): the codes it allows travel with the item, so no default outside them stands in.
  if (checked.currencyCandidates) item.currencyCandidates = checked.currencyCandidates;
  // Net without a gross beside it, as the page shows it or the data states it, for the amount stored: the item says so.
  const net = (visible.ok && visible.taxIncluded === false && visible.amount.eq(checked.price)) || (product?.taxIncluded === false && product.price?.eq(checked.price));
  if (net) item.taxIncluded = false;
  else delete item.taxIncluded;
  return { ...item, price: checked.price, listPrice: checked.regular ? toCurrencyScale(checked.regular, checked.currency) : null, source: checked.source };
}
