// One contract for both storage backends: the embedded files and a real PostgreSQL give the same answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/core/blob-hash';
import type { FetchLogRow } from '../../src/ports/fetch-log';
import type { StoredItem } from '../../src/ports/item-store';
import type { CrawlStores } from '../../src/ports/crawl-stores';
import { openStores } from '../../storage/open-backends';
import { storeBackends } from '../support/store-backends';

const { backends, start, stop } = storeBackends('contract');

beforeAll(start);
afterAll(stop);

function item(runId: string, sku: string, price: string | null, extra: Partial<StoredItem> = {}): StoredItem {
  return {
    runId,
    spider: 'shop',
    key: `127.0.0.1:1 ${sku}`,
    site: '127.0.0.1:1',
    requestId: `req-${sku}`,
    url: `http://127.0.0.1:1/p/${sku}`,
    sku,
    price,
    currency: price === null ? null : 'USD',
    // The pricing fields' canonical JSON round-trips as the exact text written.
    pricing: price === null ? '{}' : '{"freeShippingOver":"50.00","shippingCost":"4.95"}',
    rawHash: sha256Hex(Buffer.from(sku)),
    data: { sku, price, name: `Product ${sku}`, zeta: 1, alpha: { nested: [1, '2.50'] }, availability: 'InStock' },
    scrapedAtMs: 1_700_000_000_000,
    ...extra,
  };
}

async function readAll(stores: CrawlStores, runId: string): Promise<StoredItem[]> {
  const out: StoredItem[] = [];
  for await (const row of stores.items().iterateItems(runId)) out.push(row);
  return out;
}

describe.each(backends)('%s stores', (_name, place) => {
  it('round-trips exact decimal prices and the item JSON (key order included)', async () => {
    const stores = await openStores(await place());
    try {
      const prices = ['0.10', '12345678901234.5678', '1299.00', '1980', '3.350', null];
      const written = prices.map((price, i) => item('r1', `SKU-${i}`, price));
      await stores.items().writeBatch(written);
      const read = await readAll(stores, 'r1');
      expect(read.map((row) => row.price)).toEqual(prices);
      for (const row of read) expect(typeof row.price === 'string' || row.price === null).toBe(true);
      expect(read).toEqual(written);
      expect(read.map((row) => JSON.stringify(row.data))).toEqual(written.map((row) => JSON.stringify(row.data)));
      expect(await stores.items().countItems('r1')).toBe(prices.length);
      expect(await stores.items().countItems('other')).toBe(0);
    } finally {
      await stores.close();
    }
  });

  it('upserts idempotently: a rewrite replaces in place, a key twice in a batch keeps one row with the last values', async () => {
    const stores = await openStores(await place());
    try {
      const batch = [item('r1', 'A', '1.00'), item('r1', 'B', '2.00'), item('r1', 'C', '3.00')];
      await stores.items().writeBatch(batch);
      await stores.items().writeBatch(batch);
      await stores.items().writeBatch([item('r1', 'B', '2.50'), item('r1', 'D', '4.00'), item('r1', 'D', '4.10')]);
      const read = await readAll(stores, 'r1');
      expect(read.map((row) => [row.sku, row.price])).toEqual([['A', '1.00'], ['B', '2.50'], ['C', '3.00'], ['D', '4.10']]);
      expect(await stores.items().countItems()).toBe(4);
    } finally {
      await stores.close();
    }
  });

  it('never lets a row of an older lease replace one of a newer lease, in later batches or in one', async () => {
    const stores = await openStores(await place());
    // Tokens as the Redis frontier gives them (its clock's ms at the pick): beyond 32 bits.
    const [older, newer] = [1_733_500_000_000, 1_733_500_000_001];
    const leased = (sku: string, price: string, leaseFence: number | null) => item('r1', sku, price, { leaseFence });
    // What each batch left unwritten, as (sku, price, the request whose row stands).
    const write = async (batch: StoredItem[]) => ((await stores.items().writeBatch(batch)) ?? { refusedStale: [] }).refusedStale.map((r) => [r.item.sku, r.item.price, r.heldBy]);
    try {
      expect(await write([leased('A', '20.00', newer)])).toEqual([]);
      expect(await write([leased('A', '10.00', older)])).toEqual([['A', '10.00', 'req-A']]); // a worker stopped past its lease, late
      expect(await write([leased('B', '1.00', older)])).toEqual([]);
      expect(await write([leased('B', '2.00', older)])).toEqual([]); // the same lease again: replaces
      expect(await write([leased('C', '3.00', newer)])).toEqual([]);
      expect(await write([leased('C', '3.50', null)])).toEqual([]); // a writer with no lease token: replaces, as before
      expect(await write([leased('D', '40.00', newer), leased('D', '4.00', older), leased('E', '5.00', older), leased('E', '50.00', newer)])).toEqual([['D', '4.00', 'req-D']]);
      // Another request of the same key, picked before the one whose row stands: named as the holder.
      expect(await write([{ ...leased('A', '11.00', older), requestId: 'req-list' }])).toEqual([['A', '11.00', 'req-A']]);
      const read = await readAll(stores, 'r1');
      expect(read.map((row) => [row.sku, row.price])).toEqual([['A', '20.00'], ['B', '2.00'], ['C', '3.50'], ['D', '40.00'], ['E', '50.00']]);
    } finally {
      await stores.close();
    }
  });

  it('retires the rows of a request that failed under a newer lease, and refuses its older lease\'s late items', async () => {
    const stores = await openStores(await place());
    const [older, newer] = [1_733_500_000_000, 1_733_500_000_001];
    const leased = (sku: string, price: string, leaseFence: number | null) => item('r1', sku, price, { leaseFence });
    const items = stores.items();
    try {
      await items.writeBatch([leased('A', '10.00', older), leased('B', '1.00', older), item('r2', 'A', '7.00', { leaseFence: older })]);
      await items.retireRequest!('r1', 'req-A', newer); // its take-over failed: the older lease's row goes
      await items.retireRequest!('r1', 'req-A', older); // an older token never lowers the bar
      expect((await readAll(stores, 'r1')).map((row) => row.sku)).toEqual(['B']);
      expect((await readAll(stores, 'r2')).map((row) => row.sku)).toEqual(['A']); // another run's request of the same id
      const late = await items.writeBatch([leased('A', '10.00', older)]); // the stopped worker's answer, after the failure
      expect(late?.refusedStale.map((r) => [r.item.sku, r.heldBy])).toEqual([['A', 'req-A']]);
      expect(await items.countItems('r1')).toBe(1);
      await items.writeBatch([leased('A', '30.00', newer + 1)]); // a later lease (the request tried again) writes
      expect((await readAll(stores, 'r1')).map((row) => [row.sku, row.price])).toEqual([['B', '1.00'], ['A', '30.00']]);
    } finally {
      await stores.close();
    }
  });

  it('lists the requests a run holds rows of, each with its greatest lease token (what a resume checks its acks against)', async () => {
    const stores = await openStores(await place());
    const items = stores.items();
    try {
      await items.writeBatch([item('held', 'A', '1.00', { leaseFence: 5 }), item('held', 'B', '2.00', { leaseFence: 7, requestId: 'req-A' }), item('held', 'C', '3.00'), item('other', 'D', '4.00', { leaseFence: 9 })]);
      expect([...(await items.storedRequests!('held')).entries()].sort()).toEqual([['req-A', 7], ['req-C', null]]);
      expect(await items.storedRequests!('none')).toEqual(new Map());
    } finally {
      await stores.close();
    }
  });

  it('keeps one row per key when two workers write overlapping batches at the same time', async () => {
    const where = await place();
    const [first, second] = [await openStores(where), await openStores(where)];
    try {
      const keys = Array.from({ length: 200 }, (_, i) => `K${i}`);
      const batchOf = (order: string[], price: string) => order.map((key) => item('r1', key, price));
      await Promise.all([
        ...[0, 1, 2].map(() => first.items().writeBatch(batchOf(keys, '5.00'))),
        ...[0, 1, 2].map(() => second.items().writeBatch(batchOf([...keys].reverse(), '5.00'))),
      ]);
      expect(await first.items().countItems('r1')).toBe(keys.length);
      expect(new Set((await readAll(second, 'r1')).map((row) => row.key)).size).toBe(keys.length);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('stores raw bytes exactly (invalid UTF-8, zero bytes, empty), once per content', async () => {
    const where = await place();
    const [stores, other] = [await openStores(where), await openStores(where)];
    try {
      const samples = [Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x00, 0x80]), Buffer.alloc(0), Buffer.alloc(70_000, 0), Buffer.from('<p class="price">€ 1.299,00</p>', 'latin1')];
      for (const bytes of samples) {
        const [a, b] = await Promise.all([stores.blobs().put(bytes), other.blobs().put(bytes)]);
        expect(a).toBe(sha256Hex(bytes));
        expect(b).toBe(a);
        expect(await stores.blobs().put(bytes, a)).toBe(a);
        expect((await other.blobs().get(a))?.equals(bytes)).toBe(true);
      }
      expect(await stores.blobs().get('0'.repeat(64))).toBeNull();
      expect(await stores.blobs().get('not-a-hash')).toBeNull();
    } finally {
      await stores.close();
      await other.close();
    }
  });

  it('keeps fetch-log rows in record order, nulls included', async () => {
    const stores = await openStores(await place());
    try {
      const row = (i: number, fields: Partial<FetchLogRow> = {}): FetchLogRow => ({
        runId: 'r1', spider: 'shop', requestId: `req-${i}`, url: `http://127.0.0.1:1/p/${i}`, finalUrl: `http://127.0.0.1:1/p/${i}`,
        host: '127.0.0.1:1', status: 200, attempt: 0, sessionId: null, proxyId: null, retryAfter: null,
        rawHash: sha256Hex(Buffer.from(String(i))), bytes: 1234, durationMs: 12, outcome: 'response', fetchedAtMs: 1_700_000_000_000 + i,
        ...fields,
      });
      const rows = Array.from({ length: 50 }, (_, i) => row(i));
      rows.push(row(50, { finalUrl: null, status: null, rawHash: null, bytes: null, durationMs: null, attempt: 3, outcome: 'fetch/timeout' }));
      rows.push(row(51, { status: 429, retryAfter: '120', runId: 'r2' }));
      for (const r of rows) stores.fetchLog().record(r);
      await stores.fetchLog().flush();
      expect(await stores.fetchLog().rows('r1')).toEqual(rows.filter((r) => r.runId === 'r1'));
      expect(await stores.fetchLog().rows('r2')).toEqual([rows[51]]);
    } finally {
      await stores.close();
    }
  });

  it('records change events between runs exactly once, with exact old and new prices', async () => {
    const stores = await openStores(await place());
    try {
      const at = (runIndex: number) => ({ scrapedAtMs: 1_700_000_000_000 + runIndex * 3_600_000 });
      await stores.items().writeBatch([item('r1', 'A', '10.00', at(1)), item('r1', 'B', '20.00', at(1)), item('r1', 'C', '30.00', at(1))]);
      expect(await stores.history().recordRun('shop', 'r1')).toBe(0);
      const outOfStock = item('r2', 'C', '30.00', at(2));
      outOfStock.data = { ...outOfStock.data, availability: 'OutOfStock' };
      await stores.items().writeBatch([item('r2', 'A', '10.00', at(2)), item('r2', 'B', '19.99', at(2)), outOfStock]);
      expect(await stores.history().recordRun('shop', 'r2')).toBe(2);
      expect(await stores.history().recordRun('shop', 'r2')).toBe(0);
      const changes = await stores.history().list({ spider: 'shop' });
      expect(changes).toEqual([
        expect.objectContaining({ sku: 'B', runId: 'r2', previousRunId: 'r1', oldPrice: '20.00', newPrice: '19.99', oldCurrency: 'USD', newCurrency: 'USD' }),
        expect.objectContaining({ sku: 'C', oldPrice: '30.00', newPrice: '30.00', oldAvailability: 'InStock', newAvailability: 'OutOfStock' }),
      ]);
      expect(changes[0].observedAtMs).toBe(at(2).scrapedAtMs);
      expect(changes[0].previousObservedAtMs).toBe(at(1).scrapedAtMs);
      expect(await stores.history().list({ spider: 'nobody' })).toEqual([]);
      expect(await stores.history().list({ sinceMs: at(3).scrapedAtMs })).toEqual([]);
    } finally {
      await stores.close();
    }
  });

  it('records the changes of runs whose items live elsewhere, in one series with the items table, once each', async () => {
    const stores = await openStores(await place());
    const from = async function* (items: StoredItem[]) { yield* items; };
    try {
      const at = (runIndex: number) => ({ scrapedAtMs: 1_700_000_000_000 + runIndex * 3_600_000 });
      // r1 is in the backend's items table; r2 and r3 went to a project's own store and are handed over.
      await stores.items().writeBatch([item('r1', 'A', '10.00', at(1)), item('r1', 'B', '20.00', at(1))]);
      expect(await stores.history().recordRun('shop', 'r1')).toBe(0);
      const refused = { ...item('r2', 'B', null, at(2)), data: { sku: 'B', price: null, priceRefusal: 'team/unreadable' } };
      const r2 = [item('r2', 'A', '10.50', at(2)), refused, item('r2', 'N', '5.00', at(2)), { ...item('r2', 'P', '1.00', at(2)), sku: null, key: 'page-hash' }];
      // A SKU keyed by nothing, a refusal (no observation of the price), and rows of other runs are no change.
      expect(await stores.history().recordRunFrom('shop', 'r2', from([...r2, item('r9', 'A', '99.00', at(2))]))).toBe(1);
      // Handed over again (a resumed run), the same run adds nothing.
      expect(await stores.history().recordRunFrom('shop', 'r2', from(r2))).toBe(0);
      await stores.items().writeBatch([item('r3', 'A', '10.50', at(3)), item('r3', 'B', '19.99', at(3)), item('r3', 'N', '4.75', at(3))]);
      expect(await stores.history().recordRun('shop', 'r3')).toBe(2);
      const changes = await stores.history().list({ spider: 'shop' });
      expect(changes.map((c) => [c.sku, c.previousRunId, c.runId, c.oldPrice, c.newPrice])).toEqual([
        ['A', 'r1', 'r2', '10.00', '10.50'],
        ['B', 'r1', 'r3', '20.00', '19.99'],
        ['N', 'r2', 'r3', '5.00', '4.75'],
      ]);
      expect(changes[0]).toMatchObject({ oldCurrency: 'USD', newCurrency: 'USD', site: '127.0.0.1:1', oldAvailability: 'InStock', newAvailability: 'InStock' });
    } finally {
      await stores.close();
    }
  });
});
