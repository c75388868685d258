// `-s key=value` and `-a key=value` pairs of the command line, read into an object.
import { PricecrawlError } from '../core/errors';

/** `key=value` pairs into an object; a pair without `=` is a clear error. */
export function parsePairs(pairs: string[], flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new PricecrawlError('SETTINGS_INVALID', `${flag} ${pair}: expected key=value`);
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}
