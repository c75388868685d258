// Per-request options of a browser fetch: which JSON responses to capture and what to wait for.
/**
 * A URL pattern: a plain string matches when the URL contains it; `/…/` (slashes around) is a regex.
 * Kept as strings so requests stay JSON-serializable in the durable frontier.
 */
export type UrlPattern = string;

export interface BrowserWaitFor {
  /** A CSS selector that must be in the DOM. */
  selector?: string;
  /** A response whose URL matches this pattern must have arrived (and, if captured, been read). */
  response?: UrlPattern;
  /** Wait for network idle, at most `browser.networkIdleCapMs`. */
  networkIdle?: boolean;
}

export interface BrowserRequestOptions {
  /** XHR/fetch responses whose URL matches one of these are handed to the callback as `res.captured`. */
  capture?: UrlPattern[];
  waitFor?: BrowserWaitFor;
}

export function urlMatches(url: string, pattern: UrlPattern): boolean {
  if (pattern.length > 2 && pattern.startsWith('/') && pattern.endsWith('/')) return new RegExp(pattern.slice(1, -1)).test(url);
  return url.includes(pattern);
}

/** One XHR/fetch response captured during a browser fetch. */
export interface CapturedResponse {
  url: string;
  status: number;
  contentType: string;
  /** Body decoded as UTF-8 (JSON APIs are UTF-8 by RFC 8259). */
  text: string;
}
