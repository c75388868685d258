// Items: what spiders yield besides requests, and the context each carries through the pipeline.
import type { Decimal } from './money';

/** Any scraped record: a plain object. Price items use the well-known fields below. */
export interface Item {
  [field: string]: unknown;
}

/**
 * The fields the price pipeline understands; spiders may add any others. Each optional field also takes `undefined`,
 * so `name: product?.name ?? undefined` type-checks under `exactOptionalPropertyTypes` (the generated spiders write it).
 */
export interface PriceItem extends Item {
  /** Stable product key within the spider (SKU, GTIN, room code...). */
  sku: string;
  name?: string | undefined;
  /** Decimal, or text the pipeline coerces to Decimal; never a JS number. */
  price: Decimal | string | null;
  /** ISO 4217 code. */
  currency?: string | null | undefined;
  /**
   * Set by the page readers when `currency` is null although the page showed a sign: the codes that sign may stand for
   * ("$": USD, CAD, AUD …), or none when it names no currency we know (`priceCurrency: "AUD$"`). The pipeline's default
   * currency stands in only when it is one of them; else the price is dropped (`price/currency-unknown`), never read in
   * a currency the page rules out ("¥199" stored as 199 EUR).
   */
  currencyCandidates?: readonly string[] | undefined;
  /** The page's BCP 47 locale (`<html lang>`, e.g. "en-CA"): decides which currency a `$`, `kr` or `¥` in a text price is. */
  locale?: string | null | undefined;
  url?: string | undefined;
  /**
   * The site or market the item belongs to, when its page's registrable domain does not say it (markets
   * under paths of one domain, a fallback feed on another domain): one word, e.g. "shop.com/de". With the
   * sku it is the item's identity (dedupe, history, catalog); unset, the page's registrable domain is.
   */
  site?: string | undefined;
  /** Why `price` is null when the spider refused to read one (`price/ambiguous`, `price/disagree`): the pipeline drops with it. */
  priceRefusal?: string | undefined;
  /**
   * Where the values came from, as the spider knows it: `structured` (JSON-LD, microdata, RDFa),
   * `visible` (page text), `api` (a JSON endpoint), `fallback` (a fallbackRequest's second source).
   * Feeds export it as is, null when unset (never guessed).
   */
  source?: 'structured' | 'visible' | 'api' | 'fallback' | undefined;
  /**
   * False when the price is labelled without VAT or sales tax and the page shows no gross beside it (a B2B shop's
   * `12,00 € zzgl. MwSt.`, JSON-LD `valueAddedTaxIncluded: false`); true when the spider knows it includes tax; unset when
   * the page does not say, as most shops' prices include it. Stored in the pricing fields, so the price history never
   * compares a net amount with a gross one (`tax basis`).
   */
  taxIncluded?: boolean | null | undefined;
  /** Set when the page's structured and visible prices disagreed: both amounts and the rule applied. */
  priceCheck?: StoredPriceCheck | undefined;
}

/** A structured/visible disagreement as stored (see src/visible/price-check.ts for the rule). */
export interface StoredPriceCheck {
  structured: string;
  structuredCurrency: string | null;
  visible: string;
  visibleCurrency: string | null;
  rule: 'visible-confirmed' | 'minor-units' | 'refused';
}

/**
 * Pricing fields besides the current price, as stored: exact decimal strings at the currency's
 * scale, never floats. Price history reports a change in any of them (see PRICING_ITEM_FIELDS).
 */
export interface PricingItemFields {
  /** The regular (struck) price of a sale. */
  listPrice?: string | null;
  unitPrice?: { amount: string; currency: string | null; quantity: string; unit: string } | null;
  tiers?: Array<{ minQuantity: number; price: string; forQuantity: number; currency: string | null }>;
  shippingCost?: string | null;
  freeShippingOver?: string | null;
  availability?: string | null;
  /** Fields the page did not determine, with the reason (`{ shipping: 'price/ambiguous' }`). */
  pricingRefused?: Record<string, string>;
}

/** The item fields whose change price history reports besides price, currency and availability. */
export const PRICING_ITEM_FIELDS = ['listPrice', 'unitPrice', 'tiers', 'shippingCost', 'freeShippingOver', 'taxIncluded'] as const;

/** Where an item came from: travels beside the item so stages can trace and key it. */
export interface ItemSource {
  spider: string;
  runId: string;
  /** Frontier id of the request whose response produced the item. */
  requestId: string;
  url: string;
  /** sha256 of the exact response bytes. */
  rawHash: string;
  /** The response's media type, lower case without parameters (`text/html`); '' when it named none. Absent where no response made the item. */
  mediaType?: string;
  /** The response said a cache served it from store (Age, a hit mark: core/cache-hit.ts). Absent where no response made the item. */
  fromCache?: boolean;
  scrapedAtMs: number;
  /** The fencing token of the request's lease (CrawlRequest.leaseFence); absent or null where the frontier gives none. */
  leaseFence?: number | null;
}
