// Whether an Offer's `url` is this page: schema.org's Offer.url is where the offer is bought, so one naming another page
// (a seller's, a bundle component's, a related product's) prices that page's product, not this one.
import { isCartLink } from './cart-link';
import { hasType, isNode, nodesOf, textOf, type SchemaNode } from './schema-node';

/** Why a product's offers give no price when they are all for other pages. */
export const OTHER_PAGE = 'price/other-page';

/** A node's `url` as written (a node given as the url names no address). */
const urlOf = (node: SchemaNode): string | null => node.props.url?.find((value): value is string => !isNode(value) && value.trim() !== '')?.trim() ?? null;

/** A first path segment naming a locale (`/en/`, `/de-at/`, `/pt_BR/`): the same product in another language. */
const LOCALE = /^[a-z]{2}(?:[-_][a-z]{2,4})?$/i;

/** A product page as compared: its host without `www.`, its path's segments in lower case, and those after a locale folder. */
interface PageKey {
  host: string;
  path: string[];
  bare: string[];
}

/**
 * The product page a URL names, compared loosely: scheme, `www.`, query, fragment, trailing slash, letter case and a locale
 * prefix dropped (`?variant=2`, `http://`, `/en/` are the same product's page). Null for text that names no web page, for
 * the shop's root, which a theme writes for every offer, and for a cart or checkout link (`?add-to-cart=15`,
 * `/cart/add?id=`): both name no other product, and the cart is where this page's offer is bought.
 */
function pageKey(text: string, base: string): PageKey | null {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return null;
  }
  // `javascript:void(0)`, `mailto:` and the like name no page at all.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = url.pathname.toLowerCase().split('/').filter(Boolean);
  const bare = path.length > 0 && LOCALE.test(path[0]) ? path.slice(1) : path;
  if (bare.length === 0 || isCartLink(url)) return null;
  return { host: url.host.toLowerCase().replace(/^www\./, ''), path, bare };
}

/**
 * One page under two paths: the same host, and the same path once a locale folder is dropped, or one path the other's
 * end. Magento writes a product at `/shirt.html` and under its categories at `/women/tops/shirt.html`, Shopify under a
 * collection, Amazon with a title before `/dp/…`; an offer may name either while the page was fetched at the other and
 * states no canonical. A listing (`/women/tops`) is not its items' end. The end is matched on the paths as written: with
 * their first two-letter segments dropped as locales, Amazon's `/dp/X` would be the end of its sellers' `/gp/offer-listing/X`.
 */
function samePage(a: PageKey, b: PageKey): boolean {
  if (a.host !== b.host) return false;
  if (a.bare.length === b.bare.length && a.bare.every((segment, i) => segment === b.bare[i])) return true;
  const [short, long] = a.path.length <= b.path.length ? [a.path, b.path] : [b.path, a.path];
  return short.every((segment, i) => segment === long[long.length - short.length + i]);
}

/**
 * The pages a product is on: the page fetched and the other URLs it has (its canonical, the URLs the request passed
 * through before a redirect), and the URLs its own data gives it (its `url`, each variant's `url`: a ProductGroup's
 * variants may have paths of their own).
 */
function productPages(node: SchemaNode, pageUrl: string, samePageUrls: readonly string[]): PageKey[] {
  const variants = hasType(node, 'ProductGroup') ? nodesOf(node, 'hasVariant') : [];
  const texts = [pageUrl, ...samePageUrls, urlOf(node), ...variants.map(urlOf)];
  return texts.flatMap((text) => (text ? (pageKey(text, pageUrl) ?? []) : []));
}

/** The offers a page has for a product, and those (top-level or an aggregate's nested ones) whose `url` is another page. */
export interface PlacedOffers {
  here: SchemaNode[];
  elsewhere: SchemaNode[];
}

/**
 * The product's offers split by where they are bought. An AggregateOffer's nested offers are placed one by one (a comparison
 * site's sellers, each at its shop or the site's relocator; a marketplace's sellers at their offer listings): the aggregate
 * keeps those at this page, without its stated `lowPrice`/`highPrice`/`price`, which summarised the others too, and with
 * none left it is another page's. Before, its lowPrice (the cheapest seller's) was this page's price.
 */
export function placeOffers(offers: SchemaNode[], node: SchemaNode, pageUrl: string, samePageUrls: readonly string[]): PlacedOffers {
  const own = productPages(node, pageUrl, samePageUrls);
  const elsewhereOne = (offer: SchemaNode) => {
    const text = urlOf(offer);
    const key = text ? pageKey(text, pageUrl) : null;
    return key !== null && !own.some((page) => samePage(page, key));
  };
  const placed: PlacedOffers = { here: [], elsewhere: [] };
  for (const offer of offers) {
    const nested = hasType(offer, 'AggregateOffer') ? nodesOf(offer, 'offers') : [];
    const away = nested.filter(elsewhereOne);
    if (elsewhereOne(offer) || (nested.length > 0 && away.length === nested.length)) placed.elsewhere.push(...(away.length > 0 ? away : [offer]));
    else if (away.length === 0) placed.here.push(offer);
    else {
      placed.elsewhere.push(...away);
      const { lowPrice: _low, highPrice: _high, price: _price, ...props } = offer.props;
      placed.here.push({ ...offer, props: { ...props, offers: nested.filter((one) => !away.includes(one)) } });
    }
  }
  return placed;
}

/** Whether the offers all name one page (a listed product's, which names no URL of its own but sells there). */
export function onePage(offers: SchemaNode[], pageUrl: string): boolean {
  const keys = offers.map((offer) => pageKey(urlOf(offer) ?? '', pageUrl));
  return keys.length > 0 && keys.every((key): key is PageKey => key !== null) && keys.every((key) => samePage(key, keys[0]));
}

/** Why a product whose offers are all for other pages has no structured price; the page's own (visible) price may still stand. */
export function elsewhereRefusal(offers: SchemaNode[], pageUrl: string): { reason: string; detail: string } {
  const urls = [...new Set(offers.flatMap((offer) => urlOf(offer) ?? []))].map((text) => new URL(text, pageUrl).toString());
  const shown = urls.length > 3 ? [...urls.slice(0, 3), '…'] : urls;
  return { reason: OTHER_PAGE, detail: `structured offers are for other pages (url ${shown.join(', ')}), none for this one` };
}

/**
 * Whether the offers (an aggregate's nested ones too) name two or more sellers: a marketplace listing's sellers, whose lowest
 * is the cheapest seller's and not what the page sells at unless the page shows it (its buy box may be another's).
 */
export function severalSellers(offers: SchemaNode[]): boolean {
  const names = new Set<string>();
  const walk = (list: SchemaNode[]): void => {
    for (const offer of list) {
      for (const seller of offer.props.seller ?? []) {
        const name = isNode(seller) ? (textOf(seller, 'name') ?? seller.id ?? null) : seller;
        if (name?.trim()) names.add(name.trim().toLowerCase());
      }
      walk(nodesOf(offer, 'offers'));
    }
  };
  walk(offers);
  return names.size > 1;
}
