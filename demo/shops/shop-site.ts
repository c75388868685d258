// The contract between a demo shop's renderer and the server that hosts it, and what a crawl should yield.
import { currentPrice, type CatalogProduct } from '../catalog';

export type ShopKind = 'json-ld' | 'microdata' | 'locale-text' | 'js-rendered' | 'hostile' | 'trap';

/** What every shop renderer takes: its catalog seed and size. */
export interface CatalogShopConfig {
  seed: number;
  productCount: number;
  /** Price-change round (0: the base prices); see CatalogOptions.priceShift. */
  priceShift?: number;
  /** Shop title; cluster hosts get numbered names. */
  name?: string;
}

export interface ShopReply {
  status: number;
  contentType: string;
  body: string | Buffer;
  /** Extra response headers (Retry-After, Location). */
  headers?: Record<string, string>;
  /**
   * How the server delivers it: `reset` closes the connection without an answer, `slow` spreads the body over
   * `overMs`, `truncated-gzip` sends the first half of the gzipped body (with a Content-Length that matches it).
   */
  delivery?: { type: 'reset' } | { type: 'slow'; overMs: number } | { type: 'truncated-gzip' };
  /** Which hostile rule produced this answer (`captcha`, `slow`...), kept in the hit log for tests. */
  rule?: string;
}

/** One product the pipeline should store, with its price exactly as the spider must yield it. */
export interface ExpectedPriceItem {
  sku: string;
  name: string;
  url: string;
  /** What the shopper pays now, as a plain decimal string ("1299.00"). */
  price: string;
  /** The page's price text the spider yields ("$1,299.00", "1299.00", "1.234,56 €"). */
  priceText: string;
  /** The regular price when the product is on sale (plain decimal), else null. */
  listPrice: string | null;
  /** ISO code the stored item must carry (set by the spider or inferred from the symbol). */
  currency: string;
  /** Further item fields the spider must yield exactly (the trap shop's unit price, tiers, shipping, availability). */
  extra?: Record<string, unknown>;
}

/** What a complete crawl of a shop must produce: items, drift drops and failed links. */
export interface ExpectedShopOutcome {
  items: ExpectedPriceItem[];
  /** Product pages served 200 without any price: the pipeline must drop them with a reason. */
  drift: { sku: string; url: string }[];
  /** Links on listing pages that answer 404. */
  notFound: string[];
  /** Every page a spider fetches on a full crawl (listings, products, 404s): the request budget. */
  pageCount: number;
  catalog: CatalogProduct[];
  /** The hostile shop's traps and how a crawl must end them. */
  hostile?: HostileOutcome;
}

/** What a crawl of the hostile shop must end with, beyond the items. */
export interface HostileOutcome {
  /** Product URLs reset once, then served. */
  resets: string[];
  /** Product URLs served slowly, every time. */
  slow: string[];
  /** Product URLs whose first answer is a gzip body cut off half-way, then served whole. */
  truncated: string[];
  /** Links answered 403 (fail, never retried). */
  forbidden: string[];
  /** A link that redirects to itself through a second URL. */
  redirectLoop: string;
}


/** A shop's markup and URL space; the server adds robots.txt, latency, keep-alive and the hit log. */
export interface ShopSite {
  kind: ShopKind;
  name: string;
  /** Registry name of the spider that crawls this shop. */
  spider: string;
  /** Where a crawl starts, relative to the origin. */
  startPath: string;
  /** Spider arguments besides `baseUrl` (a generic spider's `urls`). */
  spiderArgs?(origin: string): Record<string, string>;
  /** Extra robots.txt lines (e.g. a Sitemap: line). */
  robotsLines?(origin: string): string[];
  /** A robots.txt answer of the site's own (a hostile one); null: the server's usual file. */
  robots?(origin: string): ShopReply | null;
  route(url: URL, origin: string): ShopReply;
  expected(origin: string): ExpectedShopOutcome;
}

/** Expected items of a shop whose pages show the plain decimal price (JSON-LD, microdata content). */
export function plainPriceItems(catalog: readonly CatalogProduct[], urlOf: (product: CatalogProduct) => string): ExpectedPriceItem[] {
  return catalog.map((p) => ({
    sku: p.sku,
    name: p.name,
    url: urlOf(p),
    price: currentPrice(p),
    priceText: currentPrice(p),
    listPrice: p.salePrice ? p.price : null,
    currency: p.currency,
  }));
}
