// Entry point behind res.visiblePrice() / res.visiblePricing(): resolves the scope and the page locale, scans once.
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import type { PricingFields } from '../core/pricing';
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
