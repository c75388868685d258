// BatchWriter: flush on size/age/close, durability seen from a second connection, failures, backpressure.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Item } from '../../src/core/item';
import { Decimal } from '../../src/core/money';
import { Stats } from '../../src/engine/stats';
import { BatchWriter, type BatchWriterOptions } from '../../src/pipeline/batch-writer';
import { toStoredItem } from '../../src/pipeline/stored-item';
import type { ItemStore, StoredItem } from '../../src/ports/item-store';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { capturingLogger, source, tempDir } from './pipeline-fixtures';

/** The real store behind a gate the test opens: lets a test hold batches "in flight". */
class GatedStore implements ItemStore {
  private gate: Promise<void> | null = null;
  private release: () => void = () => {};
  batchesStarted = 0;

  constructor(private readonly inner: ItemStore) {}

  closeGate(): void {
    this.gate = new Promise((resolve) => (this.release = resolve));
  }
  openGate(): void {
    this.release();
    this.gate = null;
  }
  async writeBatch(items: StoredItem[]): Promise<void> {
    this.batchesStarted += 1;
    if (this.gate) await this.gate;
    await this.inner.writeBatch(items);
  }
  countItems(runId?: string): Promise<number> {
    return this.inner.countItems(runId);
  }
  iterateItems(runId: string): AsyncIterable<StoredItem> {
    return this.inner.iterateItems(runId);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

describe('BatchWriter over SqliteItemStore', () => {
  let tmp: ReturnType<typeof tempDir>;
  let store: SqliteItemStore;
  let reader: Database.Database;
  let stats: Stats;

  const writerFor = (target: ItemStore, options: Partial<BatchWriterOptions>): BatchWriter =>
    new BatchWriter(target, { batchSize: 10, batchMaxAgeMs: 60_000, ...options }, stats, capturingLogger().log);
  // Counted through a second connection: what another process would see after a crash.
  const rowsVisible = (): number => (reader.prepare('SELECT count(*) AS n FROM items').get() as { n: number }).n;
  const item = (sku: string, extra: Item = {}): Item => ({ sku, price: new Decimal('1.50'), currency: 'EUR', ...extra });

  beforeEach(() => {
    tmp = tempDir('writer');
    store = SqliteItemStore.open(tmp.dir);
    reader = new Database(store.path, { readonly: true });
    stats = new Stats();
  });
  afterEach(async () => {
    reader.close();
    await store.close();
    tmp.cleanup();
  });

  it('flushes when batchSize is reached, without waiting for age or close', async () => {
    const writer = writerFor(store, { batchSize: 3 });
    const durables = ['a', 'b', 'c', 'd'].map((sku) => writer.write(item(sku), source()));
    await Promise.all(durables.slice(0, 3));
    expect(rowsVisible()).toBe(3); // the fourth waits for its batch to fill or age
    expect(writer.pendingItems).toBe(1);
    await writer.close();
    await durables[3];
    expect(rowsVisible()).toBe(4);
    expect(stats.get('items/written')).toBe(4);
  });

  it('flushes a partial batch when its oldest item reaches batchMaxAgeMs', async () => {
    const writer = writerFor(store, { batchSize: 1000, batchMaxAgeMs: 30 });
    const startedAtMs = performance.now();
    await writer.write(item('aged'), source());
    const waitedMs = performance.now() - startedAtMs;
    expect(rowsVisible()).toBe(1);
    expect(waitedMs).toBeGreaterThanOrEqual(25); // timer granularity margin
    expect(waitedMs).toBeLessThan(5_000);
    await writer.close();
  });

  it('the age timer keeps the process alive until a buffered item is durable (no silent exit)', async () => {
    const child = fileURLToPath(new URL('./age-flush-child.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child, tmp.dir], { cwd: process.cwd() });
    expect(stdout).toBe('durable 1\n');
  });

  it('close() writes the partial batch and resolves its items', async () => {
    const writer = writerFor(store, { batchSize: 1000 });
    const durables = [writer.write(item('x'), source()), writer.write(item('y'), source())];
    expect(rowsVisible()).toBe(0);
    await writer.close();
    await Promise.all(durables);
    expect(rowsVisible()).toBe(2);
    await expect(writer.write(item('late'), source())).rejects.toThrow(/closed/);
  });

  it('resolves durable only once the rows are readable from a second connection', async () => {
    const writer = writerFor(store, { batchSize: 5 });
    const seenAtResolve: number[] = [];
    const durables = ['1', '2', '3', '4', '5'].map((sku) => writer.write(item(sku), source()).then(() => void seenAtResolve.push(rowsVisible())));
    await Promise.all(durables);
    expect(seenAtResolve).toEqual([5, 5, 5, 5, 5]);
    await writer.close();
  });

  it('rejects durable for every item of a batch the store fails to write', async () => {
    const writer = writerFor(store, { batchSize: 2 });
    await store.close(); // a real failure: better-sqlite3 refuses to write on a closed connection
    const results = await Promise.allSettled([writer.write(item('p'), source()), writer.write(item('q'), source())]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(stats.get('items/write-failed')).toBe(2);
    // A durable promise nobody awaited yet must not surface as an unhandled rejection.
    let unhandled = 0;
    const onUnhandled = (): void => void (unhandled += 1);
    process.on('unhandledRejection', onUnhandled);
    const ignored = writer.write(item('r'), source());
    await writer.close();
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toBe(0);
    await expect(ignored).rejects.toThrow();
    expect(stats.get('items/written')).toBe(0);
  });

  it('applies backpressure: never more than 4 × batchSize items pending, waiting writers resume in order', async () => {
    const gated = new GatedStore(store);
    gated.closeGate();
    const writer = writerFor(gated, { batchSize: 2 });
    const order: string[] = [];
    const durables: Promise<void>[] = [];
    for (let index = 0; index < 20; index += 1) {
      const sku = `s${index}`;
      durables.push(writer.write(item(sku), source()).then(() => void order.push(sku)));
      expect(writer.pendingItems).toBeLessThanOrEqual(8);
    }
    expect(writer.pendingItems).toBe(8);
    let writable = false;
    const whenWritable = writer.whenWritable().then(() => (writable = true));
    await Promise.resolve();
    expect(writable).toBe(false);
    gated.openGate();
    await Promise.all(durables);
    await whenWritable;
    expect(order).toEqual(Array.from({ length: 20 }, (_, index) => `s${index}`));
    expect(rowsVisible()).toBe(20);
    expect(gated.batchesStarted).toBe(10);
    await writer.close();
  });

  it('runs afterDurable listeners after the commit and before the items count as durable; a listener error fails nothing', async () => {
    const writer = writerFor(store, { batchSize: 2 });
    const events: string[] = [];
    writer.afterDurable(async (items) => {
      events.push(`listener sees ${items.map((i) => i.sku).join(',')} with ${rowsVisible()} rows committed`);
    });
    writer.afterDurable(() => {
      throw new Error('feed disk full');
    });
    const durables = ['a', 'b'].map((sku) => writer.write(item(sku), source()).then(() => events.push(`${sku} durable`)));
    await Promise.all(durables);
    expect(events).toEqual(['listener sees a,b with 2 rows committed', 'a durable', 'b durable']);
    expect(stats.get('items/written')).toBe(2);
    await writer.close();
  });

  it('re-writing the same batch replaces rows instead of duplicating them', async () => {
    const src = source();
    const batch = [toStoredItem(item('k1'), src), toStoredItem({ name: 'no sku', url: 'http://127.0.0.1/x', price: '3.00' }, src)];
    await store.writeBatch(batch);
    await store.writeBatch(batch);
    expect(await store.countItems('run-1')).toBe(2);
    await store.writeBatch([toStoredItem(item('k1', { price: new Decimal('2.25') }), src)]);
    expect(await store.countItems('run-1')).toBe(2);
    expect(reader.prepare("SELECT price FROM items WHERE key = '127.0.0.1 k1'").get()).toEqual({ price: '2.25' });
  });
});

describe('toStoredItem', () => {
  it('keys by site and sku, else by a hash of source URL and canonical content (key order does not matter)', () => {
    const src = source({ url: 'http://127.0.0.1/p/1' });
    expect(toStoredItem({ sku: 'SKU-1', price: '1' }, src)).toMatchObject({ key: '127.0.0.1 SKU-1', site: '127.0.0.1', sku: 'SKU-1' });
    expect(toStoredItem({ sku: 42 }, src).key).toBe('127.0.0.1 42');
    const a = toStoredItem({ name: 'n', url: 'u', nested: { x: 1, y: [1, 2] } }, src).key;
    const b = toStoredItem({ nested: { y: [1, 2], x: 1 }, url: 'u', name: 'n' }, src).key;
    const otherPage = toStoredItem({ name: 'n', url: 'u', nested: { x: 1, y: [1, 2] } }, source({ url: 'http://127.0.0.1/p/2' })).key;
    const otherContent = toStoredItem({ name: 'n2', url: 'u', nested: { x: 1, y: [1, 2] } }, src).key;
    expect(a).toMatch(/^[0-9a-f]{40}$/);
    expect(b).toBe(a);
    expect(otherPage).not.toBe(a);
    expect(otherContent).not.toBe(a);
  });

  it('stores Decimals as exact toFixed() strings in the price column and in data', () => {
    const stored = toStoredItem({ sku: 's', price: new Decimal('1234567890123456789012.3456789'), tiers: [new Decimal('0.10')] }, source());
    expect(stored.price).toBe('1234567890123456789012.3456789');
    expect(stored.data).toEqual({ sku: 's', price: '1234567890123456789012.3456789', tiers: ['0.1'] });
  });

  it('stores a priced item at its currency\'s minor-unit scale, in the column and in data', () => {
    const at = (price: string, currency: string) => toStoredItem({ sku: 's', price: new Decimal(price), currency }, source());
    expect([at('1299', 'USD').price, at('1980', 'JPY').price, at('3.35', 'KWD').price, at('0.125', 'EUR').price]).toEqual(['1299.00', '1980', '3.350', '0.125']);
    expect(at('7.5', 'EUR').data.price).toBe('7.50');
  });
});
