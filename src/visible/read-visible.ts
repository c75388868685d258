// Entry point behind res.visiblePrice() / res.visiblePricing(): resolves the scope and the page locale, scans once.
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { emptyPricing, type PricingFields } from '../core/pricing';
import { backslashSignOf } from './backslash-sign';
import { selectedCurrency } from './currency-switcher';
import { declaredCurrency } from './declared-currency';
import { cheapestChildAsFrom } from './magento-configurable';
import { readPageLocale, type PageLocale } from './page-locale';
import { scanPrices } from './price-scan';
import type { ScannedPrice } from './scanned-price';
import { readsUnreadSheets } from './unread-sheets';
import { decideVisiblePrice, type VisiblePriceResult } from './visible-price';
import { readVisiblePricing } from './visible-pricing';

/** The refusal of a page with more elements than MAX_ELEMENTS. */
export const PAGE_TOO_LARGE = 'price/page-too-large';

/**
 * Elements read at most. The walk's work grows with them (about a second for 300,000 on a loaded machine), and the heaviest
 * real product and category pages hold tens of thousands; a page past this (10 MB of `<span>x</span>` on one line holds
 * 750,000) is a generated or hostile one, refused with a reason rather than read for seconds.
 */
const MAX_ELEMENTS = 150_000;

/** Whether more than `max` elements lie in the trees of `roots`: counted without recursion (nesting may be deep), stopping at `max`. */
function elementsPast(roots: readonly AnyNode[], max: number): boolean {
  const stack: AnyNode[] = [...roots];
  let count = 0;
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'tag' && ++count > max) return true;
    if ('children' in node) for (const child of node.children) stack.push(child);
  }
  return false;
}

/** Where to read: the whole page (default), a CSS selector, or a cheerio selection (a price block, a product card). */
export type VisibleScope = string | Cheerio<AnyNode>;

export interface VisibleOptions {
  /** ISO code for prices the text and the page's locale leave without a currency (the spider's shop currency). */
  defaultCurrency?: string | null;
}

export interface VisibleRead {
  price: VisiblePriceResult;
  pricing: PricingFields;
  locale: PageLocale;
  /** Every price seen, with its role: what was ignored and why, for logs and `pricecrawl shell`. */
  scanned: ScannedPrice[];
}

/** `encoding`: the page's charset (a Shift_JIS page's backslash before an amount is its yen sign); `url`: the page's (its country domain). */
export function readVisible($: CheerioAPI, scope: VisibleScope | undefined, options: VisibleOptions & { contentLanguage?: string; encoding?: string; url?: string }): VisibleRead {
  const root = scope === undefined ? ($('body').length ? $('body') : $.root()) : typeof scope === 'string' ? $(scope) : scope;
  const page = readPageLocale($, options.contentLanguage, options.url);
  if (elementsPast(root.toArray(), MAX_ELEMENTS)) {
    const price = { ok: false as const, reason: PAGE_TOO_LARGE, detail: `more than ${MAX_ELEMENTS} elements to read: no shop's page has that many`, candidates: [] };
    return { price, pricing: emptyPricing(), locale: page, scanned: [] };
  }
  // The switcher's selected currency is the one the prices are shown in: it outranks the one the language's region suggests;
  // so does the one the page's markup declares for its offers when no switcher says otherwise.
  const selected = selectedCurrency($);
  const switched = selected ?? declaredCurrency($);
  const locale = switched ? { ...page, regionCurrency: switched } : page;
  const scanned = root.length === 0 ? [] : cheapestChildAsFrom($, scanPrices($, root, { locale, defaultCurrency: options.defaultCurrency, backslashSign: backslashSignOf(options.encoding) }));
  const price = decideVisiblePrice(scanned, { unreadSheets: readsUnreadSheets($) });
  // The switcher, not the text, named the price's currency: the price check weighs it against the data's (price-check.ts).
  if (price.ok && selected !== null && price.currency === selected && price.currencyPickedAmong !== undefined) price.switcherCurrency = selected;
  return { price, pricing: readVisiblePricing($, root, scanned), locale, scanned };
}
