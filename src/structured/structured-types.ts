// The typed result of structured-data extraction: one product, where each field came from, what was skipped.
import type { Decimal } from '../core/money';
import type { PricingFields } from '../core/pricing';
import type { Availability } from './availability';

export type StructuredSource = 'json-ld' | 'microdata' | 'rdfa' | 'opengraph' | 'shopify';

/** A block that could not be read, with a stable reason (`json-ld/malformed`) and the parser's words. */
export interface SkippedBlock {
  syntax: StructuredSource;
  /** Position of the block among the page's blocks of that syntax (0-based). */
  index: number;
  reason: string;
  detail?: string;
}

export interface PriceRange {
  low: Decimal;
  /** Null when only the lowest of several offers is known (an AggregateOffer's lowPrice alone). */
  high: Decimal | null;
}

export interface StructuredProduct {
  name: string | null;
  sku: string | null;
  gtin: string | null;
  brand: string | null;
  /** The shop's own category text (schema.org `category`). */
  category: string | null;
  url: string | null;
  /** What the shopper pays now: the sale price when there is one, the lowest offer of a range. */
  price: Decimal | null;
  /** ISO 4217 code. */
  currency: string | null;
  /**
   * With `currency` null, the codes the offers' `priceCurrency` may stand for ("$": every dollar; none for "AUD$", which
   * names no currency we know); absent when no offer names one. A default outside them would be a guess.
   */
  currencyCandidates?: readonly string[];
  availability: Availability | null;
  /** The undiscounted price: a StrikethroughPrice/ListPrice when given, else the price itself. */
  regularPrice: Decimal | null;
  /** Set only when a higher regular price is given: then it equals `price`. */
  salePrice: Decimal | null;
  /** AggregateOffer low/high, or the spread of several offers; `high` null when the data names only the lowest. */
  priceRange: PriceRange | null;
  /** Quantity tiers, unit price, shipping terms and availability (schema.org priceSpecification, shippingDetails). */
  pricing: PricingFields;
  /**
   * The current price each syntax states for this product, before merging picked one: a JSON-LD
   * regular price and an OpenGraph sale price both stay visible here (the price check uses them).
   */
  statedPrices: Array<{ source: StructuredSource; price: Decimal; currency: string | null }>;
  /**
   * The price of each offer when the product lists several (one per variant or seller): `price` is the
   * lowest, so a page showing the selected variant's price is checked against these.
   */
  offerPrices: Decimal[];
  /** Why the offers give no price although they state amounts (several currencies, none the shop's); null otherwise. */
  priceRefusal: { reason: string; detail: string } | null;
  /** The price is stated without tax (`valueAddedTaxIncluded: false`) and no gross beside it. */
  taxIncluded?: false;
  /**
   * Set when the product names no URL and every offer it has is another page's (`offer-url.ts`): the data says it is sold
   * there, so it is that page's product (a related product's block, a listing's item), never this page's own. Offers
   * naming one page keep their price (the listed product's); offers naming several give none.
   */
  offersElsewhere?: true;
  /**
   * Set when the price is the lowest of several sellers' offers (a marketplace listing): the cheapest seller's, which the page
   * sells at only if it shows it (its buy box may be another seller's). `structuredItem`, with no page to ask, stores none.
   */
  amongSellers?: true;
  /** The page the data names this product the main entity of (WebPage.mainEntity, mainEntityOfPage, else its JSON-LD `@id`'s page); absent when none. */
  mainEntityOf?: string;
  /** Which syntax each field was read from. */
  sources: Partial<Record<StructuredField, StructuredSource>>;
}

export type StructuredField = 'name' | 'sku' | 'gtin' | 'brand' | 'category' | 'url' | 'price' | 'currency' | 'availability';

export interface StructuredData {
  /** The page's own product (not related products), or null (no product, or a listing of several). */
  product: StructuredProduct | null;
  /** Every product described on the page (listings), the same product in several syntaxes merged. */
  products: StructuredProduct[];
  skipped: SkippedBlock[];
}
