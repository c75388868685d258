// OpenGraph product tags (product:price:amount, og:price:amount, currency, availability) → one Product node.
import type { CheerioAPI } from 'cheerio';
import { structuredAmount } from './structured-amount';
import { addValue, newNode, struckPriceSpec, type SchemaNode } from './schema-node';

/** Tag values by lower-cased name, from <meta property> (RDFa style, as OpenGraph specifies) or <meta name>. */
function metaTags($: CheerioAPI): Map<string, string> {
  const tags = new Map<string, string>();
  $('meta[property], meta[name]').each((_, element) => {
    const name = (element.attribs.property ?? element.attribs.name).trim().toLowerCase();
    const content = element.attribs.content;
    if (content !== undefined && content.trim() && !tags.has(name)) tags.set(name, content.trim());
  });
  return tags;
}

const first = (tags: Map<string, string>, ...names: string[]): string | undefined => names.map((name) => tags.get(name)).find((value) => value !== undefined);

/** How the amount `a` compares with `b`, both read in the currency the tags name; null when either has no amount. */
function compare(a: string, b: string, currency: string | undefined): number | null {
  const [left, right] = [structuredAmount(a, currency ?? null), structuredAmount(b, currency ?? null)];
  return left !== null && right !== null ? left.amount.comparedTo(right.amount) : null;
}

/** The tags that state the listed price; platforms and plugins write one or another, a page with two plugins both. */
const LISTED = ['product:price:amount', 'og:price:amount', 'product:price'];

/**
 * Null unless the page states a price in OpenGraph. A `product:sale_price:amount` (or bare
 * `product:sale_price`) makes the sale price the offer's price and the listed one its strikethrough
 * price; `product:original_price` (Facebook catalog tags) and `og:price:standard_amount` (the
 * undiscounted price some platforms write beside `og:price:amount`) are strikethrough prices too.
 */
export function readOpenGraph($: CheerioAPI): SchemaNode | null {
  const tags = metaTags($);
  const currency = first(tags, 'product:price:currency', 'og:price:currency', 'product:sale_price:currency');
  const listed = first(tags, ...LISTED);
  // Two listed tags at different amounts (an app's stale og:price:amount beside the theme's product:price:amount): which is
  // current is not said, so the offer states both and gives no price (price/ambiguous). Before, the first tag was taken.
  const rival = listed === undefined ? undefined : LISTED.map((name) => tags.get(name)).find((value) => value !== undefined && (compare(value, listed, currency) ?? 0) !== 0);
  const sale = first(tags, 'product:sale_price:amount', 'og:sale_price:amount', 'product:sale_price');
  if (listed === undefined && sale === undefined) return null;
  const product = newNode(['Product']);
  const offer = newNode(['Offer']);
  const fields: Array<[SchemaNode, string, string | undefined]> = [
    [product, 'name', first(tags, 'og:title')],
    [product, 'url', first(tags, 'og:url')],
    [product, 'sku', first(tags, 'product:retailer_item_id', 'og:product:retailer_item_id')],
    [product, 'brand', first(tags, 'product:brand', 'og:brand')],
    [offer, 'price', sale ?? listed],
    [offer, 'priceCurrency', currency],
    [offer, 'availability', first(tags, 'product:availability', 'og:availability')],
  ];
  for (const [node, prop, value] of fields) if (value !== undefined) addValue(node, prop, value);
  // A "sale" price above the listed one is no sale: which of the two is paid is not said, so the offer states both
  // (and gives no price). Before, 100.00 beside a listed 80.00 was stored as the sale price.
  const saleAbove = sale !== undefined && listed !== undefined && (compare(sale, listed, currency) ?? 0) > 0;
  const second = saleAbove ? listed : sale === undefined ? rival : undefined;
  if (second !== undefined) {
    addValue(offer, 'price', second);
    addValue(product, 'offers', offer);
    return product;
  }
  // Beside a sale price, listed tags that disagree give no struck price: either may be the one struck.
  const strikethrough = first(tags, 'product:original_price:amount', 'og:price:standard_amount', 'product:price:standard_amount') ?? (sale !== undefined && rival === undefined ? listed : undefined);
  if (strikethrough !== undefined && strikethrough !== sale) addValue(offer, 'priceSpecification', struckPriceSpec(strikethrough));
  addValue(product, 'offers', offer);
  return product;
}
