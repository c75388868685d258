// Whether an item's price is a page's number whose cents or footnote mark stand in an element of their own, run into it by a text() read.
import type { Item } from '../core/item';
import { Decimal } from '../core/money';

/** The drop reason of a price whose raised or split cents were read as more whole units. */
export const FLATTENED_CENTS = 'price/flattened-cents';

/**
 * A number, the tags after it, then digits alone in an inline element: cents as Best Buy, Walmart, Home Depot and many EU shops
 * print them ("$19<sup>99</sup>", `<span>19</span><span class="cents">99</span>`), or a raised footnote mark ("12,99<sup>1</sup> €",
 * whose text() "12,991 €" reads 12991). Quantifiers are bounded, so a long run of spaces or digits costs no backtracking beyond them.
 */
const SPLIT_DIGITS = /(\d(?:[\d.,' ]{0,15}\d)?)(?:\s{0,40}<\/?[a-z][^<>]{0,200}>){0,8}\s{0,40}<(sup|span|small|b|strong|em|i|u|font)\b[^<>]{0,200}>\s{0,40}(\d{1,3})\s{0,40}<\/\2>/gi;

/**
 * The digits of every number the page writes with its cents or a raised mark in an element of their own ("19" + "99" → "1999"). A spider reading
 * such an element with cheerio's text() gets "$1999", which parses as 1999: a hundred times the price. Read once per page, and
 * only for an item whose price shows no decimals.
 */
export function splitCentsDigits(body: Buffer): ReadonlySet<string> {
  const out = new Set<string>();
  // Latin-1 keeps one character per byte: digits and markup are ASCII in every charset we read.
  for (const [, units, tag, digits] of body.toString('latin1').matchAll(SPLIT_DIGITS)) {
    // Outside <sup> only two digits are cents: "1<span>299</span>" is one number as shown.
    if (tag.toLowerCase() === 'sup' || digits.length === 2) out.add(units.replace(/\D/g, '') + digits);
  }
  return out;
}

/**
 * The item as the pipeline should see it: its price refused (`price/flattened-cents`) when the spider's text or number has no
 * decimals and its digits are those of a number the page shows with split cents. The page reader (`visiblePrice`) and the
 * structured readers join such cents themselves; this catches a spider's own `.text()`.
 */
export function withoutFlattenedCents(item: Item, splitDigits: () => ReadonlySet<string>): Item {
  const shown = typeof item.price === 'string' ? item.price : typeof item.price === 'number' ? String(item.price) : Decimal.isDecimal(item.price) ? item.price.toFixed() : null;
  if (shown === null || /[.,]\d{1,2}(?!\d)/.test(shown)) return item;
  const digits = shown.replace(/\D/g, '');
  if (digits.length < 3 || !splitDigits().has(digits)) return item;
  return { ...item, price: null, priceRefusal: FLATTENED_CENTS };
}
