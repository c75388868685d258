// Whether an Offer's `url` is this page: schema.org's Offer.url is where the offer is bought, so one naming another page
// (a seller's, a bundle component's, a related product's) prices that page's product, not this one.
import { hasType, isNode, nodesOf, type SchemaNode } from './schema-node';

/** A node's `url` as written (a node given as the url names no address). */
const urlOf = (node: SchemaNode): string | null => node.props.url?.find((value): value is string => !isNode(value) && value.trim() !== '')?.trim() ?? null;

/** A first path segment naming a locale (`/en/`, `/de-at/`, `/pt_BR/`): the same product in another language. */
const LOCALE = /^[a-z]{2}(?:[-_][a-z]{2,4})?$/i;

/**
 * The product page a URL names, compared loosely: scheme, `www.`, query, fragment, trailing slash, letter case and a locale
 * prefix dropped (`?variant=2`, `http://`, `/en/` are the same product's page). Null for text that names no web page
 * and for the shop's root, which a theme writes for every offer and which names no other product.
 */
function pageKey(text: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return null;
  }
  // `javascript:void(0)`, `mailto:` and the like name no page at all.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.length > 0 && LOCALE.test(segments[0])) segments.shift();
  if (segments.length === 0) return null;
  return `${url.host.toLowerCase().replace(/^www\./, '')}/${segments.join('/').toLowerCase()}`;
}

/**
 * The pages a product is on: the page fetched, its canonical, and the URLs its own data gives it (its `url`, each
 * variant's `url`: a ProductGroup's variants may have paths of their own).
 */
function productPages(node: SchemaNode, pageUrl: string, canonical: string | null): Set<string> {
  const variants = hasType(node, 'ProductGroup') ? nodesOf(node, 'hasVariant') : [];
  const texts = [pageUrl, canonical, urlOf(node), ...variants.map(urlOf)];
  return new Set(texts.flatMap((text) => (text ? (pageKey(text, pageUrl) ?? []) : [])));
}

/** The offers whose `url` names another page than the product's (none when every offer's is its own, or names none). */
export function offersElsewhere(offers: SchemaNode[], node: SchemaNode, pageUrl: string, canonical: string | null): SchemaNode[] {
  const own = productPages(node, pageUrl, canonical);
  return offers.filter((offer) => {
    const text = urlOf(offer);
    const key = text ? pageKey(text, pageUrl) : null;
    return key !== null && !own.has(key);
  });
}

/** Whether the offers all name one page (a listed product's, which names no URL of its own but sells there). */
export function onePage(offers: SchemaNode[], pageUrl: string): boolean {
  const keys = new Set(offers.map((offer) => pageKey(urlOf(offer) ?? '', pageUrl)));
  return keys.size === 1 && !keys.has(null);
}

/** Why a product whose offers are all for other pages has no structured price; the page's own (visible) price may still stand. */
export function elsewhereRefusal(offers: SchemaNode[], pageUrl: string): { reason: string; detail: string } {
  const urls = [...new Set(offers.flatMap((offer) => urlOf(offer) ?? []))].map((text) => new URL(text, pageUrl).toString());
  const shown = urls.length > 3 ? [...urls.slice(0, 3), '…'] : urls;
  return { reason: 'price/ambiguous', detail: `structured offers are for other pages (url ${shown.join(', ')}), none for this one` };
}
