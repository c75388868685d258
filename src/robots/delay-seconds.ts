// The wait between requests a robots.txt group asks for, read from its Crawl-delay and Request-rate lines (neither is in RFC 9309).

/** Seconds in each unit a Request-rate period may name; none is seconds. */
const UNIT_SECONDS: Readonly<Record<string, number>> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * `Request-rate: <requests>/<period>[s|m|h|d] [HHMM-HHMM]` (Seznam's and Python's reading): `1/10s` asks
 * for one request each 10 seconds. A time window is not followed, the rate holds all day: slower than
 * asked at other hours, never faster.
 */
const REQUEST_RATE = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*([smhd]?)(?:\s+\d{3,4}\s*-\s*\d{3,4})?$/i;

/**
 * The seconds one `Crawl-delay` or `Request-rate` value asks for, or null for one that cannot be read
 * (ignored, as the search engines do). Crawl-delay is a non-negative decimal (`10`, `0.5`); a number too
 * large for a double is Infinity, not unreadable: it asks for more than any ceiling, so the origin is refused.
 */
export function delaySecondsOf(key: 'crawl-delay' | 'request-rate', value: string): number | null {
  if (key === 'crawl-delay') return /^\d+(\.\d+)?$|^\.\d+$/.test(value) ? Number(value) : null;
  const rate = REQUEST_RATE.exec(value);
  if (!rate) return null;
  const requests = Number(rate[1]);
  // No request in the period asks for nothing we can space: read as no rate, like any unreadable value.
  if (requests === 0) return null;
  return (Number(rate[2]) * UNIT_SECONDS[rate[3].toLowerCase()]) / requests;
}
