// SqliteItemStore: WAL file location, exact price text, upsert order, streaming reads, reopen.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { toStoredItem } from '../../src/pipeline/stored-item';
import type { StoredItem } from '../../src/ports/item-store';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { source, tempDir } from '../pipeline/pipeline-fixtures';

const row = (sku: string, runId = 'run-1', price = '9.99'): StoredItem =>
  toStoredItem({ sku, price: new Decimal(price), currency: 'EUR' }, source({ runId }));

async function collect(store: SqliteItemStore, runId: string): Promise<StoredItem[]> {
  const out: StoredItem[] = [];
  for await (const item of store.iterateItems(runId)) out.push(item);
  return out;
}

describe('SqliteItemStore', () => {
  let tmp: ReturnType<typeof tempDir>;
  let store: SqliteItemStore;

  beforeEach(() => {
    tmp = tempDir('items');
    store = SqliteItemStore.open(join(tmp.dir, 'nested'));
  });
  afterEach(async () => {
    await store.close();
    tmp.cleanup();
  });

  it('lives at <storage.dir>/items.sqlite in WAL mode', () => {
    expect(store.path).toBe(join(tmp.dir, 'nested', 'items.sqlite'));
    expect(existsSync(store.path)).toBe(true);
    const other = new Database(store.path, { readonly: true });
    try {
      expect(other.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      other.close();
    }
  });

  it('round-trips prices exactly, at the currency scale (EUR: 2 digits) or longer, huge and long ones included', async () => {
    const prices = ['1234.56', '0.10', '1e21', '123456789012345678901234567890.123456789012345678901234567890', '0.000000000000000000000000001', '1299.00'];
    const expected = ['1234.56', '0.10', '1000000000000000000000.00', '123456789012345678901234567890.12345678901234567890123456789', '0.000000000000000000000000001', '1299.00'];
    await store.writeBatch(prices.map((price, index) => row(`p${index}`, 'run-1', price)));
    const items = await collect(store, 'run-1');
    expect(items.map((item) => item.price)).toEqual(expected);
    expect(items.map((item) => item.data.price)).toEqual(expected);
    // The column is TEXT, so SQLite never turned any of them into a REAL.
    const raw = new Database(store.path, { readonly: true });
    try {
      expect(raw.prepare('SELECT DISTINCT typeof(price) AS t FROM items').all()).toEqual([{ t: 'text' }]);
    } finally {
      raw.close();
    }
    for (const [index, text] of expected.entries()) expect(new Decimal(items[index].price!).eq(new Decimal(prices[index]))).toBe(true);
  });

  it('streams a run in first-insertion order; an upsert keeps its position and replaces its content', async () => {
    await store.writeBatch([row('a'), row('b'), row('c')]);
    await store.writeBatch([row('other', 'run-2')]);
    await store.writeBatch([row('b', 'run-1', '1.00'), row('d')]);
    const items = await collect(store, 'run-1');
    expect(items.map((item) => [item.sku, item.price])).toEqual([['a', '9.99'], ['b', '1.00'], ['c', '9.99'], ['d', '9.99']]);
    expect(await store.countItems('run-1')).toBe(4);
    expect(await store.countItems('run-2')).toBe(1);
    expect(await store.countItems()).toBe(5);
    expect(items[0]).toMatchObject({ runId: 'run-1', spider: 'shop', currency: 'EUR', rawHash: 'a'.repeat(64), scrapedAtMs: 1_700_000_000_000 });
  });

  it('keeps accepting batches while an export iterates, and an abandoned iterator releases its reader', async () => {
    await store.writeBatch(Array.from({ length: 50 }, (_, index) => row(`i${index}`)));
    const seen: string[] = [];
    for await (const item of store.iterateItems('run-1')) {
      seen.push(item.sku!);
      if (seen.length === 10) await store.writeBatch([row('late')]);
    }
    // The iterator reads a snapshot: the row committed mid-iteration is not in it.
    expect(seen).toHaveLength(50);
    expect(await store.countItems('run-1')).toBe(51);
    const checkpointer = new Database(store.path);
    checkpointer.pragma('busy_timeout = 0');
    const truncateBusy = (): number => (checkpointer.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>)[0].busy;
    try {
      let taken = 0;
      for await (const _item of store.iterateItems('run-1')) {
        if (++taken < 5) continue;
        expect(truncateBusy()).toBe(1); // a live reader holds the WAL
        break;
      }
      expect(truncateBusy()).toBe(0); // the abandoned iterator closed its reader
    } finally {
      checkpointer.close();
    }
    await store.writeBatch([row('after-break')]);
    const all: string[] = [];
    for await (const item of store.iterateItems('run-1')) all.push(item.sku!);
    expect(all).toHaveLength(52);
    expect(all.slice(-2)).toEqual(['late', 'after-break']);
  });

  it('persists across reopen and refuses a newer schema version', async () => {
    await store.writeBatch([row('kept')]);
    await store.close();
    store = new SqliteItemStore({ path: join(tmp.dir, 'nested', 'items.sqlite') });
    expect(await store.countItems('run-1')).toBe(1);
    await store.close();
    const raw = new Database(join(tmp.dir, 'nested', 'items.sqlite'));
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => new SqliteItemStore({ path: join(tmp.dir, 'nested', 'items.sqlite') })).toThrow(/schema v99/);
    store = new SqliteItemStore({ path: join(tmp.dir, 'fresh.sqlite'), synchronous: 'normal' });
  });
});
