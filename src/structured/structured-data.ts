// Extracts schema.org products from every syntax on a page and picks the page's own product.
import type { CheerioAPI } from 'cheerio';
import { readJsonLd } from './json-ld';
import { readMicrodata } from './microdata';
import { readOpenGraph } from './open-graph';
import { readRdfa } from './rdfa';
import { readShopifyProducts } from './shopify-product';
import { hasType, nodesOf, type SchemaNode } from './schema-node';
import { asGroup, groupedQuantityFields } from './grouped-product';
import { describedPage, idPage, mainEntityPage } from './main-entity';
import { absoluteUrl, conflicts, mergeProducts, productFromNode } from './structured-product';
import type { StructuredData, StructuredProduct, StructuredSource } from './structured-types';

export interface StructuredOptions {
  /** ISO code for prices that name no currency (the shop's or spider's default). */
  defaultCurrency?: string;
  /**
   * When the page was fetched (epoch ms): an offer whose `priceValidUntil`/`validThrough` ended before it, or whose
   * `validFrom` is after it, is not in force. `res.structuredData()` passes the response's fetch time; unset, none lapses.
   */
  atMs?: number;
  /**
   * The URLs the request passed through before it reached this page (the request's own, each redirect's): a shop redirecting
   * `/p/123` to `/p/123-slug` may still name `/p/123` in its data, which is this page. `res.structuredData()` passes them.
   */
  earlierUrls?: readonly string[];
}

/** schema.org's Product and its subtypes: a car dealer writes `"@type": "Car"` with the offer on it. */
const PRODUCT_TYPES = ['Product', 'IndividualProduct', 'ProductModel', 'ProductGroup', 'SomeProducts', 'ProductCollection', 'Vehicle', 'Car', 'Motorcycle', 'MotorizedBicycle', 'BusOrCoach'];

/**
 * An Offer written around its product (`{"@type": "Offer", "price": …, "itemOffered": {"@type": "Product"}}`, schema.org's
 * inverse of `offers`): that product with this offer, when it states none of its own. Before, such a page had no product.
 */
function offeredProduct(offer: SchemaNode): SchemaNode | null {
  const product = nodesOf(offer, 'itemOffered').find((node) => hasType(node, ...PRODUCT_TYPES));
  if (!hasType(offer, 'Offer', 'AggregateOffer') || !product || nodesOf(product, 'offers').length > 0) return null;
  const { itemOffered: _product, ...offerProps } = offer.props;
  return { ...product, props: { ...product.props, offers: [{ ...offer, props: offerProps }] } };
}

/** A product node found on the page, and the page its data names it the main entity of (null: none named). */
interface FoundProduct {
  node: SchemaNode;
  mainOf: string | null;
}

/**
 * Products among the top-level nodes and inside listings; never a product's own related products. A product held
 * directly in a page's `mainEntity` is that page's main entity, as is one stating `mainEntityOfPage`.
 */
function collectProducts(nodes: SchemaNode[], pageUrl: string, mainOf: string | null = null, found: FoundProduct[] = []): FoundProduct[] {
  for (const node of nodes) {
    const offered = offeredProduct(node);
    const product = hasType(node, ...PRODUCT_TYPES) ? node : offered;
    if (product) found.push({ node: product, mainOf: mainEntityPage(product, pageUrl) ?? mainOf ?? idPage(product, pageUrl) });
    else {
      for (const prop of ['itemListElement', 'item']) collectProducts(nodesOf(node, prop), pageUrl, null, found);
      collectProducts(nodesOf(node, 'mainEntity'), pageUrl, describedPage(node, pageUrl), found);
    }
  }
  return found;
}

/** Same product in several syntaxes (or twice in one): merged when sku, else URL, else name agree. */
function identity(product: StructuredProduct): string | null {
  if (product.sku) return `sku:${product.sku}`;
  if (product.url) return `url:${product.url}`;
  return product.name ? `name:${product.name.toLowerCase()}` : null;
}

function mergeByIdentity(products: StructuredProduct[]): StructuredProduct[] {
  const merged: StructuredProduct[] = [];
  const byKey = new Map<string, number>();
  for (const product of products) {
    const key = identity(product);
    const at = key === null ? undefined : byKey.get(key);
    if (at === undefined) {
      if (key !== null) byKey.set(key, merged.length);
      merged.push(product);
    } else merged[at] = mergeProducts(merged[at], product);
  }
  return merged;
}

/**
 * Index of the page's own product: one whose URL is this page (or its canonical) beats one without a
 * URL, which beats one pointing elsewhere (a related product's card). Several that all point
 * elsewhere make a listing: no single product then; several priced ones equally good need the page to name one. One
 * sold only on another page (negative score) is never the page's.
 */
function mainIndex(products: StructuredProduct[], score: (p: StructuredProduct) => number, named: (p: StructuredProduct) => boolean): number | null {
  let best: number | null = null;
  products.forEach((product, i) => {
    if (best === null || score(product) > score(products[best])) best = i;
  });
  if (best === null || score(products[best]) < 0 || (score(products[best]) === 0 && products.length > 1)) return null;
  // Several priced products as good as the best (none with a URL: an accessory's block before the product's own):
  // the page's own is the one its heading or title names; with none named, the first written is only a guess.
  const top = score(products[best]);
  const rivals = products.flatMap((product, i) => (score(product) === top && product.price !== null ? [i] : []));
  if (rivals.length < 2 || oneProduct(rivals.map((i) => products[i]))) return best;
  const namedRivals = rivals.filter((i) => named(products[i]));
  return namedRivals.length === 1 || (namedRivals.length > 1 && oneProduct(namedRivals.map((i) => products[i]))) ? namedRivals[0] : null;
}

/**
 * Descriptions of one product that identity could not merge: the same name, no two skus or gtins that differ (an app's
 * JSON-LD with the sku beside the theme's microdata without it). They are one product, merged below, and prices
 * that differ between them are refused there. Before, they were rivals and the page gave no item (no price, no reason).
 */
function oneProduct(products: StructuredProduct[]): boolean {
  return products.every((product) => sameName(product, products[0]) && products.every((other) => !conflicts(product, other)));
}

/** Whether the page's first heading, og:title or title names the product: the name itself, or the name and then a separator. */
function pageNames($: CheerioAPI): (product: StructuredProduct) => boolean {
  const clean = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  const titles = [$('h1').first().text(), $('meta[property="og:title" i]').attr('content'), $('title').first().text()].map(clean).filter(Boolean);
  return (product) => {
    const name = clean(product.name ?? undefined);
    return name !== '' && titles.some((title) => title === name || (title.startsWith(name) && /^[\s|:–—-]/.test(title.slice(name.length))));
  };
}

const sameName = (a: StructuredProduct, b: StructuredProduct) => a.name !== null && a.name.toLowerCase() === b.name?.toLowerCase();

const withoutOffers = (node: SchemaNode | null, drop: boolean): SchemaNode | null => (node && drop ? { ...node, props: { ...node.props, offers: [] } } : node);

export function extractStructuredData($: CheerioAPI, pageUrl: string, options: StructuredOptions = {}): StructuredData {
  const jsonLd = readJsonLd($, pageUrl);
  const shopify = readShopifyProducts($, pageUrl);
  const syntaxes: Array<[StructuredSource, SchemaNode[]]> = [
    ['json-ld', jsonLd.nodes],
    ['microdata', readMicrodata($)],
    ['rdfa', readRdfa($)],
    ['shopify', shopify.nodes],
  ];
  const canonical = absoluteUrl($('link[rel="canonical"]').attr('href') ?? null, pageUrl);
  // The page's other addresses: its canonical and those the request passed through before a redirect (`/p/123` → `/p/123-slug`).
  const samePageUrls = [canonical, ...(options.earlierUrls ?? []).map((url) => absoluteUrl(url, pageUrl))].filter((u): u is string => u !== null);
  const candidates = syntaxes.flatMap(([source, nodes]) =>
    collectProducts(nodes, pageUrl).map(({ node, mainOf }) => {
      const product = productFromNode(node, source, pageUrl, options.defaultCurrency, options.atMs, samePageUrls);
      return mainOf ? { ...product, mainEntityOf: mainOf } : product;
    }),
  );
  const products = mergeByIdentity(candidates);
  const pageUrls = new Set([absoluteUrl(pageUrl, pageUrl), ...samePageUrls].filter((u): u is string => u !== null));
  // The data naming a product this page's main entity says as much as its URL being the page: an unnamed rival lost
  // nothing before it; a rival whose URL is the page stands level with it, and the page's names decide.
  const ownPage = (p: StructuredProduct) => (p.mainEntityOf !== undefined && pageUrls.has(p.mainEntityOf)) || (p.url !== null && pageUrls.has(p.url));
  // A product sold only on another page (offersElsewhere) is never this page's, even alone: its sku with the page's price was stored.
  const score = (p: StructuredProduct) => (ownPage(p) ? 2 : p.offersElsewhere ? -1 : p.url === null ? 1 : 0);
  const index = mainIndex(products, score, pageNames($));
  let product: StructuredProduct | null = null;
  if (index !== null) {
    // Another syntax may describe the same product without the sku to match on: same name, not elsewhere.
    const base = products[index];
    product = products.reduce((acc, p) => (p !== base && score(p) > 0 && !conflicts(acc, p) && sameName(acc, p) ? mergeProducts(acc, p) : acc), base);
  }
  // OpenGraph always speaks of the page itself: it fills the main product's gaps, or is the product.
  // On a Shopify page its themes write `og:price:amount` from `product.price`, the cheapest variant's, whichever the page
  // shows (?variant=2 at 24.99 stored 19.99): beside the product JSON it is no price of the page.
  const ogNode = withoutOffers(readOpenGraph($), shopify.nodes.length > 0);
  const og = ogNode ? productFromNode(ogNode, 'opengraph', pageUrl, options.defaultCurrency, options.atMs) : null;
  if (og && product && !conflicts(product, og)) product = mergeProducts(product, og);
  else if (og && products.every((p) => score(p) < 0)) product = og;
  // A page selling several products at their own prices, each with its quantity field: its product's price is a child's.
  if (product) product = asGroup(product, groupedQuantityFields($));
  const all = [...products];
  if (product && index !== null) all[index] = product;
  else if (product) all.push(product);
  return { product, products: all, skipped: [...jsonLd.skipped, ...shopify.skipped] };
}
