// Maps an item and its source to the row the ItemStore keeps, including the run-scoped item key.
import { createHash } from 'node:crypto';
import { PRICING_ITEM_FIELDS, type Item, type ItemSource } from '../core/item';
import { maskItemSecrets, maskItemSecretsInText } from '../core/mask-secrets';
import { Decimal, parseDecimalString } from '../core/money';
import type { StoredItem } from '../ports/item-store';
import { toCurrencyScale } from '../prices/iso-currencies';
import { canonicalSku } from './canonical-sku';
import { itemSite } from './item-site';
import { canonicalJson, ownCopy, toJsonValue } from './json-value';

/**
 * The item's sku as text in its canonical form (canonicalSku: one product, one text, whatever invisible or
 * full-width characters a page put in it), or null: numbers are accepted because JSON APIs often send them.
 */
export function itemSku(item: Item): string | null {
  const sku = item.sku;
  if (typeof sku === 'string') {
    const canonical = canonicalSku(sku);
    return canonical === '' ? null : canonical;
  }
  if (typeof sku === 'number' && Number.isFinite(sku)) return String(sku);
  if (typeof sku === 'bigint') return sku.toString();
  return null;
}

/** The key of a SKU on a site: a site is one word (a domain, a host:port or a stated market), so the first space ends it. */
export function siteSkuKey(site: string, sku: string): string {
  return `${site} ${sku}`;
}

/**
 * Dedupe and upsert key within a run: the site and the sku when there is a sku ("shop.de 4711": regional
 * sites that share SKUs are separate items), else sha1 of the source URL and the canonical JSON of the
 * item, so a re-fetch of the same page yields the same key (idempotent).
 */
export function itemKey(item: Item, source: ItemSource, data?: unknown): string {
  const sku = itemSku(item);
  return sku !== null ? siteSkuKey(itemSite(item, source), sku) : contentKey(item, source, data);
}

/** The key of an item without a sku: its page and its content, so a re-fetch of the page keys it alike. */
function contentKey(item: Item, source: ItemSource, data?: unknown): string {
  const json = canonicalJson(data ?? toJsonValue(item));
  return createHash('sha1').update(source.url).update('\n').update(json).digest('hex');
}

/**
 * Exact price text when the item carries a Decimal (or a plain decimal string), at the currency's
 * minor-unit scale ("1299.00" for USD); else null.
 */
function storedPrice(price: unknown, currency: string | null): string | null {
  if (Decimal.isDecimal(price)) return price.isFinite() ? toCurrencyScale(price, currency) : null;
  if (typeof price === 'string') {
    const parsed = parseDecimalString(price);
    return parsed ? toCurrencyScale(parsed, currency) : null;
  }
  return null;
}

/** Whether the store can keep `price` as it is: none (null, absent), or an exact decimal it can write as text. */
export function storablePrice(price: unknown): boolean {
  return price === null || price === undefined || storedPrice(price, null) !== null;
}

/** The pricing fields the item states (null, absent and [] all mean "none"), as canonical JSON: equal text means equal fields. */
export function pricingJson(data: Record<string, unknown>): string {
  const stated: Record<string, unknown> = {};
  for (const field of PRICING_ITEM_FIELDS) {
    const value = data[field];
    if (value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) stated[field] = value;
  }
  return canonicalJson(stated);
}

/**
 * Throws a TypeError when the item cannot be represented as JSON (e.g. it holds a cycle).
 * The row is what every later surface reads (items table, feeds, exports, price history, catalog, report,
 * item sinks), so secrets are masked here, once: a page URL with user info (`http://user:pw@shop/`, a
 * start URL or a redirect's Location) or a token or signature in its query (`?api_key=`, a pre-signed
 * image link), and values under secret-named fields; a bare `?key=` or session id is the shop's data here and
 * stays (maskItemSecretsInText). The SKU catalog's product URL is masked with them
 * (the HTTP fetcher never sends a URL's user info anyway): a spider whose product pages need a key in the
 * query adds it in catalogRequest.
 */
export function toStoredItem(item: Item, source: ItemSource): StoredItem {
  const data = maskItemSecrets(toJsonValue(item) as Record<string, unknown>);
  const currency = typeof item.currency === 'string' && item.currency !== '' ? ownCopy(item.currency) : null;
  const price = storedPrice(item.price, currency);
  // The JSON copy (exports) shows the same digits as the price column.
  if (price !== null && Decimal.isDecimal(item.price)) data.price = price;
  const found = itemSku(item);
  // A SKU that is its page's URL (the page stated no identifier) would carry that URL's secrets into the key.
  const sku = found === null ? null : maskItemSecretsInText(found);
  // Exports show the SKU the row is keyed by, not a look-alike of it.
  if (sku !== null && typeof data.sku === 'string') data.sku = sku;
  // The site once per item: the key is built from it (itemKey would look it up again).
  const site = itemSite(item, source);
  // Own copies, like `data`'s: the row waits for its batch and must not keep the page's text alive.
  return {
    runId: source.runId,
    spider: source.spider,
    key: ownCopy(sku !== null ? siteSkuKey(site, sku) : contentKey(item, source, data)),
    site: ownCopy(site),
    requestId: source.requestId,
    url: maskItemSecretsInText(ownCopy(typeof item.url === 'string' && item.url !== '' ? item.url : source.url)),
    sku: sku === null ? null : ownCopy(sku),
    price,
    currency,
    pricing: pricingJson(data),
    rawHash: source.rawHash,
    data,
    scrapedAtMs: source.scrapedAtMs,
    leaseFence: source.leaseFence ?? null,
  };
}

/**
 * Why a stored row's price was refused (`price/disagree`), or null when it has a price or none was refused. Such a
 * row is an unknown price, not a price of nothing: the catalog folds it as the page failing, and the price
 * history's series leave it out (the same test in SQL: storage/sqlite and storage/postgres price histories).
 */
export function refusedPriceOf(row: Pick<StoredItem, 'price' | 'data'>): string | null {
  // Any value the JSON holds (the SQL asks IS NOT NULL): a reason that is no string still says the price was refused.
  const reason = row.data.priceRefusal;
  if (row.price !== null || reason === undefined || reason === null) return null;
  return typeof reason === 'string' && reason !== '' ? reason : 'price/refused';
}
