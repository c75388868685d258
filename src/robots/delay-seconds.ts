// The wait between requests a robots.txt group asks for, read from its Crawl-delay and Request-rate lines (neither is in RFC 9309).

/** Seconds in each unit a Request-rate period may name; none is seconds. */
const UNIT_SECONDS: Readonly<Record<string, number>> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

/**
 * `Request-rate: <requests>/<period>[s|m|h|d] [HHMM-HHMM]` (Seznam's and Python's reading): `1/10s` asks
 * for one request each 10 seconds. A time window is not followed, the rate holds all day: slower than
 * asked at other hours, never faster.
 */
const REQUEST_RATE = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*([smhd]?)(?:\s+\d{3,4}\s*-\s*\d{3,4})?$/i;

/** A Crawl-delay's value: a number with a decimal point or comma (`10`, `0.5`, `.5`, `1,5`) and an optional unit (`10s`, `2 min`). */
const CRAWL_DELAY = /^(\d*)(?:([.,])(\d*))?\s*([a-z]*)$/i;
/** Seconds per unit a Crawl-delay names; none is seconds. `m` is minutes (the longer reading of `m` and `ms`). */
const CRAWL_DELAY_UNITS: ReadonlyMap<string, number> = new Map([
  ...['', 's', 'sec', 'secs', 'second', 'seconds'].map((unit) => [unit, 1] as const),
  ...['ms', 'msec', 'millisecond', 'milliseconds'].map((unit) => [unit, 0.001] as const),
  ...['m', 'min', 'mins', 'minute', 'minutes'].map((unit) => [unit, 60] as const),
  ...['h', 'hr', 'hour', 'hours'].map((unit) => [unit, 3600] as const),
]);

/** What one line asks: a wait in seconds, nothing (`null`), or a value that cannot be read. */
export type DelayReading = number | null | 'unreadable';

/**
 * The seconds one `Crawl-delay` or `Request-rate` value asks for. Crawl-delay is read as files write it
 * (a decimal comma, a unit); ignoring `10s` or `1,5` crawled at our own pace when the site asked for
 * more. A value it cannot read (`ten`, `5-10`) is `unreadable`: the site asked for a wait we cannot
 * tell, and the origin is refused rather than crawled at a guess. Empty or negative asks for none. A
 * number too large for a double is Infinity, not unreadable: it asks for more than any ceiling.
 * An unreadable Request-rate is still ignored (null).
 */
export function delaySecondsOf(key: 'crawl-delay' | 'request-rate', value: string): DelayReading {
  if (key === 'crawl-delay') return crawlDelaySeconds(value);
  const rate = REQUEST_RATE.exec(value);
  if (!rate) return null;
  const requests = Number(rate[1]);
  // No request in the period asks for nothing we can space: read as no rate, like any unreadable value.
  if (requests === 0) return null;
  return (Number(rate[2]) * UNIT_SECONDS[rate[3].toLowerCase()]) / requests;
}

function crawlDelaySeconds(value: string): DelayReading {
  if (value === '' || /^-\s*\d*[.,]?\d+/.test(value)) return null;
  const match = CRAWL_DELAY.exec(value);
  const unit = CRAWL_DELAY_UNITS.get(match?.[4].toLowerCase() ?? '\0');
  if (!match || unit === undefined) return 'unreadable';
  const [, whole, separator, fraction] = match;
  if (whole === '' && !fraction) return 'unreadable';
  const decimal = Number(`${whole || '0'}.${fraction || '0'}`);
  // `1,500` may be 1.5 or 1500 (a thousands separator): the longer wait is the one that cannot be ruder.
  const grouped = separator === ',' && fraction?.length === 3 ? Number(`${whole}${fraction}`) : decimal;
  return Math.max(decimal, grouped) * unit;
}
