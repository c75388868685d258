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
