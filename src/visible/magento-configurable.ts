// Magento 2's configurable product: until a shopper picks its options, the price box shows the cheapest child's price, with no label.
import type { CheerioAPI } from 'cheerio';
import { parse as parseLossless } from 'lossless-json';
import { Decimal } from '../core/money';
import type { ScannedPrice } from './scanned-price';

type Json = string | boolean | null | Json[] | { [key: string]: Json };
const isObject = (value: Json | undefined): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A child's prices as the options script knows them: the final price (what its box shows) and the base price (without tax). */
interface ChildPrices {
  final: Decimal;
  base: Decimal | null;
}

const amountOf = (entry: Json | undefined): Decimal | null => {
  const amount = isObject(entry) ? entry.amount : undefined;
  return typeof amount === 'string' && /^\d+(?:\.\d+)?$/.test(amount) ? new Decimal(amount) : null;
};

/** Every `optionPrices` map below a value: `{ "<child id>": { "finalPrice": { "amount": 30 }, "basePrice": … } }`. */
function collectChildren(value: Json, out: ChildPrices[]): void {
  if (Array.isArray(value)) value.forEach((entry) => collectChildren(entry, out));
  if (!isObject(value)) return;
  for (const [key, entry] of Object.entries(value)) {
    if (key !== 'optionPrices' || !isObject(entry)) collectChildren(entry, out);
    else for (const child of Object.values(entry)) {
      const final = isObject(child) ? amountOf(child.finalPrice) : null;
      if (final && isObject(child)) out.push({ final, base: amountOf(child.basePrice) });
    }
  }
}

/**
 * The children of the page's configurable product, from the `text/x-magento-init` scripts that set up its options (the
 * `configurable` widget's `spConfig`, the swatch renderer's `jsonConfig`). Amounts are read as the digits written (JSON
 * numbers such as 29.99 stay exact). Empty when the page has none.
 */
export function configurableChildren($: CheerioAPI): ChildPrices[] {
  const children: ChildPrices[] = [];
  $('script[type="text/x-magento-init"]').each((_, script) => {
    const text = $(script).text();
    if (!text.includes('optionPrices')) return;
    try {
      collectChildren(parseLossless(text, null, (digits: string) => digits) as Json, children);
    } catch {
      // A script that does not parse configures nothing we can read; the page is read as before.
    }
  });
  return children;
}

/**
 * A configurable product whose children cost different amounts shows the cheapest one's price in its box until options are
 * picked, which the HTML never does: that price is a from-price, the cheapest variant's (Magento prints "As low as" before it
 * only on listings). Read as the price, a €30.00 box stood for a product sold at €30.00 to €45.00. Children that all cost
 * the same leave the page alone: then the box shows the price of every one.
 */
export function cheapestChildAsFrom($: CheerioAPI, scanned: ScannedPrice[]): ScannedPrice[] {
  const children = configurableChildren($);
  if (new Set(children.map((child) => child.final.toFixed())).size < 2) return scanned;
  const lowest = children.reduce((low, child) => (child.final.lt(low.final) ? child : low));
  const cheapest = (amount: Decimal) => amount.eq(lowest.final) || (lowest.base !== null && amount.eq(lowest.base));
  return scanned.map((price) => (price.role === 'current' && price.parsed.ok && cheapest(price.parsed.amount) ? { ...price, role: 'range', why: 'configurable: cheapest child' } : price));
}
