// The ≥ 500-row real-world price table: exact amount and currency per row, ≥ 97 % must match.
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { parsePrice } from '../../src/prices/parse-price';
import { AMERICAS_AFRICA } from './price-table-americas';
import { ASIA_PACIFIC } from './price-table-asia-pacific';
import { EUROPE_EAST } from './price-table-europe-east';
import { EUROPE_WEST } from './price-table-europe-west';
import type { PriceRow } from './price-table-types';

const TABLE: PriceRow[] = [...EUROPE_WEST, ...EUROPE_EAST, ...AMERICAS_AFRICA, ...ASIA_PACIFIC];

function mismatch([text, amount, currency, options]: PriceRow): string | null {
  const parsed = parsePrice(text, options);
  if (!parsed.ok) return `${JSON.stringify(text)}: refused ${parsed.reason} (want ${amount} ${currency})`;
  const sameAmount = parsed.amount.eq(new Decimal(amount));
  if (sameAmount && parsed.currency === currency) return null;
  return `${JSON.stringify(text)}${options ? ` ${JSON.stringify(options)}` : ''}: got ${parsed.amount.toFixed()} ${parsed.currency}, want ${amount} ${currency}`;
}

describe('price table', () => {
  it('has at least 500 rows with exact expected amounts', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(500);
    for (const [, amount] of TABLE) expect(amount).toMatch(/^-?\d+(\.\d+)?$/);
  });

  it('parses at least 97 % of the rows exactly (failures listed)', () => {
    const failures = TABLE.map(mismatch).filter((line): line is string => line !== null);
    const passRate = (TABLE.length - failures.length) / TABLE.length;
    if (failures.length > 0) console.info(`price table: ${failures.length}/${TABLE.length} rows differ\n${failures.join('\n')}`);
    console.info(`price table pass rate: ${(passRate * 100).toFixed(1)}% of ${TABLE.length}`);
    expect(passRate).toBeGreaterThanOrEqual(0.97);
  });
});
