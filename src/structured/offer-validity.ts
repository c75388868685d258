// Whether an Offer's price is in force at the moment the page was fetched (schema.org priceValidUntil, validThrough, validFrom).
import { hasType, isNode, textOf, type SchemaNode, type SchemaValue } from './schema-node';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The day or clock time of a date without a zone ends last at UTC-12 and starts first at UTC+14: anywhere on Earth. */
const LATEST_ZONE_MS = 12 * HOUR_MS;
const EARLIEST_ZONE_MS = 14 * HOUR_MS;

/** ISO 8601 date, optionally with a time and a zone ("2025-03-31", "2025-03-31T23:59:59+02:00", "2025-03-31 12:00Z"). */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

interface Instant {
  /** The moment as UTC when the zone is given (or the day's start), else as if written in UTC. */
  utcMs: number;
  /** Written as a day only: it lasts the whole day. */
  dayOnly: boolean;
  /** No zone given (a day, or a clock time without one): the moment is uncertain by a time zone. */
  zoneless: boolean;
}

function readInstant(text: string | null): Instant | null {
  const match = text ? ISO.exec(text.trim()) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s, zone] = match;
  const utcMs = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
  // A day that does not exist (2025-02-30, 2025-13-01) is no date: Date.UTC would roll it over into the next month or year.
  const day = new Date(utcMs);
  if (day.getUTCDate() !== Number(d) || day.getUTCMonth() !== Number(mo) - 1 || Number(h ?? 0) > 23 || Number(mi ?? 0) > 59) return null;
  const offsetMs = zone && zone.toUpperCase() !== 'Z' ? offsetOf(zone) : 0;
  return { utcMs: utcMs - offsetMs, dayOnly: h === undefined, zoneless: zone === undefined };
}

function offsetOf(zone: string): number {
  const digits = zone.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  return sign * (Number(digits.slice(1, 3)) * HOUR_MS + Number(digits.slice(3, 5)) * 60_000);
}

/** The last moment a validity end can mean: a day lasts to its end, a time without a zone to that time at UTC-12. */
function latestEnd(end: Instant): number {
  return end.utcMs + (end.dayOnly ? DAY_MS : 0) + (end.zoneless ? LATEST_ZONE_MS : 0);
}

/** The first moment a validity start can mean: the day's or the time's start at UTC+14. */
const earliestStart = (start: Instant): number => start.utcMs - (start.zoneless ? EARLIEST_ZONE_MS : 0);

/**
 * Why the offer's price is not in force at `atMs` (its validity ended, or has not begun, in every time zone); null when
 * it is, when the offer states no validity, or when `atMs` is unknown. A date no ISO 8601 reader takes says nothing.
 * Shops state `priceValidUntil` for a sale's end (WooCommerce writes the sale's last day): after it, the price in the
 * data is the ended sale's, and a page cached or a feed left stale keeps showing it as current.
 */
export function offerLapse(offer: SchemaNode, atMs: number | undefined): string | null {
  if (atMs === undefined) return null;
  for (const prop of ['priceValidUntil', 'validThrough']) {
    const end = readInstant(textOf(offer, prop));
    if (end && atMs >= latestEnd(end)) return `${prop} ${textOf(offer, prop)} passed before the fetch at ${new Date(atMs).toISOString()}`;
  }
  const start = readInstant(textOf(offer, 'validFrom'));
  if (start && atMs < earliestStart(start)) return `validFrom ${textOf(offer, 'validFrom')} is after the fetch at ${new Date(atMs).toISOString()}`;
  return null;
}

/** An offer as it stands at the fetch: null when it lapsed itself, else without the parts that lapsed, and what lapsed. */
export interface OfferInForce {
  node: SchemaNode | null;
  lapses: string[];
}

/**
 * The offer without its parts whose own validity lapsed: a price specification (a SalePrice `validThrough` last week is
 * no sale now, an ended plain one no longer contradicts the price) and an AggregateOffer's nested offers. An aggregate
 * that lost a nested offer also loses its stated `lowPrice`/`highPrice`/`price`, which summarised the ended one too: the
 * spread of the offers in force stands instead. Before, only the top offers' dates were read, and an aggregate's ended
 * 10.00 offer was stored as its price.
 */
export function offerInForce(offer: SchemaNode, atMs: number | undefined): OfferInForce {
  const own = offerLapse(offer, atMs);
  if (own) return { node: null, lapses: [own] };
  const lapses: string[] = [];
  let nestedChanged = false;
  const keep = (prop: string, value: SchemaValue): SchemaValue[] => {
    if (!isNode(value)) return [value];
    if (prop === 'offers') {
      const nested = offerInForce(value, atMs);
      nestedChanged ||= nested.node !== value;
      lapses.push(...nested.lapses.map((lapse) => `a nested offer's ${lapse}`));
      return nested.node ? [nested.node] : [];
    }
    const lapse = offerLapse(value, atMs);
    if (lapse) lapses.push(`a price specification's ${lapse}`);
    return lapse ? [] : [value];
  };
  const props = { ...offer.props };
  for (const prop of ['priceSpecification', 'offers']) if (props[prop]) props[prop] = props[prop].flatMap((value) => keep(prop, value));
  if (lapses.length === 0) return { node: offer, lapses };
  if (nestedChanged && hasType(offer, 'AggregateOffer')) for (const stated of ['lowPrice', 'highPrice', 'price']) delete props[stated];
  return { node: { ...offer, props }, lapses };
}
