// CrawlRequest: everything needed to fetch a page and route its response, serializable as JSON.
import { REQUEST_BRAND } from './package-brand';
import type { JsonObject } from './json';
import type { BrowserRequestOptions } from './browser-options';
import type { RequestSession } from './request-session';
import { requestFingerprint } from './fingerprint';
import { readResume, type RedirectResume } from './redirect-resume';
import { checkCallbackName, checkMeta, checkRequestOptions } from './request-options';

export type HttpMethod = 'GET' | 'POST' | 'HEAD' | 'PUT' | 'DELETE' | 'PATCH';
export type FetchMode = 'http' | 'browser';

export interface CrawlRequestInit<M extends JsonObject = JsonObject> {
  url: string;
  /** Name of the spider method that handles the response; `parse` when omitted. */
  callback?: string;
  /**
   * Name of the spider method run once when the request ends failed (after its retries), as Scrapy's errback:
   * it gets a RequestFailure and may yield items and requests as a callback does. By name, as `callback`.
   */
  errback?: string;
  method?: HttpMethod;
  headers?: Record<string, string>;
  body?: string | null;
  /** Typed, JSON-serializable data carried to the callback (`res.request.meta`). */
  meta?: M;
  /** Higher runs earlier within its host's queue. */
  priority?: number;
  /** Skip the per-run dedupe (e.g. re-fetching a listing). */
  dontFilter?: boolean;
  /** Overrides the spider's / host's fetch mode for this request. */
  fetchMode?: FetchMode;
  /** Capture and wait options used when the request goes through the browser. */
  browser?: BrowserRequestOptions;
}

/** The serialized form stored by the frontier. Stable: add fields, never rename. */
export interface SerializedRequest {
  url: string;
  callback: string;
  /** Absent in rows stored before errbacks existed, and when the request has none. */
  errback?: string | null;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | null;
  meta: JsonObject;
  priority: number;
  dontFilter: boolean;
  fetchMode: FetchMode | null;
  attempt: number;
  /** Server-requested waits so far (Retry-After, an open breaker); absent in rows stored before it was counted. */
  deferrals?: number;
  /** Absent in rows stored before browser fetching existed. */
  browser?: BrowserRequestOptions | null;
  /** Links followed from a start request to reach this one; absent in rows stored before depth existed (read as 0). */
  depth?: number;
  /** Absent unless a same-host redirect hop was given back: the next try sends its target (redirect-resume.ts). */
  resumeAt?: RedirectResume;
}

export class CrawlRequest<M extends JsonObject = JsonObject> {
  readonly url: string;
  readonly callback: string;
  readonly errback: string | null;
  readonly method: HttpMethod;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
  readonly meta: M;
  readonly priority: number;
  readonly dontFilter: boolean;
  readonly fetchMode: FetchMode | null;
  readonly browser: BrowserRequestOptions | null;
  /** How many times this request was sent before (0 on the first try); set by the frontier. */
  attempt = 0;
  /** Links followed from a start request (0) to reach this one; set by the callback runner (depth.limit). */
  depth = 0;
  /** How many times the server parked it (Retry-After, an open breaker); bounded by retry.maxDeferrals. */
  deferrals = 0;
  /** Set when a same-host redirect hop was given back: the next try sends its target, not `url` (redirect-resume.ts). */
  resumeAt: RedirectResume | null = null;
  /** Frontier row id once the request is stored; absent for requests not yet added. */
  id: string | null = null;
  /** The fencing token of the lease this process holds the request under (either frontier's); never serialized. Its items carry it (StoredItem.leaseFence). */
  leaseFence: number | null = null;
  /** The frontier leased this request before (a take-over, a retry, a crashed process): that lease may have stored items. Never serialized. */
  earlierLease = false;
  /** Items of this try that reached the item store before the request is acknowledged; the frontier notes that they stand behind the ack. Never serialized. */
  itemsStored = 0;
  /** The session (cookies, proxy) this send uses; set by the sessions middleware, never serialized. */
  session: RequestSession | null = null;
  private cachedFingerprint: string | null = null;

  /** Recognised by the engine even when the spider's copy of pricecrawl is another install (package-brand.ts). */
  get [REQUEST_BRAND](): true {
    return true;
  }

  constructor(init: CrawlRequestInit<M>) {
    checkRequestOptions(init);
    if (init.callback !== undefined) checkCallbackName(init.callback);
    if (init.errback !== undefined) checkCallbackName(init.errback, 'errback');
    checkMeta(init.meta);
    // Throws at the call site that made the request, saying which text and what to use instead of the parser's bare "Invalid URL".
    let parsed: URL;
    try {
      parsed = new URL(init.url);
    } catch (error) {
      throw new TypeError(`not an absolute URL: ${JSON.stringify(String(init.url).slice(0, 200))} (a link relative to the page goes through res.follow() or res.urljoin())`, { cause: error });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new TypeError(`only http(s) URLs can be crawled, got ${init.url}`);
    }
    this.url = parsed.toString();
    this.callback = init.callback ?? 'parse';
    this.errback = init.errback ?? null;
    this.method = init.method ?? 'GET';
    this.headers = { ...init.headers }; // an own copy: middlewares may set headers on it (setHeader)
    this.body = init.body ?? null;
    this.meta = init.meta ?? ({} as M);
    this.priority = init.priority ?? 0;
    this.dontFilter = init.dontFilter ?? false;
    this.fetchMode = init.fetchMode ?? null;
    this.browser = init.browser ?? null;
  }

  /**
   * Sets a header for this request's sends (a signing or auth middleware calls it in `processRequest`,
   * on every attempt). Header names are case-insensitive: an existing one in another case is replaced.
   */
  setHeader(name: string, value: string): void {
    const headers = this.headers as Record<string, string>;
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    headers[name] = value;
  }

  get fingerprint(): string {
    this.cachedFingerprint ??= requestFingerprint(this.method, this.url, this.body);
    return this.cachedFingerprint;
  }

  toJSON(): SerializedRequest {
    return {
      url: this.url,
      callback: this.callback,
      ...(this.errback === null ? {} : { errback: this.errback }),
      method: this.method,
      headers: { ...this.headers },
      body: this.body,
      meta: this.meta,
      priority: this.priority,
      dontFilter: this.dontFilter,
      fetchMode: this.fetchMode,
      attempt: this.attempt,
      deferrals: this.deferrals,
      browser: this.browser,
      depth: this.depth,
      ...(this.resumeAt === null ? {} : { resumeAt: this.resumeAt }),
    };
  }

  static fromJSON(data: SerializedRequest, id: string | null = null): CrawlRequest {
    // Field by field: a row may carry fields a newer or older version stored (attempt, depth, …), which are no options.
    const { url, callback, method, headers, body, meta, priority, dontFilter } = data;
    const request = new CrawlRequest({ url, callback, errback: data.errback ?? undefined, method, headers, body, meta, priority, dontFilter, fetchMode: data.fetchMode ?? undefined, browser: data.browser ?? undefined });
    request.attempt = data.attempt;
    request.depth = data.depth ?? 0;
    request.deferrals = data.deferrals ?? 0;
    request.resumeAt = readResume(data.resumeAt);
    request.id = id;
    return request;
  }
}
