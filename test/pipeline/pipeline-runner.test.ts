// PipelineRunner with the default stages, a real BatchWriter and SQLite: order, drop reasons, stage errors.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultPipeline } from '../../pipelines/index';
import type { Item } from '../../src/core/item';
import { Stats } from '../../src/engine/stats';
import { BatchWriter } from '../../src/pipeline/batch-writer';
import { PipelineRunner } from '../../src/pipeline/pipeline-runner';
import { drop, type PipelineStage } from '../../src/pipeline/stage';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { capturingLogger, pipelineContext, source, tempDir, testSettings, type LogLine } from './pipeline-fixtures';

describe('PipelineRunner with the default stages and a real SQLite store', () => {
  let tmp: ReturnType<typeof tempDir>;
  let store: SqliteItemStore;
  let stats: Stats;
  let lines: LogLine[];
  let runner: PipelineRunner;

  const build = async (stages: PipelineStage[]): Promise<PipelineRunner> => {
    const settings = testSettings({ batchSize: 50, batchMaxAgeMs: 5 });
    const captured = capturingLogger();
    lines = captured.lines;
    stats = new Stats();
    const writer = new BatchWriter(store, settings.pipeline, stats, captured.log);
    const built = new PipelineRunner(stages, writer, pipelineContext(settings, captured.log, stats));
    await built.open();
    return built;
  };

  beforeEach(async () => {
    tmp = tempDir('runner');
    store = SqliteItemStore.open(tmp.dir);
    runner = await build(defaultPipeline(testSettings()));
  });
  afterEach(async () => {
    await store.close();
    tmp.cleanup();
  });

  it('accepts good items, drops bad ones with stable reasons, and runs the stages in order', async () => {
    const cases: Array<[Item, string | null]> = [
      [{ sku: 'A', name: 'Kettle', price: '$1,299.00', locale: 'en-US' }, null],
      [{ sku: 'B', price: null }, 'price/missing'],
      [{ sku: 'C', price: 'call for price' }, 'price/not-a-price'],
      [{ sku: 'D', price: '0,00 €' }, 'price/zero'],
      [{ name: 'no id', price: '5.00' }, 'required/sku-or-url'],
      // No id and no price: coercion runs before required-fields, so the price reason wins.
      [{ name: 'nothing' }, 'price/missing'],
      // An invalid first copy must not make the valid second copy a duplicate (required before dedupe).
      [{ sku: 'E', price: '0' }, 'price/zero'],
      [{ sku: 'E', price: '7.50 EUR' }, null],
      [{ sku: 'A', price: '$1,199.00', locale: 'en-US' }, 'duplicate/price-differs'],
    ];
    const durables: Promise<void>[] = [];
    for (const [item, expected] of cases) {
      const outcome = await runner.process(item, source());
      if (expected === null) {
        expect(outcome.accepted).toBe(true);
        if (outcome.accepted) durables.push(outcome.durable);
      } else {
        expect(outcome).toMatchObject({ accepted: false, reason: expected });
      }
    }
    await Promise.all(durables);
    await runner.close();

    expect(stats.byPrefix('items/dropped/')).toEqual({
      'price/missing': 2,
      'price/not-a-price': 1,
      'price/zero': 2,
      'required/sku-or-url': 1,
      'duplicate/price-differs': 1,
    });
    expect(stats.get('items/written')).toBe(2);
    const rows = [];
    for await (const row of store.iterateItems('run-1')) rows.push(row);
    expect(rows.map((row) => [row.sku, row.price, row.currency])).toEqual([
      ['A', '1299.00', 'USD'],
      ['E', '7.50', 'EUR'],
    ]);
    const dropLogs = lines.filter((line) => line.msg === 'item dropped');
    expect(dropLogs).toHaveLength(7);
    expect(dropLogs.every((line) => line.level === 20)).toBe(true);
    expect(dropLogs[1]).toMatchObject({ stage: 'price-coercion', reason: 'price/not-a-price', detail: 'call for price · no number in the text' });
    expect(runner.stageNames).toEqual(['pii-redaction', 'price-coercion', 'required-fields', 'schema-validation', 'shared-body', 'dedupe']);
  });

  it('a stage that throws drops only that item, logs the error and the run goes on', async () => {
    const exploding: PipelineStage = {
      name: 'exploding',
      process(item) {
        if (item.sku === 'boom') throw new Error('stage bug');
        return item;
      },
    };
    const broken: PipelineStage = { name: 'broken', process: (item) => (item.sku === 'undef' ? (undefined as unknown as Item) : item) };
    runner = await build([exploding, broken, ...defaultPipeline(testSettings())]);
    expect(await runner.process({ sku: 'boom', price: '1.00' }, source())).toEqual({ accepted: false, reason: 'stage-error/exploding' });
    expect(await runner.process({ sku: 'undef', price: '1.00' }, source())).toEqual({ accepted: false, reason: 'stage-error/broken' });
    const ok = await runner.process({ sku: 'fine', price: '1.00' }, source());
    expect(ok.accepted).toBe(true);
    if (ok.accepted) await ok.durable;
    await runner.close();

    expect(stats.get('items/dropped/stage-error/exploding')).toBe(1);
    expect(stats.get('items/dropped/stage-error/broken')).toBe(1);
    const errorLog = lines.find((line) => line.stage === 'exploding');
    expect(errorLog).toMatchObject({ level: 50, msg: 'pipeline stage threw; item dropped' });
    expect((errorLog?.err as { message: string }).message).toBe('stage bug');
    expect(await store.countItems('run-1')).toBe(1);
  });

  it('a stage that breaks the contract (a drop without a reason, a float price after price-coercion) drops the item under its name instead of storing it', async () => {
    const halfDrop: PipelineStage = { name: 'half-drop', process: (item) => (item.sku === 'gone' ? ({ dropped: true } as unknown as Item) : item) };
    const floatPrice: PipelineStage = { name: 'plus-vat', process: (item) => (item.sku === 'vat' ? { ...item, price: Number(item.price) * 1.2 } : item) };
    const textPrice: PipelineStage = { name: 'relabel', process: (item) => (item.sku === 'text' ? { ...item, price: '4,10 €' } : item) };
    runner = await build([...defaultPipeline(testSettings()), halfDrop, floatPrice, textPrice]);
    expect(await runner.process({ sku: 'gone', price: '1.00' }, source())).toEqual({ accepted: false, reason: 'stage-error/half-drop' });
    expect(await runner.process({ sku: 'vat', price: '4.00' }, source())).toEqual({ accepted: false, reason: 'stage-error/plus-vat' });
    expect(await runner.process({ sku: 'text', price: '4.00' }, source())).toEqual({ accepted: false, reason: 'stage-error/relabel' });
    // An item with a field named `dropped` is still an item.
    const kept = await runner.process({ sku: 'kept', price: '1.00', dropped: true, name: 'discontinued' }, source());
    expect(kept.accepted).toBe(true);
    if (kept.accepted) await kept.durable;
    await runner.close();
    expect((lines.find((line) => line.stage === 'plus-vat')?.err as { message: string }).message).toBe('stage "plus-vat" set the price number 4.8 is not a Decimal (prices leave the item stages as Decimal or null)');
    expect(await store.countItems('run-1')).toBe(1);
  });

  it('a callback output that is no item object (text, a number, null, an array) is dropped as invalid/item, not blamed on a stage or thrown', async () => {
    for (const output of ['just a string', 42, null, [{ sku: 'a', price: '1.00' }]]) {
      expect(await runner.process(output as unknown as Item, source())).toMatchObject({ accepted: false, reason: 'invalid/item' });
    }
    const ok = await runner.process({ sku: 'fine', price: '1.00' }, source());
    expect(ok.accepted).toBe(true);
    if (ok.accepted) await ok.durable;
    await runner.close();
    expect(stats.get('items/dropped/invalid/item')).toBe(4);
    expect(lines.find((line) => line.reason === 'invalid/item')).toMatchObject({ stage: 'spider', detail: 'the callback yielded "just a string"; a callback yields items (objects) and requests' });
  });

  it('an item the sink cannot serialize is dropped as unstorable', async () => {
    const cyclic: Item = { sku: 'loop', price: '2.00' };
    cyclic.self = cyclic;
    expect(await runner.process(cyclic, source())).toEqual({ accepted: false, reason: 'unstorable' });
    expect(stats.get('items/dropped/unstorable')).toBe(1);
    await runner.close();
  });

  it('accepted items become readable from a second connection once durable resolves', async () => {
    const outcome = await runner.process({ sku: 'Z', price: '£12.99' }, source());
    expect(outcome.accepted).toBe(true);
    if (!outcome.accepted) return;
    const reader = new Database(store.path, { readonly: true });
    try {
      const seen = await outcome.durable.then(() => reader.prepare('SELECT price, currency FROM items WHERE key = ?').get('127.0.0.1 Z'));
      expect(seen).toEqual({ price: '12.99', currency: 'GBP' });
    } finally {
      reader.close();
      await runner.close();
    }
  });

  it('stage stats count a stage-returned drop with its detail', async () => {
    const stage: PipelineStage = { name: 'custom', process: () => drop('custom/reason', 'why') };
    runner = await build([stage]);
    expect(await runner.process({ sku: 'x' }, source())).toEqual({ accepted: false, reason: 'custom/reason', detail: 'why' });
    expect(lines.find((line) => line.msg === 'item dropped')).toMatchObject({ stage: 'custom', reason: 'custom/reason', detail: 'why' });
    await runner.close();
  });
});
