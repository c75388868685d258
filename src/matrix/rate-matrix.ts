// Rate-shop request matrix: competitors × check-in dates × lengths of stay × occupancies, expanded lazily into keys.
import type { JsonObject } from '../core/json';

export interface RateMatrix {
  competitors: readonly string[];
  /** First check-in date, `YYYY-MM-DD` (UTC calendar day). */
  firstCheckIn: string;
  /** Check-in dates: `firstCheckIn` and the following days, this many in all. */
  days: number;
  /** Nights per stay. */
  lengthsOfStay: readonly number[];
  /** Guests per room. */
  occupancies: readonly number[];
}

/** What one observation is keyed by: in the request's meta, the item and (through the request) the fetch log. */
export interface RateKey extends JsonObject {
  competitor: string;
  checkIn: string;
  los: number;
  occupancy: number;
}

const DAY_MS = 86_400_000;

export function matrixSize(matrix: RateMatrix): number {
  return matrix.competitors.length * matrix.days * matrix.lengthsOfStay.length * matrix.occupancies.length;
}

/** `YYYY-MM-DD` plus n days. */
export function addDays(isoDate: string, days: number): string {
  const ms = Date.parse(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`not a YYYY-MM-DD date: ${isoDate}`);
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Every key, one at a time: nothing but the current indices is held, so a million-entry matrix costs
 * no more memory than a small one. Order: competitor, then check-in, LOS, occupancy (a host's requests
 * stay together, and its nearest dates come first).
 */
export function* expandMatrix(matrix: RateMatrix): Generator<RateKey> {
  for (const competitor of matrix.competitors) {
    for (let day = 0; day < matrix.days; day++) {
      const checkIn = addDays(matrix.firstCheckIn, day);
      for (const los of matrix.lengthsOfStay) {
        for (const occupancy of matrix.occupancies) yield { competitor, checkIn, los, occupancy };
      }
    }
  }
}

/** A stable text id of a key (the item's `sku`, so history and change events work per rate cell). */
export function rateKeyId(key: RateKey): string {
  return `${key.competitor}|${key.checkIn}|los${key.los}|occ${key.occupancy}`;
}
