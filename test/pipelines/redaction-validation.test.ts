// PII redaction and schema validation through the real runner (default stages, SQLite): what is stored, logged and dropped.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultPipeline } from '../../pipelines/index';
import { PiiRedactionStage } from '../../pipelines/pii-redaction-stage';
import type { Item } from '../../src/core/item';
import { Decimal } from '../../src/core/money';
import { Stats } from '../../src/engine/stats';
import { BatchWriter } from '../../src/pipeline/batch-writer';
import { PipelineRunner } from '../../src/pipeline/pipeline-runner';
import { isDrop } from '../../src/pipeline/stage';
import type { StoredItem } from '../../src/ports/item-store';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { capturingLogger, pipelineContext, source, tempDir, testSettings, type LogLine } from '../pipeline/pipeline-fixtures';

let tmp: ReturnType<typeof tempDir>;
let store: SqliteItemStore;
beforeEach(() => {
  tmp = tempDir('redact');
  store = SqliteItemStore.open(tmp.dir);
});
afterEach(async () => {
  await store.close();
  tmp.cleanup();
});

interface Run {
  outcomes: Array<{ accepted: boolean; reason?: string }>;
  stored: StoredItem[];
  logs: LogLine[];
  stats: Stats;
}

/** Runs items through the default stages (settings adjustable) into the real store. */
async function run(items: Item[], options: { disabled?: string[]; itemSchema?: z.ZodType } = {}): Promise<Run> {
  const settings = testSettings({ batchMaxAgeMs: 5, disabled: options.disabled ?? [] });
  const { log, lines } = capturingLogger();
  const stats = new Stats();
  const runner = new PipelineRunner(defaultPipeline(settings), new BatchWriter(store, settings.pipeline, stats, log), { ...pipelineContext(settings, log, stats), itemSchema: options.itemSchema });
  await runner.open();
  const outcomes: Run['outcomes'] = [];
  for (const item of items) {
    const outcome = await runner.process(item, source());
    outcomes.push(outcome.accepted ? { accepted: true } : { accepted: false, reason: outcome.reason });
    if (outcome.accepted) await outcome.durable;
  }
  await runner.close();
  const stored: StoredItem[] = [];
  for await (const row of store.iterateItems('run-1')) stored.push(row);
  return { outcomes, stored, logs: lines, stats };
}

describe('pii-redaction (first stage)', () => {
  it('replaces e-mails, phone numbers and configured fields at any depth before the item is stored', async () => {
    const { stored, stats } = await run([
      {
        sku: '4548736132610',
        price: 'US$12.00',
        url: 'http://127.0.0.1/p/1?ref=jo.smith@example.com',
        description: 'Questions? Mail help@shop.example or call (212) 555-0187, or +44 20 7946 0958 from the UK.',
        seller: { name: 'Acme', Email: 'sales@acme.example' },
        reviews: [{ author: 'Jane Doe', text: 'Arrived on 2026-11-02, model 1 234 567 works.' }],
      },
    ]);
    expect(stored).toHaveLength(1);
    expect(stored[0].data).toMatchObject({
      sku: '4548736132610',
      url: 'http://127.0.0.1/p/1?ref=[redacted]',
      description: 'Questions? Mail [redacted] or call [redacted], or [redacted] from the UK.',
      seller: { name: 'Acme', Email: '[redacted]' },
      reviews: [{ author: '[redacted]', text: 'Arrived on 2026-11-02, model 1 234 567 works.' }],
    });
    expect(stats.byPrefix('pii/redacted/')).toEqual({ email: 2, phone: 2, field: 2 });
  });

  it('runs before anything logs: a dropped item\'s detail shows the redacted text', async () => {
    const { outcomes, logs } = await run([{ sku: 'P', price: 'ask jo@shop.example' }]);
    expect(outcomes).toEqual([{ accepted: false, reason: 'price/not-a-price' }]);
    expect(logs.find((line) => line.msg === 'item dropped')).toMatchObject({ stage: 'price-coercion', detail: 'ask [redacted] · no number in the text' });
    expect(JSON.stringify(logs)).not.toContain('jo@shop.example');
  });

  it('follows its settings: other regions, phones off, own field names; Decimals and cycles untouched', () => {
    const settings = testSettings();
    const ctx = pipelineContext(settings, capturingLogger().log);
    const german = new PiiRedactionStage({ ...settings.redaction, phoneRegions: ['DE'], fields: ['Kundennummer'], replacement: '***' });
    const price = new Decimal('1299.00');
    expect(german.process({ note: 'Tel. 030 12345678', kundennummer: 'K-1', price, gtin: '4006381333931' }, source(), ctx)).toEqual({ note: 'Tel. ***', kundennummer: '***', price, gtin: '4006381333931' });
    const noPhones = new PiiRedactionStage({ ...settings.redaction, phones: false });
    expect(noPhones.process({ note: 'call (212) 555-0187 or a@b.co' }, source(), ctx)).toEqual({ note: 'call (212) 555-0187 or [redacted]' });
    const cyclic: Item = { sku: 'c' };
    cyclic.self = cyclic;
    const out = noPhones.process(cyclic, source(), ctx);
    expect(isDrop(out)).toBe(false);
  });

  it('scans a field with a long run of address characters once: a 200,000-digit price text, a base64 blob, an e-mail after them', () => {
    // The old pattern retried such a run from each of its characters (quadratic: this item held the loop for minutes).
    const settings = testSettings();
    const ctx = pipelineContext(settings, capturingLogger().log);
    const stage = new PiiRedactionStage({ ...settings.redaction, phones: false });
    const digits = '9'.repeat(200_000);
    const blob = 'QUJD'.repeat(50_000);
    const out = stage.process({ price: `$${digits}.99`, note: `${blob} write to ${blob}x@shop.example or ops@shop.example` }, source(), ctx);
    expect(out).toEqual({ price: `$${digits}.99`, note: `${blob} write to [redacted] or [redacted]` });
  });
});

describe('schema-validation', () => {
  it('drops an invalid item with the failing dotted path as reason, after the stable earlier reasons', async () => {
    const { outcomes, stored, stats } = await run([
      { sku: 'ok', price: '9.99 USD', url: 'https://shop.example/p/ok', name: 'Fine' },
      { sku: 'u', price: '9.99 USD', url: 'not a url' },
      { sku: 'n', price: '9.99 USD', name: 42 },
      { sku: '   ', price: '9.99 USD', url: 'https://shop.example/p/blank-sku' },
      { sku: 'a', price: '9.99 USD', availability: { stock: 3 } },
      { sku: 'z', price: '0.00 USD' },
    ]);
    expect(outcomes.map((o) => o.reason ?? 'stored')).toEqual(['stored', 'invalid/url', 'invalid/name', 'invalid/sku', 'invalid/availability', 'price/zero']);
    expect(stored.map((row) => row.sku)).toEqual(['ok']);
    expect(stats.byPrefix('items/dropped/invalid/')).toEqual({ url: 1, name: 1, sku: 1, availability: 1 });
  });

  it('rejects zero and negative prices itself too (e.g. with price-coercion and required-fields disabled)', async () => {
    // price-coercion refuses them first (price/zero, price/not-positive), so neither check behind it sees one.
    const items = () => [{ sku: 'z', price: new Decimal('0'), currency: 'USD' }, { sku: 'm', price: new Decimal('-3.50'), currency: 'USD' }, { sku: 'p', price: new Decimal('3.50'), currency: 'USD' }];
    const coerced = await run(items(), { disabled: ['required-fields'] });
    expect(coerced.outcomes).toEqual([{ accepted: false, reason: 'price/zero' }, { accepted: false, reason: 'price/not-positive' }, { accepted: true }]);
    const { outcomes } = await run(items(), { disabled: ['price-coercion', 'required-fields'] });
    expect(outcomes).toEqual([{ accepted: false, reason: 'invalid/price' }, { accepted: false, reason: 'invalid/price' }, { accepted: true }]);
  });

  it("checks the spider's own schema after the base one, nested paths dotted", async () => {
    const itemSchema = z.looseObject({ specs: z.object({ weightKg: z.string().regex(/^\d+(\.\d+)?$/, 'a plain number of kilograms') }), tags: z.array(z.string()).optional() });
    const { outcomes, logs } = await run(
      [
        { sku: 'w1', price: '5.00 EUR', specs: { weightKg: '1.25' } },
        { sku: 'w2', price: '5.00 EUR', specs: { weightKg: 'heavy' } },
        { sku: 'w3', price: '5.00 EUR', specs: { weightKg: '2' }, tags: ['a', 7] },
        { sku: 'w4', price: '5.00 EUR' },
      ],
      { itemSchema },
    );
    expect(outcomes.map((o) => o.reason ?? 'stored')).toEqual(['stored', 'invalid/specs.weightKg', 'invalid/tags.1', 'invalid/specs']);
    expect(logs.find((line) => line.reason === 'invalid/specs.weightKg')).toMatchObject({ stage: 'schema-validation', detail: 'a plain number of kilograms' });
  });
});
