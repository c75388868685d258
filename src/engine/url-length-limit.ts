// The one check of a URL's length (`urlLength.limit`, Scrapy's URLLENGTH_LIMIT): for every request stored and every hop followed.
import type { Logger } from 'pino';
import { FetchError } from '../core/errors';
import type { CrawlRequest } from '../core/request';
import type { CrawlEventBus } from '../events/crawl-events';
import type { Stats } from './stats';
import { hostOfUrl } from '../core/url-host';

/** The stable reason of a URL refused for its length: the stats key at add, the ledger reason of a hop. */
export const URL_TOO_LONG = 'url/too-long';

/** How much of a refused URL a log line shows: enough to see the pattern that grows, not a megabyte. */
const SAMPLE_CHARS = 300;

/**
 * Hostile shops grow URLs without end (a facet appended per click, a relative link that doubles its path
 * each hop, `?ref=` chains): every one is a new fingerprint, so neither dedupe nor robots.txt stops the
 * crawl, and each costs work linear in its length (robots matching, hashing, a ledger row, log lines).
 * A URL longer than the limit is refused where it enters the crawl, counted and logged once per host.
 */
export class UrlLengthLimit {
  private readonly hostsLogged = new Set<string>();

  /** `maxChars` 0 = no limit. */
  constructor(
    private readonly maxChars: number,
    private readonly stats: Stats,
    private readonly log: Logger,
    private readonly events?: CrawlEventBus,
  ) {}

  private exceeds(url: string): boolean {
    return this.maxChars > 0 && url.length > this.maxChars;
  }

  /** Whether the request may be stored; a refused one is counted as `url/too-long` and announced as dropped. */
  admits(request: CrawlRequest): boolean {
    if (!this.exceeds(request.url)) return true;
    this.stats.inc(URL_TOO_LONG);
    this.logOnce(request.url, 'requests with a URL longer than urlLength.limit are refused (not queued); first of this host');
    if (this.events?.has('request.dropped')) this.events.emit('request.dropped', { url: request.url, reason: URL_TOO_LONG });
    return false;
  }

  /** For a redirect (HTTP, refresh or browser): one to a URL over the limit is not followed, its request fails as `url/too-long`. */
  checkHop(fromUrl: string, toUrl: string): void {
    if (!this.exceeds(toUrl)) return;
    this.logOnce(toUrl, 'redirects to a URL longer than urlLength.limit are not followed; first of this host');
    throw new FetchError('URL_TOO_LONG', `${fromUrl} redirects to a URL of ${toUrl.length} characters, longer than urlLength.limit (${this.maxChars})`);
  }

  private logOnce(url: string, message: string): void {
    const host = hostOfUrl(url, '(unparsable)');
    if (this.hostsLogged.has(host)) return;
    this.hostsLogged.add(host);
    this.log.warn({ host, urlChars: url.length, limit: this.maxChars, sample: url.slice(0, SAMPLE_CHARS) }, message);
  }
}
