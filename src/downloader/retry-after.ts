// Parses an HTTP Retry-After header (delta-seconds or HTTP-date) into an epoch-ms instant, or null.

/** Delta-seconds is 1*DIGIT (RFC 9110 §10.2.3); anything else must be an HTTP-date. */
const DELTA_SECONDS = /^\d+$/;
/** The three HTTP-date forms (IMF-fixdate, RFC 850, asctime) open with a weekday and carry hh:mm:ss. */
const LOOKS_LIKE_DATE = /^[A-Za-z]{3,9},? .*\b\d{2}:\d{2}:\d{2}\b/;
/** asctime has no zone; HTTP-dates are always GMT, so do not let Date.parse read it as local time. */
const ASCTIME = /^[A-Za-z]{3} [A-Za-z]{3} +\d{1,2} \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * When the server asks us to come back, as epoch ms. `0` and dates in the past mean "now".
 * Returns null for a missing or garbage value, so the caller falls back to its own backoff.
 * No upper cap: a long wait is honoured by deferring the request in the frontier, not by sleeping.
 */
export function parseRetryAfter(header: string | readonly string[] | undefined, nowMs: number): number | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '') return null;
  if (DELTA_SECONDS.test(value)) {
    const seconds = Number(value);
    return Number.isSafeInteger(seconds) ? nowMs + seconds * 1000 : null;
  }
  if (!LOOKS_LIKE_DATE.test(value)) return null;
  const dateMs = Date.parse(ASCTIME.test(value) ? `${value} GMT` : value);
  if (Number.isNaN(dateMs)) return null;
  return Math.max(nowMs, dateMs);
}
