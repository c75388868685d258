// The currency a page declares for its offers in markup that holds no price: microdata or RDFa `priceCurrency`, Open Graph `product:price:currency`.
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { isoCodeOf } from '../prices/iso-currencies';

/** Where a page states its offers' currency apart from any amount. */
const DECLARING = [
  '[itemprop="priceCurrency" i]',
  '[property="priceCurrency" i]',
  '[property="schema:priceCurrency" i]',
  'meta[property="product:price:currency" i]',
  'meta[property="og:price:currency" i]',
].join(', ');

/**
 * The one ISO code the page's markup states as its offers' currency, or null when it states none or several. A theme that
 * prints "$19.99" beside `<meta itemprop="priceCurrency" content="AUD">` (the price itself in no property, so no structured
 * price is read) says which dollar it shows; without this the sign stayed open on an English page and the item was dropped as
 * price/currency-unknown. Codes that disagree (a related product in another currency) say nothing.
 */
export function declaredCurrency($: CheerioAPI): string | null {
  const found = new Set<string>();
  for (const element of $(DECLARING).toArray() as Element[]) {
    const value = isoCodeOf(element.attribs.content ?? $(element).text());
    if (!value) return null;
    found.add(value);
  }
  return found.size === 1 ? [...found][0] : null;
}
