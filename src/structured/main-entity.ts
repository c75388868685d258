// Which page a product's data names it the main entity of: WebPage.mainEntity, Product.mainEntityOfPage, its own @id.
import { isNode, textOf, type SchemaNode, type SchemaValue } from './schema-node';
import { absoluteUrl } from './structured-product';

/** A page given as a URL, or as a WebPage node by its `url` or `@id` (fragment dropped: `…/p/1#webpage` is the page). */
function pageUrlOf(value: SchemaValue, pageUrl: string): string | null {
  if (!isNode(value)) return absoluteUrl(value.trim(), pageUrl);
  return absoluteUrl(textOf(value, 'url') ?? value.id ?? null, pageUrl);
}

/**
 * The page a product states it is the main entity of (`mainEntityOfPage`: a URL, or the WebPage node SEO plugins
 * reference by `@id`), as an absolute URL; null when it states none.
 */
export function mainEntityPage(product: SchemaNode, pageUrl: string): string | null {
  for (const value of product.props.mainEntityOfPage ?? []) {
    const page = pageUrlOf(value, pageUrl);
    if (page) return page;
  }
  return null;
}

/** The page a node holding `mainEntity` describes: its own URL or `@id`, else the page it is written on. */
export function describedPage(container: SchemaNode, pageUrl: string): string {
  return pageUrlOf(container, pageUrl) ?? (absoluteUrl(pageUrl, pageUrl) as string);
}

/**
 * The page a product's JSON-LD `@id` is written at (`https://shop/p/kettle#product`, as WooCommerce, Yoast and Rank Math
 * write it): the shop's name for this product at that page, which tells the page's own product in a @graph of several
 * when nothing else does. Only an @id written as an absolute URL: a fragment alone (`#product`) names a node in the
 * document, and resolved against the page it would make every product this page's.
 */
export function idPage(product: SchemaNode, pageUrl: string): string | null {
  const id = product.id?.trim();
  return id && /^https?:\/\//i.test(id) ? absoluteUrl(id, pageUrl) : null;
}
