// What a page's linked stylesheets might say that the reader never reads: the one decision a sheet could overturn is refused.
import type { CheerioAPI } from 'cheerio';
import { labelsCurrent } from '../prices/price-context';
import type { ReadPrice } from './visible-price';
import type { ScannedPrice } from './scanned-price';

/**
 * Whether the page takes styles from sheets the reader does not fetch: `<link rel="stylesheet">`, a sheet loaded late
 * (`rel="preload" as="style"`, switched to a stylesheet by script), or an `@import` in an inline `<style>`. The reader
 * reads one response's bytes, so every price stays traceable to the page it came from, and sends the shop no request of
 * its own outside the crawl's host slots; a theme's strike-through and hidden classes are then unknown.
 */
export function readsUnreadSheets($: CheerioAPI): boolean {
  const linked = $('link[href]').toArray().some((link) => {
    const rel = (link.attribs.rel ?? '').toLowerCase().split(/\s+/);
    return rel.includes('stylesheet') || (rel.includes('preload') && (link.attribs.as ?? '').toLowerCase() === 'style');
  });
  return linked || $('style').toArray().some((style) => /@import\b/i.test($(style).text()));
}

const words = (text: string) => /\p{L}/u.test(text.replace(/\b[A-Z]{3}\b/g, ''));

/** An amount alone in its line: no words in its text or beside it (an ISO code is no word). */
export function amountAlone(price: ScannedPrice): boolean {
  return !words(price.text) && !words(`${price.context.before} ${price.context.after}`);
}

/** An amount alone in its line, or after nothing but a label naming it the price to pay now ("Now $80.00", "Sale price"). */
const shownAsCurrent = (price: ScannedPrice): boolean => amountAlone(price) || (!words(price.context.after) && labelsCurrent(price.context.before));

/**
 * A current amount alone in its line (or labelled only as the price to pay now), of another value than the price a named
 * holder gave, which the name outranked: an unread sheet may strike the named one (the theme's `.c-price--muted`) or hide
 * it (a variant template, at any amount), and then the other is what the shopper pays; or strike the other. With no sheet
 * to ask, which one is shown is not known, and the page is refused.
 */
export function otherUnnamed(price: ReadPrice, outranked: readonly ScannedPrice[]): ScannedPrice | undefined {
  const sameCurrency = (other: string | null) => other === price.currency || other === null || price.currency === null;
  return outranked.find((p) => p.parsed.ok && shownAsCurrent(p) && p.parsed.amount.gt(0) && !p.parsed.amount.eq(price.amount) && sameCurrency(p.parsed.currency));
}
