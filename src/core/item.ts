// Items: what spiders yield besides requests, and the context each carries through the pipeline.
import type { Decimal } from './money';

/** Any scraped record: a plain object. Price items use the well-known fields below. */
export interface Item {
  [field: string]: unknown;
}

/** The fields the price pipeline understands; spiders may add any others. */
export interface PriceItem extends Item {
  /** Stable product key within the spider (SKU, GTIN, room code...). */
  sku: string;
  name?: string;
  /** Decimal, or text the pipeline coerces to Decimal; never a JS number. */
  price: Decimal | string | null;
  /** ISO 4217 code. */
  currency?: string | null;
  url?: string;
  /**
   * Where the values came from, as the spider knows it: `structured` (JSON-LD, microdata, RDFa),
   * `visible` (page text), `api` (a JSON endpoint), `fallback` (a fallbackRequest's second source).
   * Feeds export it as is, null when unset (never guessed).
   */
  source?: string;
}

/** Where an item came from: travels beside the item so stages can trace and key it. */
export interface ItemSource {
  spider: string;
  runId: string;
  /** Frontier id of the request whose response produced the item. */
  requestId: string;
  url: string;
  /** sha256 of the exact response bytes. */
  rawHash: string;
  scrapedAtMs: number;
}
