// The options a CrawlRequest takes, and what to use instead when a Scrapy habit (cb_kwargs, a method as callback or errback) is written.
import { didYouMean } from './closest-name';

/** Every key of CrawlRequestInit: what a request carries into the durable queue. */
const INIT_KEYS = ['url', 'callback', 'errback', 'method', 'headers', 'body', 'meta', 'priority', 'dontFilter', 'fetchMode', 'browser'] as const;
const KNOWN = new Set<string>(INIT_KEYS);

/** Scrapy's Request arguments that have another home here, and where. */
const SCRAPY_NAMES: Record<string, string> = {
  cb_kwargs: 'data for the callback goes in meta (the third argument of res.follow; read it as res.request.meta)',
  cbKwargs: 'data for the callback goes in meta (the third argument of res.follow; read it as res.request.meta)',
  dont_filter: 'the option is dontFilter',
  cookies: 'cookies are kept per host by the sessions middleware; a cookie of your own goes in headers ({ cookie: "k=v" })',
  flags: 'requests carry no flags; put what you need in meta',
  encoding: 'the response is decoded from its own charset (headers, <meta charset>); requests carry no encoding',
};

/**
 * Refuses an option CrawlRequest does not know. Silently dropping it would lose what the spider meant (a
 * failure handler that never runs, cb_kwargs the callback never sees) with no word in the run; a TypeScript spider
 * is told by the compiler, but the CLI runs TypeScript without type-checking, and a .js spider never is.
 */
export function checkRequestOptions(init: object): void {
  for (const key of Object.keys(init)) {
    if (KNOWN.has(key)) continue;
    const instead = SCRAPY_NAMES[key];
    throw new TypeError(`CrawlRequest has no option "${key}"${instead ? `: ${instead}` : didYouMean(key, INIT_KEYS)}; it takes ${INIT_KEYS.join(', ')}`);
  }
}

/**
 * A callback (and an errback) goes by name: requests are stored in the durable queue, which keeps a name, not
 * a function. A method passed as Scrapy passes one (`res.follow(href, this.parseProduct)`) used to be stored
 * as no callback at all, and its page went to `parse` instead, its items lost without a word.
 */
export function checkCallbackName(callback: unknown, option: 'callback' | 'errback' = 'callback'): void {
  if (typeof callback === 'string' && callback !== '') return;
  const what = typeof callback === 'function' ? `the function ${callback.name || '(anonymous)'}` : JSON.stringify(callback) ?? String(callback);
  const fallbackName = option === 'callback' ? "'parseProduct'" : "'onProductFailed'";
  const example = typeof callback === 'function' && callback.name ? `'${callback.name}'` : fallbackName;
  const usage = option === 'callback' ? `res.follow(href, ${example})` : `new CrawlRequest({ url, callback, errback: ${example} })`;
  throw new TypeError(`a request's ${option} is the name of a spider method, a string such as ${example}, not ${what}: requests wait in the durable queue, which keeps names (${usage})`);
}

/**
 * A request's meta waits in the durable queue as JSON, so only what JSON keeps may go in. A BigInt used to fail
 * the queue's write, which was counted as the frontier's transient failure (the page fetched again and again,
 * then "a later run may get them"); a Date, NaN or a Map came back to the callback as a string, null or {}.
 * Thrown where the request is made, so the callback that made it fails naming its line. `undefined` is let
 * through: it is left out, and reading the key gives undefined either way.
 */
export function checkMeta(meta: unknown): void {
  const problem = notJson(meta, 'meta', []);
  if (problem) throw new TypeError(`a request's meta waits in the durable queue as JSON: ${problem}`);
}

function notJson(value: unknown, path: string, inside: readonly object[]): string | null {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : `${path} is ${value}, which JSON has no number for (it would come back null)`;
  if (typeof value === 'bigint') return `${path} is a BigInt; store it as a string`;
  if (typeof value !== 'object') return `${path} is a ${typeof value}, which JSON cannot hold`;
  if (inside.includes(value)) return `${path} refers back to an object it is inside`;
  const proto = Object.getPrototypeOf(value) as object | null;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
    const kind = (value as object).constructor?.name ?? 'object of a class';
    const hint = value instanceof Date ? '; store its toISOString()' : '; store its fields as a plain object (or a string)';
    return `${path} is a ${kind}, which would come back as ${JSON.stringify(value)?.slice(0, 40) ?? 'nothing'}${hint}`;
  }
  for (const [key, child] of Object.entries(value)) {
    const problem = notJson(child, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, [...inside, value]);
    if (problem) return problem;
  }
  return null;
}
