// Parses an HTTP Retry-After header (delta-seconds or HTTP-date) into an instant on the caller's clock, or null.

/** Delta-seconds is 1*DIGIT (RFC 9110 §10.2.3); anything else must be an HTTP-date. */
const DELTA_SECONDS = /^\d+$/;
/**
 * `1.5`: no delta-seconds, but servers and rate limiters send them, and the wait they mean is plain. Read
 * as "unreadable" the answer was backed off from (under a second by default) and a 429's host was not
 * paused at all: the server was asked again inside the time it named. Taken to the millisecond, rounded up.
 */
const DECIMAL_SECONDS = /^\d+\.\d+$/;
/** The three HTTP-date forms (IMF-fixdate, RFC 850, asctime) open with a weekday and carry hh:mm:ss. */
const LOOKS_LIKE_DATE = /^[A-Za-z]{3,9},? .*\b\d{2}:\d{2}:\d{2}\b/;
/**
 * A date that names no zone: asctime never does, and servers drop the `GMT` of the other two forms. HTTP-dates
 * are always GMT (RFC 9110 §5.6.7), but Date.parse reads a zone-less date in the crawling machine's zone: in
 * Los Angeles a wait of 30 s became 8 hours and 30 s (the host parked, the run ended interrupted); in
 * Berlin, beside a `Date` in GMT, none at all (the server asked again inside its wait).
 */
const ZONELESS = /^[A-Za-z]{3} [A-Za-z]{3} +\d{1,2} \d{2}:\d{2}:\d{2} \d{4}$|\d{2}:\d{2}:\d{2}$/;
/**
 * The last instant a Date holds (ECMAScript: 8.64e15 ms after 1970, in the year 275760). A wait ending
 * later names no time to come back ("9999999999999" seconds): every surface that says until when (the
 * far-wait log, WAITING ON HOSTS, the report) writes it as a date, and the crawl died there on
 * "Invalid time value" (exit 1). Such a value is read as unreadable, like any other count past any date.
 */
const LAST_DATE_MS = 8.64e15;
/** One member of a comma-joined field: a weekday, its comma and a date with its time up to the next comma, or any run without one. */
const FIELD_MEMBER = /\s*[A-Za-z]{3,9},[^,]*\d{2}:\d{2}:\d{2}[^,]*|[^,]+/g;

/**
 * When the server asks us to come back, on the caller's clock (`nowMs`, the crawl's steady clock).
 * `0` and dates in the past mean "now"; a decimal count (`1.5`) is read to the millisecond, rounded up; a
 * field given twice, the longer wait (`fieldMembers`). Returns null for a missing or garbage value, so the
 * caller falls back to its own backoff. No upper cap: a long wait is honoured by deferring the request in
 * the frontier, not by sleeping.
 *
 * An HTTP-date is read as a wait counted on the server's own clock: from the answer's `Date` header when
 * it has one (RFC 9110 §6.6.1: the origin's clock when it answered), so a server whose clock is an hour
 * off asks for the 30 s it meant, not an hour and 30 s (or nothing, and a storm of retries). Without a
 * `Date`, the wait is counted from our wall clock. Either way it lands on `nowMs`, which need not be the
 * wall clock.
 */
export function parseRetryAfter(
  header: string | readonly string[] | undefined,
  nowMs: number,
  dateHeader?: string | readonly string[],
  wallNowMs: number = Date.now(),
): number | null {
  const serverDate = fieldMembers(dateHeader)[0];
  const serverNowMs = (serverDate !== undefined ? httpDateMs(serverDate) : null) ?? wallNowMs;
  const ends = fieldMembers(header).map((value) => memberWaitEnd(value, nowMs, serverNowMs)).filter((end) => end !== null);
  return ends.length > 0 ? Math.max(...ends) : null;
}

/** One value's end of the wait (delta-seconds, a decimal count, or an HTTP-date against `serverNowMs`), or null. */
function memberWaitEnd(value: string, nowMs: number, serverNowMs: number): number | null {
  if (DELTA_SECONDS.test(value) || DECIMAL_SECONDS.test(value)) return waitEnd(nowMs, Math.ceil(Number(value) * 1000));
  const atMs = httpDateMs(value);
  return atMs === null ? null : waitEnd(nowMs, Math.max(0, atMs - serverNowMs));
}

/**
 * The values of a field given once or more: a list, or one string holding repeats joined by commas (as
 * CrawlResponse keeps a repeated header: "120, 120"). An origin's Retry-After beside its CDN's came so, and
 * the joined text read as no count: the answer was backed off from in milliseconds, inside the wait both
 * asked for. Dates keep their weekday's comma ("Sun, 06 Nov 1994 08:49:37 GMT" is one value). The caller
 * takes the longest wait named: coming back later than one layer asked costs time, earlier is asking inside
 * a wait the server named.
 */
function fieldMembers(header: string | readonly string[] | undefined): string[] {
  const values = typeof header === 'string' ? [header] : (header ?? []);
  return values.flatMap((value) => value.match(FIELD_MEMBER) ?? []).map((member) => member.trim()).filter((member) => member !== '');
}

/** When a wait of `waitMs` from `nowMs` ends, or null when that is no date (LAST_DATE_MS). */
function waitEnd(nowMs: number, waitMs: number): number | null {
  const endMs = nowMs + waitMs;
  return Number.isSafeInteger(endMs) && endMs <= LAST_DATE_MS ? endMs : null;
}

function httpDateMs(value: string): number | null {
  if (!LOOKS_LIKE_DATE.test(value)) return null;
  const dateMs = Date.parse(ZONELESS.test(value) ? `${value} GMT` : value);
  return Number.isNaN(dateMs) ? null : dateMs;
}

/** The Retry-After of an answer's headers, read against the answer's own `Date`. */
export function retryAfterOf(headers: Readonly<Record<string, string | string[]>>, nowMs: number): number | null {
  return parseRetryAfter(headers['retry-after'], nowMs, headers.date);
}
