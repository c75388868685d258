// One syntax's Product node → a typed StructuredProduct; merging two descriptions of the same product.
import { mergePricing } from '../core/pricing';
import { candidatesOf } from '../prices/currencies';
import { isoCodeOf } from '../prices/iso-currencies';
import { normalizeAvailability } from './availability';
import { combineOffers, readOffer } from './read-offers';
import { GROUPED, offeringOthers, offersOtherProduct } from './grouped-product';
import { offerInForce } from './offer-validity';
import { elsewhereRefusal, onePage, placeOffers, severalSellers } from './offer-url';
import { offersRefusal } from './offers-refusal';
import { readStructuredPricing } from './structured-pricing';
import { hasType, nodesOf, termOf, textOf, type SchemaNode } from './schema-node';
import type { StructuredField, StructuredProduct, StructuredSource } from './structured-types';

/** Absolute URL without its fragment, or null for text that is no URL. */
export function absoluteUrl(text: string | null, pageUrl: string): string | null {
  if (!text) return null;
  try {
    const url = new URL(text, pageUrl);
    url.hash = '';
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * A ProductGroup's offers stand on its variants (`hasVariant`); a Product's on itself. A variant's offer that names no URL is
 * at its variant's (Google's variant markup puts it on either), so a page fetched at one variant's URL finds its offer.
 */
function offerNodes(node: SchemaNode): SchemaNode[] {
  const ofVariant = (variant: SchemaNode) =>
    nodesOf(variant, 'offers').map((offer) => (textOf(offer, 'url') || !textOf(variant, 'url') ? offer : { ...offer, props: { ...offer.props, url: variant.props.url } }));
  return [...nodesOf(node, 'offers'), ...(hasType(node, 'ProductGroup') ? nodesOf(node, 'hasVariant').flatMap(ofVariant) : [])];
}

/**
 * The offers of the variant this page is: Shopify and others give every variant's offer its own URL
 * (`/products/tee?variant=2`), and a page fetched at one of them shows that variant. Every offer when none is this
 * page's, or all are (one URL for every offer says nothing of which is shown).
 */
function pageOffers(offers: SchemaNode[], pageUrl: string): SchemaNode[] {
  const page = absoluteUrl(pageUrl, pageUrl);
  const own = offers.filter((offer) => absoluteUrl(textOf(offer, 'url'), pageUrl) === page);
  return own.length > 0 && own.length < offers.length ? own : offers;
}

/**
 * The offers in force when the page was fetched, each without its parts that lapsed (`offerInForce`), and why none is
 * when every priced offer's validity ended (or has not begun): a price team wants the current price, so a lapsed offer
 * beside a current one is dropped, and lapsed ones alone give no structured price but `price/expired` (the page's
 * visible price may still stand, as what it shows now). An offer whose price stood only in parts that lapsed (an
 * aggregate's nested offers, a specification) lapsed with them. Before, an ended sale's offer was stored as the
 * current price, or made a range with the regular one.
 */
function inForce(offers: SchemaNode[], defaultCurrency: string | undefined, atMs: number | undefined): { offers: SchemaNode[]; lapsed: string | null } {
  const views = offers.map((offer) => {
    const view = offerInForce(offer, atMs);
    const gone = view.node === null || (view.lapses.length > 0 && !readOffer(view.node, defaultCurrency));
    return { ...view, gone, was: gone ? readOffer(offer, defaultCurrency) : null };
  });
  const current = views.flatMap((view) => (view.node && !view.gone ? [view.node] : []));
  if (views.every((view) => !view.gone) || combineOffers(current, defaultCurrency)) return { offers: current, lapsed: null };
  const priced = views.flatMap(({ was, lapses }) => (was ? [`${was.price.toFixed()}${was.currency ? ` ${was.currency}` : ''}: ${lapses.join('; ')}`] : []));
  return { offers: current, lapsed: priced.length > 0 ? `no structured offer is in force: ${priced.join('; ')}` : null };
}

/**
 * `samePageUrls`: the page's other URLs (its canonical, the URLs the request passed through before a redirect), which an
 * offer's `url` may name as well as the page fetched. Offers whose `url` is another page (a seller's, a bundle component's,
 * a related product's, an aggregate's sellers': `placeOffers`) are left out beside the product's own; with only those, the
 * product has no structured price and says why. Before, their price was stored as the page's.
 */
export function productFromNode(node: SchemaNode, source: StructuredSource, pageUrl: string, defaultCurrency?: string, atMs?: number, samePageUrls: readonly string[] = []): StructuredProduct {
  // Offers naming another product (a collection listing its members' offers) are theirs; with only those, the product has none.
  const listed = offerNodes(node);
  const others = listed.filter((offer) => offersOtherProduct(offer, node));
  const all = listed.filter((offer) => !others.includes(offer));
  const placed = placeOffers(all, node, pageUrl, samePageUrls);
  // A product naming no URL whose offers all name one other page is that page's (a listing's item, a related product's
  // block): its offers are its own, and it is never this page's product (offersElsewhere).
  const atOther = textOf(node, 'url') === null && placed.here.length === 0 && onePage(placed.elsewhere, pageUrl);
  const elsewhere = atOther ? [] : placed.elsewhere;
  const here = atOther ? all : placed.here;
  const { offers: chosen, lapsed } = inForce(pageOffers(here, pageUrl), defaultCurrency, atMs);
  const offers = combineOffers(chosen, defaultCurrency);
  const product: StructuredProduct = {
    name: textOf(node, 'name'),
    sku: textOf(node, 'sku', 'productID'),
    gtin: textOf(node, 'gtin', 'gtin13', 'gtin14', 'gtin12', 'gtin8'),
    brand: textOf(node, 'brand'),
    category: textOf(node, 'category'),
    url: absoluteUrl(textOf(node, 'url'), pageUrl),
    price: offers?.price ?? null,
    currency: offers?.currency ?? null,
    availability: offers?.availability ?? normalizeAvailability(termOf(node, 'availability')),
    regularPrice: offers ? (offers.regular ?? offers.price) : null,
    salePrice: offers?.regular ? offers.price : null,
    priceRange: offers && !(offers.high?.eq(offers.low) ?? false) ? { low: offers.low, high: offers.high } : null,
    // With no price read, the currency the offers name is still what their unit prices and shipping are in.
    pricing: readStructuredPricing(chosen, offers?.currency ?? isoCodeOf(namedCurrency(chosen)), defaultCurrency),
    statedPrices: offers ? [{ source, price: offers.price, currency: offers.currency }] : [],
    offerPrices: offers?.each ?? [],
    priceRefusal: offers ? null : lapsed ? { reason: 'price/expired', detail: lapsed } : here.length === 0 && elsewhere.length > 0 ? elsewhereRefusal(elsewhere, pageUrl) : offersRefusal(chosen, defaultCurrency),
    sources: {},
  };
  product.pricing.availability = product.availability;
  if (atOther || (product.url === null && here.length === 0 && elsewhere.length > 0)) product.offersElsewhere = true;
  if (product.priceRange && severalSellers(chosen)) product.amongSellers = true;
  if (offers?.taxIncluded === false) product.taxIncluded = false;
  const named = product.price !== null && product.currency === null ? namedCurrency(chosen) : null;
  if (named !== null) product.currencyCandidates = candidatesOf(named);
  for (const field of FIELDS) if (product[field] !== null) product.sources[field] = source;
  return all.length === 0 && others.length > 0 ? offeringOthers(product, others) : product;
}

/** The `priceCurrency` text the offers (their specifications, an AggregateOffer's offers) write, as written; null when none does. */
function namedCurrency(offers: SchemaNode[]): string | null {
  for (const offer of offers) {
    const specs = nodesOf(offer, 'priceSpecification').map((spec) => textOf(spec, 'priceCurrency'));
    const text = [textOf(offer, 'priceCurrency'), ...specs].find((named) => named?.trim()) ?? namedCurrency(nodesOf(offer, 'offers'));
    if (text) return text;
  }
  return null;
}

/**
 * The prices the product's descriptions state when they differ (JSON-LD 1999 beside OpenGraph 19.99, a theme's block
 * beside an app's stale one, 80.00 USD beside 74.00 EUR), as "1999 (json-ld), 19.99 (opengraph)"; null when they agree.
 * Merging keeps the first syntax's price, so without the page's word the choice between them would be a guess.
 */
export function statedConflict(product: StructuredProduct): string | null {
  const distinct: StructuredProduct['statedPrices'] = [];
  for (const stated of product.statedPrices) {
    const same = distinct.some((d) => d.price.eq(stated.price) && (d.currency === stated.currency || d.currency === null || stated.currency === null));
    if (!same) distinct.push(stated);
  }
  return distinct.length > 1 ? distinct.map((d) => `${d.price.toFixed()}${d.currency ? ` ${d.currency}` : ''} (${d.source})`).join(', ') : null;
}

const FIELDS: readonly StructuredField[] = ['name', 'sku', 'gtin', 'brand', 'category', 'url', 'price', 'currency', 'availability'];
const IDENTITY = ['name', 'sku', 'gtin', 'brand', 'category', 'url'] as const;

/** Two descriptions conflict when both give a sku (or gtin) and they differ. */
export function conflicts(a: StructuredProduct, b: StructuredProduct): boolean {
  return (a.sku !== null && b.sku !== null && a.sku !== b.sku) || (a.gtin !== null && b.gtin !== null && a.gtin !== b.gtin);
}

/**
 * Fills what `primary` lacks from `secondary`. The prices travel as one group (price, regular, sale,
 * range) from whichever description has a price first, so a sale price is never paired with another
 * syntax's regular price; currency and availability fill in separately.
 */
export function mergeProducts(primary: StructuredProduct, secondary: StructuredProduct): StructuredProduct {
  const merged: StructuredProduct = { ...primary, sources: { ...primary.sources }, statedPrices: [...primary.statedPrices, ...secondary.statedPrices], offerPrices: [...primary.offerPrices, ...secondary.offerPrices] };
  for (const field of IDENTITY) {
    if (merged[field] === null && secondary[field] !== null) {
      merged[field] = secondary[field];
      merged.sources[field] = secondary.sources[field];
    }
  }
  if (!merged.mainEntityOf && secondary.mainEntityOf) merged.mainEntityOf = secondary.mainEntityOf;
  if (merged.price === null) merged.priceRefusal ??= secondary.priceRefusal;
  // A grouped product's data says it has no price of its own: another syntax's (OpenGraph's cheapest child's) is none either.
  if (merged.price === null && secondary.price !== null && merged.priceRefusal?.reason !== GROUPED) {
    Object.assign(merged, { price: secondary.price, regularPrice: secondary.regularPrice, salePrice: secondary.salePrice, priceRange: secondary.priceRange, priceRefusal: null });
    // The tax basis and the sellers' spread travel with the price they describe.
    if (secondary.taxIncluded === false) merged.taxIncluded = false;
    else delete merged.taxIncluded;
    if (secondary.amongSellers) merged.amongSellers = true;
    else delete merged.amongSellers;
    merged.sources.price = secondary.sources.price;
  }
  for (const field of ['currency', 'availability'] as const) {
    if (merged[field] === null && secondary[field] !== null) {
      Object.assign(merged, { [field]: secondary[field] });
      merged.sources[field] = secondary.sources[field];
    }
  }
  // The codes an unresolved priceCurrency allows matter only while no description names the currency.
  if (merged.currency !== null) delete merged.currencyCandidates;
  else if (!merged.currencyCandidates && secondary.currencyCandidates) merged.currencyCandidates = secondary.currencyCandidates;
  merged.pricing = mergePricing(merged.pricing, secondary.pricing);
  merged.pricing.availability = merged.availability;
  return merged;
}

