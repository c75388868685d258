// Zero and negative prices through the price stages: a zero the text does not call free is refused (`price/zero`), whatever yields it.
import { describe, expect, it } from 'vitest';
import { PriceCoercionStage } from '../../pipelines/price-coercion-stage';
import { RequiredFieldsStage } from '../../pipelines/required-fields-stage';
import type { Item } from '../../src/core/item';
import { Decimal } from '../../src/core/money';
import { isDrop, type PipelineStage } from '../../src/pipeline/stage';
import { capturingLogger, pipelineContext, source, testSettings } from '../pipeline/pipeline-fixtures';

const ctx = pipelineContext(testSettings(), capturingLogger().log);

/** [the item's price, its currency field (or none), the drop reason expected, or the amount stored]. */
type ZeroRow = readonly [price: unknown, currency: string | undefined, expected: string];

const Z = 'price/zero';
const NEG = 'price/not-positive';

/** Placeholders as shops print them, and as spiders yield them: never stored as a price of 0. */
const ZEROS: readonly ZeroRow[] = [
  ['0,00 €', undefined, Z], ['0,00\u00A0€', undefined, Z], ['€0', undefined, Z], ['EUR 0.00', undefined, Z], ['0.00 EUR', undefined, Z],
  ['$0.00', 'USD', Z], ['$0.00', undefined, Z], ['US$0', undefined, Z], ['£0.00', undefined, Z], ['0 kr', undefined, Z], ['0 kr', 'SEK', Z],
  ['0,- kr.', 'DKK', Z], ['¥0', undefined, Z], ['￥0', 'JPY', Z], ['0円', undefined, Z], ['R$ 0,00', undefined, Z], ['R$0', undefined, Z],
  ['CHF 0.–', undefined, Z], ['0 zł', undefined, Z], ['₹0.00', undefined, Z], ['0,00 ₽', undefined, Z], ['₩0', undefined, Z],
  ['Price: $0.00', 'USD', Z], ['Jetzt 0,00 €', undefined, Z], ['0', 'EUR', Z], ['0.00', 'EUR', Z], ['0,00', 'EUR', Z], ['000', 'EUR', Z],
  [0, 'EUR', Z], [-0, 'EUR', Z], [0.0, 'USD', Z], [new Decimal(0), 'EUR', Z], [new Decimal('0.00'), 'USD', Z], [new Decimal('-0'), 'EUR', Z],
  // A zero with an open sign is still a placeholder first: which currency is moot.
  [0, undefined, Z], [new Decimal(0), '$', Z],
];

/** Negative amounts: a credit or a refund line, never a price to pay. */
const NEGATIVES: readonly ZeroRow[] = [
  ['-5,00 €', undefined, NEG], ['−12,50 €', undefined, NEG], ['-$3.00', 'USD', NEG], ['-1', 'EUR', NEG],
  [-1, 'EUR', NEG], [-0.01, 'USD', NEG], [new Decimal('-2.50'), 'EUR', NEG],
];

/**
 * Free words stay as the parser reads them (a zero marked free): not the placeholder's reason, and still no stored
 * price (the required-fields stage keeps refusing a price of 0, as before).
 */
const FREE: readonly ZeroRow[] = [
  ['Free', 'USD', NEG], ['Gratis', 'EUR', NEG], ['Kostenlos', 'EUR', NEG], ['Offert', 'EUR', NEG], ['無料', 'JPY', NEG], ['免费', 'CNY', NEG],
];

/** Zeros that are no price at all: never read as one (their own refusal), and a real price beside them stands. */
const NOT_A_PRICE: readonly ZeroRow[] = [
  ['free shipping', 'USD', 'price/not-a-price'], ['0% APR', 'USD', 'price/not-a-price'], ['0 reviews', 'USD', 'price/not-a-price'],
  ['€0 down', undefined, 'price/ambiguous'], ['Free gift', 'EUR', 'price/not-a-price'],
  ['$24.99 Free shipping', 'USD', '24.99'], ['$24.99 0% APR', 'USD', '24.99'], ['19,99 € 0 Bewertungen', undefined, '19.99'], ['$0.99', 'USD', '0.99'],
  ['0,01 €', undefined, '0.01'], [new Decimal('0.01'), 'EUR', '0.01'], [0.5, 'USD', '0.5'],
];

const stages: PipelineStage[] = [new PriceCoercionStage({}), new RequiredFieldsStage()];

function outcome([price, currency]: ZeroRow): string {
  let item: Item = { sku: 'a', price: price as Item['price'], ...(currency ? { currency } : {}) };
  for (const stage of stages) {
    const out = stage.process(item, source(), ctx);
    if (out instanceof Promise) throw new Error('expected a synchronous stage');
    if (isDrop(out)) return out.reason;
    item = out;
  }
  return (item.price as Decimal).toFixed();
}

const show = (row: ZeroRow) => `${Decimal.isDecimal(row[0]) ? `Decimal(${row[0].toFixed()})` : JSON.stringify(row[0])} ${row[1] ?? ''}`;

describe('zero and negative prices', () => {
  it.each([
    ['placeholder zeros', ZEROS], ['negative amounts', NEGATIVES], ['free words', FREE], ['zeros that are no price', NOT_A_PRICE],
  ] as const)('%s', (_name, rows) => {
    expect(rows.map((row) => `${show(row)} → ${outcome(row)}`)).toEqual(rows.map((row) => `${show(row)} → ${row[2]}`));
  });

  it('says what it refused and why in the drop detail', () => {
    const drop = stages[0].process({ sku: 'a', price: 'R$ 0,00' }, source(), ctx);
    expect(drop).toEqual({ dropped: true, reason: 'price/zero', detail: 'R$ 0,00 · a zero the page does not call free is a placeholder, not a price' });
    expect(stages[0].process({ sku: 'a', price: new Decimal(0), currency: 'EUR' }, source(), ctx)).toMatchObject({ reason: 'price/zero', detail: expect.stringMatching(/^0 · /) });
  });
});
