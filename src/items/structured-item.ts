// A price item from a structured-data product: the fields every structured spider yields, prices exact.
import type { PriceItem } from '../core/item';
import { toCurrencyScale } from '../prices/iso-currencies';
import { statedConflict } from '../structured/structured-product';
import type { StructuredProduct } from '../structured/structured-types';

/**
 * `price` stays a Decimal (the pipeline keeps it exact); the regular price of a sale and a range's
 * ends are exact strings at the currency's scale, as stored prices are. Without a sku the GTIN, then
 * the page URL, keys the product. Descriptions that state different prices (JSON-LD beside OpenGraph)
 * give no price here, `priceRefusal` `price/ambiguous`: with no page to check against, the first one is a guess.
 */
export function structuredItem(product: StructuredProduct, pageUrl: string): PriceItem {
  const scaled = (value: StructuredProduct['price']) => (value ? toCurrencyScale(value, product.currency) : null);
  if (statedConflict(product) !== null) return { ...itemFields(product, pageUrl, scaled), price: null, priceRefusal: 'price/ambiguous', listPrice: null, priceLow: null, priceHigh: null };
  // Offers whose price none could be chosen (expired, several currencies, specifications that disagree) say why: the
  // pipeline drops the item with that reason, where it said only `price/missing`.
  const refused = product.price === null ? product.priceRefusal : null;
  // The lowest of several sellers' offers is the cheapest seller's, not the page's price unless the page shows it.
  if (product.amongSellers && product.price !== null) return { ...itemFields(product, pageUrl, scaled), price: null, priceRefusal: 'price/range', listPrice: null };
  return refused ? { ...itemFields(product, pageUrl, scaled), priceRefusal: refused.reason } : itemFields(product, pageUrl, scaled);
}

function itemFields(product: StructuredProduct, pageUrl: string, scaled: (value: StructuredProduct['price']) => string | null): PriceItem {
  return {
    sku: product.sku ?? product.gtin ?? pageUrl,
    name: product.name ?? undefined,
    price: product.price,
    currency: product.currency,
    ...(product.currency === null && product.currencyCandidates ? { currencyCandidates: product.currencyCandidates } : {}),
    url: pageUrl,
    gtin: product.gtin,
    brand: product.brand,
    category: product.category,
    availability: product.availability,
    listPrice: product.salePrice ? scaled(product.regularPrice) : null,
    priceLow: scaled(product.priceRange?.low ?? null),
    priceHigh: scaled(product.priceRange?.high ?? null),
    structuredSources: { ...product.sources },
    source: 'structured',
    ...(product.taxIncluded === false && product.price !== null ? { taxIncluded: false } : {}),
  };
}
