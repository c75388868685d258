// schema.org property names as schema.org spells them, for attribute syntaxes whose pages write them in any case.

/** The properties the readers look up; a page writing `itemprop="PriceCurrency"` means `priceCurrency`. */
const KNOWN = [
  'name', 'sku', 'productID', 'gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'mpn', 'brand', 'category', 'url', 'image', 'description',
  'offers', 'itemOffered', 'price', 'priceCurrency', 'availability', 'lowPrice', 'highPrice', 'offerCount', 'priceSpecification', 'priceType',
  'eligibleQuantity', 'referenceQuantity', 'minValue', 'maxValue', 'value', 'unitCode', 'unitText', 'currency', 'minPrice', 'maxPrice',
  'shippingDetails', 'shippingRate', 'shippingDestination', 'eligibleTransactionVolume', 'validFrom', 'validThrough', 'priceValidUntil', 'itemCondition',
  'itemListElement', 'item', 'mainEntity', 'mainEntityOfPage', 'seller', 'aggregateRating', 'ratingValue', 'reviewCount', 'valueAddedTaxIncluded', 'validForMemberTier',
  'priceComponentType', 'billingDuration', 'billingIncrement', 'billingStart',
];
const BY_LOWER = new Map(KNOWN.map((name) => [name.toLowerCase(), name]));

/** The schema.org spelling of a known property name written in another case; other names as written. */
export function canonicalProperty(name: string): string {
  return BY_LOWER.get(name.toLowerCase()) ?? name;
}
