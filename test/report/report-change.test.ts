// The run report's price changes: a percent only between two prices in one currency, never rounded to nothing.
import { afterAll, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { toStoredItem } from '../../src/pipeline/stored-item';
import { reportChange } from '../../src/app/report/report-change';
import { changesSection } from '../../src/app/report/report-sections';
import type { ReportData } from '../../src/app/report/report-data';
import { openStores } from '../../storage/open-backends';
import { tempStorageDir } from '../support/test-crawl';

const storage = tempStorageDir('report-change');
afterAll(() => storage.cleanup());

const observation = (sku: string, runId: string, atMs: number, price: string, currency: string, availability = 'InStock') =>
  toStoredItem({ sku, price: new Decimal(price), currency, url: `http://shop.test/${sku}`, availability }, { spider: 'shop', runId, requestId: `req-${runId}-${sku}`, url: `http://shop.test/${sku}`, rawHash: 'f'.repeat(64), scrapedAtMs: atMs });

/** Two runs of one shop, through the real item store and price history: the second run's change events. */
async function secondRunChanges(pairs: Array<[string, [string, string, string?], [string, string, string?]]>) {
  const stores = await openStores({ dir: storage.dir });
  try {
    for (const [run, side] of [['r1', 1], ['r2', 2]] as const) {
      await stores.items().writeBatch(pairs.map(([sku, ...sides], i) => {
        const [price, currency, availability] = sides[side - 1];
        return observation(sku, run, side * 1_000 + i, price, currency, availability);
      }));
      await stores.history().recordRun('shop', run);
    }
    return (await stores.history().list({ spider: 'shop' })).filter((change) => change.runId === 'r2');
  } finally {
    await stores.close();
  }
}

it('gives no percent to a currency switch or a change of something else than the price, and never rounds a price change to zero', async () => {
  const changes = await secondRunChanges([
    ['geo', ['10.00', 'EUR'], ['11.50', 'USD']], // another market served: the amounts do not compare
    ['same-digits', ['12.00', 'EUR'], ['12.00', 'GBP']],
    ['stock', ['5.00', 'EUR'], ['5.00', 'EUR', 'OutOfStock']], // availability only: the price did not move
    ['fils', ['100.000', 'KWD'], ['100.001', 'KWD']], // a 0.001 rise: 0.001 %
    ['plain', ['3.00', 'EUR'], ['2.99', 'EUR']],
  ]);
  const shown = Object.fromEntries(changes.map((change) => {
    const row = reportChange(change, null);
    return [row.sku, [row.direction, row.percent, row.oldCurrency, row.newCurrency]];
  }));
  expect(shown).toEqual({
    geo: ['other', null, 'EUR', 'USD'],
    'same-digits': ['other', null, 'EUR', 'GBP'],
    stock: ['other', null, 'EUR', 'EUR'],
    fils: ['rise', '0.001', 'KWD', 'KWD'],
    plain: ['drop', '-0.33', 'EUR', 'EUR'],
  });
  // The table says which currency each side is in: "10.00" is never shown as USD.
  const html = changesSection({ changes: changes.map((change) => reportChange(change, null)) } as ReportData);
  const geoRow = html.split('<tr>').find((row) => row.includes('>geo<'))!;
  expect(geoRow).toContain('>EUR → USD<');
  expect(geoRow).not.toMatch(/%/);
  expect(html.split('<tr>').find((row) => row.includes('>fils<'))).toContain('>+0.001 %<');
});
