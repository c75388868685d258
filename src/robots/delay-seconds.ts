// The wait between requests a robots.txt group asks for, read from its Crawl-delay and Request-rate lines (neither is in RFC 9309).

/**
 * `Request-rate: <requests>/<period>[unit] [window]` (Seznam's and Python's reading): `1/10s` asks for one
 * request each 10 seconds. The unit is spelt as in a Crawl-delay (`s`, `sec`, `1 min`, `hour`) or `d`/`day`;
 * the window `HHMM-HHMM` or `HH:MM-HH:MM`. A time window is not followed, the rate holds all day: slower
 * than asked at other hours, never faster. White space before a unit belongs to the unit: read as `\s*` before
 * a unit that may be empty, a run of it after the period was tried as the unit's and the window's from each
 * of its spaces, and each such padded line of a file held the event loop for over a second.
 */
const REQUEST_RATE = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)(?:\s*([a-z]+))?(?:\s+\d{1,2}:?\d{2}\s*-\s*\d{1,2}:?\d{2})?$/i;

/**
 * A Crawl-delay's value: a number with a decimal point or comma (`10`, `0.5`, `.5`, `1,5`), an optional
 * exponent (`1e3`, as strtod and every number parser reads it) and an optional unit (`10s`, `2 min`).
 */
const CRAWL_DELAY = /^(\d*)(?:([.,])(\d*))?(?:e([+-]?\d+))?\s*([a-z]*)$/i;
/** Seconds per unit a Crawl-delay or a Request-rate period names; none is seconds. `m` is minutes (the longer reading of `m` and `ms`). */
const UNIT_SECONDS: ReadonlyMap<string, number> = new Map([
  ...['', 's', 'sec', 'secs', 'second', 'seconds'].map((unit) => [unit, 1] as const),
  ...['ms', 'msec', 'millisecond', 'milliseconds'].map((unit) => [unit, 0.001] as const),
  ...['m', 'min', 'mins', 'minute', 'minutes'].map((unit) => [unit, 60] as const),
  ...['h', 'hr', 'hour', 'hours'].map((unit) => [unit, 3600] as const),
  ...['d', 'day', 'days'].map((unit) => [unit, 86_400] as const),
]);

/** What one line asks: a wait in seconds, nothing (`null`), or a value that cannot be read. */
export type DelayReading = number | null | 'unreadable';

/**
 * The seconds one `Crawl-delay` or `Request-rate` value asks for. Crawl-delay is read as files write it
 * (a decimal comma, a unit); ignoring `10s` or `1,5` crawled at our own pace when the site asked for
 * more. A value it cannot read (`ten`, `5-10`) is `unreadable`: the site asked for a wait we cannot
 * tell, and the origin is refused rather than crawled at a guess. Empty or negative asks for none. A
 * number too large for a double is Infinity, not unreadable: it asks for more than any ceiling.
 * A Request-rate is read the same way: ignoring `1/10sec` crawled at our own pace, ten times faster than asked.
 */
export function delaySecondsOf(key: 'crawl-delay' | 'request-rate', value: string): DelayReading {
  if (key === 'crawl-delay') return crawlDelaySeconds(value);
  if (value === '') return null;
  const rate = REQUEST_RATE.exec(value);
  const unit = rate ? UNIT_SECONDS.get(rate[3]?.toLowerCase() ?? '') : undefined;
  const requests = Number(rate?.[1]);
  const periodS = Number(rate?.[2]);
  // No request in the period (`0/10s`) names no pace we could keep, nor does a period of nothing (`1/0`: read
  // as no wait, a junk value let us crawl at our own pace): refused like any value we cannot read.
  if (!rate || unit === undefined || requests === 0 || periodS === 0) return 'unreadable';
  return (periodS * unit) / requests;
}

function crawlDelaySeconds(value: string): DelayReading {
  if (value === '' || /^-\s*\d*[.,]?\d+/.test(value)) return null;
  const match = CRAWL_DELAY.exec(value);
  const unit = UNIT_SECONDS.get(match?.[5].toLowerCase() ?? '\0');
  if (!match || unit === undefined) return 'unreadable';
  const [, whole, separator, fraction, exponent = '0'] = match;
  if (whole === '' && !fraction) return 'unreadable';
  // `1e3` is 1000 s, above any ceiling: refused as too long (the reason it is), not as a value we cannot read.
  const decimal = Number(`${whole || '0'}.${fraction || '0'}e${exponent}`);
  // `1,500` may be 1.5 or 1500 (a thousands separator): the longer wait is the one that cannot be ruder.
  const grouped = separator === ',' && fraction?.length === 3 ? Number(`${whole}${fraction}e${exponent}`) : decimal;
  return Math.max(decimal, grouped) * unit;
}
