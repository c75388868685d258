// Brands that recognise pricecrawl's classes across copies of the package: `instanceof` is per copy.
//
// A team's project can end up with pricecrawl installed twice (its own dependency and the CLI's, or
// a linked checkout), so a spider file's `Spider` and `CrawlRequest` may come from another copy than
// the engine's. `Symbol.for` is one registry per process, so a brand set by any copy is seen by all.

export const SPIDER_BRAND: unique symbol = Symbol.for('pricecrawl.Spider') as never;
export const REQUEST_BRAND: unique symbol = Symbol.for('pricecrawl.CrawlRequest') as never;

/** True for a subclass of any copy's `Spider` (not the base class itself). */
export function isSpiderClass(value: unknown): value is new (args?: Readonly<Record<string, string>>) => object {
  if (typeof value !== 'function') return false;
  const proto = (value as { prototype?: unknown }).prototype;
  return typeof proto === 'object' && proto !== null && SPIDER_BRAND in proto && !Object.hasOwn(proto, SPIDER_BRAND);
}

/** True for a `CrawlRequest` of any copy. */
export function isBrandedRequest(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[REQUEST_BRAND] === true;
}

/** The base class's own prototype carries the brand: where a walk up a spider's prototypes stops. */
export function isSpiderBase(proto: object): boolean {
  return Object.hasOwn(proto, SPIDER_BRAND);
}
