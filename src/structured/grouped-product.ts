// A grouped product: a page (or an offer list) selling several other products, each at its own price; the group has none.
import type { CheerioAPI } from 'cheerio';
import { hasType, nodesOf, textOf, type SchemaNode } from './schema-node';
import type { StructuredProduct } from './structured-types';

/** The refusal of a grouped product's price: it is sold only as the products it groups. */
export const GROUPED = 'price/grouped';

/** A quantity field keyed by a product id: WooCommerce's grouped form (`quantity[26]`), Magento's grouped table (`super_group[33]`). */
const KEYED_QUANTITY = /^(?:quantity|qty|super_group)\[([^\]\s]+)\]$/i;

/**
 * The keyed quantity fields of a form that has them for two or more products (the first such form: a sticky bar may repeat it); empty
 * when no form does. A simple product's form has one unkeyed `quantity`; a cart's fields are keyed by line, then named
 * (`cart[abc][qty]`), so neither is read as a group.
 */
export function groupedQuantityFields($: CheerioAPI): string[] {
  const byForm = new Map<unknown, Map<string, string>>();
  $('input[name], select[name]').each((_, element) => {
    const name = element.attribs.name.trim();
    const key = KEYED_QUANTITY.exec(name)?.[1];
    if (key === undefined) return;
    const form = $(element).closest('form').get(0) ?? null;
    const fields = byForm.get(form) ?? new Map<string, string>();
    if (!fields.has(key)) fields.set(key, name);
    byForm.set(form, fields);
  });
  const groups = [...byForm.values()].filter((fields) => fields.size >= 2);
  return groups.length > 0 ? [...groups[0].values()] : [];
}

/**
 * The product of a page that sells it as a group: no price, `price/grouped`. WooCommerce (its own JSON-LD, Yoast's, Rank
 * Math's) and Magento's grouped template state the cheapest child's price as the group's, marked in no way the data can
 * tell; a shopper buys the children, each at its own price. Before, the beanie's 18.00 was the collection's price.
 */
export function asGroup(product: StructuredProduct, fields: readonly string[]): StructuredProduct {
  if (fields.length < 2 || (product.price === null && product.priceRefusal === null)) return product;
  const stated = product.price ? ` the data's ${product.price.toFixed(2)}${product.currency ? ` ${product.currency}` : ''} is one of theirs, none is the group's` : ' none is the group\'s';
  const shown = fields.length > 4 ? [...fields.slice(0, 4), '…'] : fields;
  const detail = `a grouped product: the page sells ${fields.length} products, each at its own price (${shown.join(', ')});${stated}`;
  return withoutPrice(product, detail);
}

/** A product whose offers are all for other products (`offersOtherProduct`): the group of those, with no price of its own. */
export function offeringOthers(product: StructuredProduct, others: readonly SchemaNode[]): StructuredProduct {
  const names = others.map((offer) => textOf(nodesOf(offer, 'itemOffered')[0], 'name', 'sku') ?? '?');
  return withoutPrice(product, `a grouped product: its offers are for other products (${[...new Set(names)].join(', ')}), none is its own`);
}

/** The product with no price and the grouped refusal: its range and offers were its children's. */
export function withoutPrice(product: StructuredProduct, detail: string): StructuredProduct {
  const { taxIncluded: _tax, ...rest } = product;
  const { price: _source, ...sources } = product.sources;
  return { ...rest, price: null, regularPrice: null, salePrice: null, priceRange: null, statedPrices: [], offerPrices: [], priceRefusal: { reason: GROUPED, detail }, sources };
}

/** What names a product: its sku and its name (lower-cased); an offer's `itemOffered` is compared with them. */
const identity = (node: SchemaNode) => ({ sku: textOf(node, 'sku', 'productID'), name: textOf(node, 'name')?.toLowerCase() ?? null });

/**
 * Whether an offer is for another product than `product`: its one `itemOffered` names one whose sku differs, or (with no
 * sku to compare) whose name differs. Such offers on a product are its children's (a collection listing each member's
 * offer). An offer of several items together is the bundle's own.
 */
export function offersOtherProduct(offer: SchemaNode, product: SchemaNode): boolean {
  const items = nodesOf(offer, 'itemOffered');
  const item = items.length === 1 ? items[0] : null;
  if (!item || !hasType(item, 'Product', 'IndividualProduct', 'ProductModel', 'SomeProducts')) return false;
  // A variant of it (a size, a colour) is the product itself: its offer is one of the product's.
  if (['isVariantOf', 'inProductGroupWithID'].some((prop) => (item.props[prop] ?? []).length > 0)) return false;
  const [mine, theirs] = [identity(product), identity(item)];
  if (mine.sku && theirs.sku) return mine.sku !== theirs.sku;
  return mine.name !== null && theirs.name !== null && mine.name !== theirs.name;
}
