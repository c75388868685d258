// What the scan of a page says of each price it shows: its role, why, its text, where it stands and the parser's reading.
import type { Element } from 'domhandler';
import type { ParsedPrice, PriceResult } from '../prices/parse-price';
import { cssPath } from './css-path';
import type { Choice } from './element-marks';
import type { PageLocale } from './page-locale';
import type { PriceContext, PriceRole, WithheldReason } from './price-labels';

/** One price as the page shows it. */
export interface ScannedPrice {
  role: PriceRole;
  /** Why it has that role: "del", "marked old-price", "words" (the text around it), "text", "parser price/reference-only". */
  why: string;
  /** Its own text, whitespace collapsed. */
  text: string;
  /** CSS path of the element holding it. */
  path: string;
  /**
   * The parser's reading: the amount of a current price, or the parser's refusal when it does not read
   * as one. A price in another role ("RRP £40.00", "2 for $18.00") carries its one amount even where
   * the parser refuses the text as a price to pay now.
   */
  parsed: PriceResult;
  context: PriceContext;
  /** Its element or a near ancestor is named as a price holder (class, id, itemprop). */
  marked: boolean;
  /** Its element is a heading holding nothing but this price: never outranked by a named price holder. */
  headline: boolean;
  /** It stands in an option of a single choice (a fare family, a room, a plan): taken or not; null outside any. */
  choice: Choice | null;
  /** Struck or marked as a reference price by its element or an ancestor (the evidence), whatever role its words give it. */
  struck: string | null;
  /** Its element or an ancestor is named as the price without tax (`net`) or with it (`gross`); null when none is. */
  tax: 'net' | 'gross' | null;
  /** A range's high end, when its one text shows both ends ("$10 – $20"). */
  rangeHigh?: ParsedPrice;
  /** A screen-reader label naming a role stands between it and another price, and the markup does not say which it names: why. */
  unsettled?: string;
  /** Whether it stands in the page's own product box (product-box.ts); absent when the structure gives none. */
  inProductBox?: boolean;
  /** It is read from a screen-reader copy whose amounts differ from the ones its box shows the eye (`aria-hidden`): why. */
  copyConflict?: string;
  /** It is drawn `aria-hidden` with no screen-reader copy beside it (eye-alone.ts): the price only when nothing else shows one. */
  drawnOnly?: boolean;
  /** A current price its words call an estimate or a conversion ("≈ €52.10", "Approximately US $57.20"): the price only when no exact one is shown. */
  approximate?: boolean;
}

export interface ScanOptions {
  locale: PageLocale;
  /** ISO code for amounts the text and the page's region leave without a currency. */
  defaultCurrency?: string | null;
  /** What a backslash before an amount shows as on this page (backslash-sign.ts), or null. */
  backslashSign?: string | null;
}

/** The first element whose whole text says the price is given on request, after signing in or in the cart. */
export interface Withheld {
  element: Element;
  text: string;
  reason: WithheldReason;
}

/** "Price on request", "Login to see prices" or "See price in cart" as a scanned entry with no amount, so the decision can refuse the page with it. */
export function onRequestEntry({ element, text, reason }: Withheld): ScannedPrice {
  return { role: 'on-request', why: 'words', text, path: cssPath(element), parsed: { ok: false, reason }, context: { before: '', after: '' }, marked: false, headline: false, choice: null, struck: null, tax: null };
}
