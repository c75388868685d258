// A price text parsed again reuses its first reading: the same result as a fresh parse, whatever options came before.
import { describe, expect, it } from 'vitest';
import { hasValidPrice } from '../../src/prices/has-valid-price';
import { parsePrice, recentPriceReadings, type ParsePriceOptions, type PriceResult } from '../../src/prices/parse-price';
import { RecentReadings } from '../../src/prices/recent-readings';
import { PRICE_TABLE } from './price-table';

/** Everything a result says, with the amount as exact text (two Decimals of one value compare equal here). */
function shown(result: PriceResult): unknown {
  return result.ok ? { ...result, amount: result.amount.toFixed() } : { ...result };
}

/** Options other callers parse the same text with: the item.scraped check (none) and both decimal separators. */
const OTHER_OPTIONS: readonly ParsePriceOptions[] = [{}, { decimalSeparator: ',' }, { decimalSeparator: '.' }, { currencyHint: 'JPY', locale: 'de-CH', defaultCurrency: 'KWD' }];

describe('recent price readings', () => {
  it('give every row of the price table exactly what a fresh parse gives, after the text was parsed with other options', () => {
    const differing: string[] = [];
    for (const [text, , , options] of PRICE_TABLE) {
      recentPriceReadings.clear();
      const fresh = shown(parsePrice(text, options));
      recentPriceReadings.clear();
      for (const other of OTHER_OPTIONS) parsePrice(text, other);
      const reused = shown(parsePrice(text, options));
      if (JSON.stringify(reused) !== JSON.stringify(fresh)) differing.push(`${JSON.stringify(text)} ${JSON.stringify(options)}: ${JSON.stringify(reused)} vs ${JSON.stringify(fresh)}`);
    }
    expect(differing).toEqual([]);
  });

  it('read an item price once for the item.scraped check and the coercion stage', () => {
    recentPriceReadings.clear();
    expect(hasValidPrice({ price: '1.299,00 €' })).toBe(true);
    expect(recentPriceReadings.size).toBe(1);
    const coerced = parsePrice('1.299,00 €', { currencyHint: 'EUR', locale: 'de-DE' });
    expect(recentPriceReadings.size).toBe(1);
    expect(coerced.ok && coerced.amount.toFixed()).toBe('1299');
  });

  it('hand each caller its own refusal object, so one caller adding to it changes nothing for the next', () => {
    recentPriceReadings.clear();
    const first = parsePrice('$10 - $20');
    expect(first.ok).toBe(false);
    (first as { detail?: string }).detail = 'changed by a caller';
    expect(parsePrice('$10 - $20')).not.toHaveProperty('detail', 'changed by a caller');
  });

  it('keep at most their capacity, drop the oldest first, and keep no long text', () => {
    const readings = new RecentReadings<string>(2, 10);
    let reads = 0;
    const read = (text: string) => `${++reads}:${text}`;
    expect(readings.get('a', '', read)).toBe('1:a');
    expect(readings.get('a', '', read)).toBe('1:a');
    expect(readings.get('a', ',', read)).toBe('2:a'); // another variant is another reading
    expect(readings.get('b', '', read)).toBe('3:b'); // over capacity: 'a' (the oldest) goes
    expect(readings.size).toBe(2);
    expect(readings.get('a', '', read)).toBe('4:a');
    expect(readings.get('x'.repeat(11), '', read)).toBe(`5:${'x'.repeat(11)}`);
    expect(readings.get('x'.repeat(11), '', read)).toBe(`6:${'x'.repeat(11)}`);
    expect(readings.size).toBe(2);
  });
});
