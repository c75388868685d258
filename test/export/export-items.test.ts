// exportItems: JSONL and RFC 4180 CSV parsed back, column order, atomic writes, unknown extensions.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { csvColumns } from '../../src/export/csv-format';
import { exportItems, ExportFormatError } from '../../src/export/export-items';
import { toStoredItem } from '../../src/pipeline/stored-item';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { source, tempDir } from '../pipeline/pipeline-fixtures';

/** A strict RFC 4180 reader written for the test: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  while (index < text.length) {
    if (text[index] === '"') {
      index += 1;
      for (;;) {
        if (index >= text.length) throw new Error('unterminated quoted field');
        if (text[index] === '"' && text[index + 1] === '"') (field += '"'), (index += 2);
        else if (text[index] === '"') break;
        else field += text[index++];
      }
      index += 1;
    } else if (text[index] === ',') {
      record.push(field);
      field = '';
      index += 1;
    } else if (text.startsWith('\r\n', index)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 2;
    } else if (text[index] === '\r' || text[index] === '\n' || text[index] === '"') {
      throw new Error(`bare ${JSON.stringify(text[index])} outside quotes at ${index}`);
    } else {
      field += text[index++];
    }
  }
  if (field !== '' || record.length > 0) throw new Error('last record not CRLF-terminated');
  return records;
}

describe('exportItems', () => {
  let tmp: ReturnType<typeof tempDir>;
  let store: SqliteItemStore;
  const items = [
    { sku: 'A-1', name: 'Kettle, "steel"', price: new Decimal('1234.56'), currency: 'EUR', url: 'http://127.0.0.1/a', zeta: 'z' },
    { url: 'http://127.0.0.1/b', price: new Decimal('0.1'), name: 'multi\r\nline', specs: { watts: 2000, colors: ['red', 'black'] }, alpha: true },
    { sku: 'C', price: new Decimal('123456789012345678901234.5678'), currency: 'USD', alpha: null, note: 'ünïcödé ✓' },
  ];

  beforeEach(async () => {
    tmp = tempDir('export');
    store = SqliteItemStore.open(tmp.dir);
    await store.writeBatch(items.map((item) => toStoredItem(item, source())));
    await store.writeBatch([toStoredItem({ sku: 'elsewhere', price: new Decimal(1) }, source({ runId: 'run-2' }))]);
  });
  afterEach(async () => {
    await store.close();
    tmp.cleanup();
  });

  it('writes one JSON object per line, prices as exact strings, only the asked run', async () => {
    const path = join(tmp.dir, 'out', 'feed.jsonl');
    expect(await exportItems(store, 'run-1', path)).toEqual({ path, format: 'jsonl', items: 3 });
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines.at(-1)).toBe('');
    const parsed = lines.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toEqual([
      { sku: 'A-1', name: 'Kettle, "steel"', price: '1234.56', currency: 'EUR', url: 'http://127.0.0.1/a', zeta: 'z' },
      { url: 'http://127.0.0.1/b', price: '0.1', name: 'multi\r\nline', specs: { watts: 2000, colors: ['red', 'black'] }, alpha: true },
      { sku: 'C', price: '123456789012345678901234.5678', currency: 'USD', alpha: null, note: 'ünïcödé ✓' },
    ]);
    expect(existsSync(`${path}.partial`)).toBe(false);
  });

  it('writes RFC 4180 CSV with the union of fields, well-known ones first, nested values as JSON', async () => {
    const path = join(tmp.dir, 'feed.CSV');
    expect(await exportItems(store, 'run-1', path)).toEqual({ path, format: 'csv', items: 3 });
    const records = parseCsv(readFileSync(path, 'utf8'));
    expect(records[0]).toEqual(['sku', 'name', 'price', 'currency', 'url', 'alpha', 'note', 'specs', 'zeta']);
    expect(records.slice(1)).toEqual([
      ['A-1', 'Kettle, "steel"', '1234.56', 'EUR', 'http://127.0.0.1/a', '', '', '', 'z'],
      ['', 'multi\r\nline', '0.1', '', 'http://127.0.0.1/b', 'true', '', '{"watts":2000,"colors":["red","black"]}', ''],
      ['C', '', '123456789012345678901234.5678', 'USD', '', '', 'ünïcödé ✓', '', ''],
    ]);
  });

  it('orders columns by the well-known names present, then the rest in code-unit order', () => {
    expect(csvColumns(['b', 'url', 'B', 'sku', 'a'])).toEqual(['sku', 'url', 'B', 'a', 'b']);
  });

  it('an empty run gives an empty file in either format', async () => {
    for (const name of ['empty.csv', 'empty.jsonl']) {
      const path = join(tmp.dir, name);
      expect((await exportItems(store, 'no-such-run', path)).items).toBe(0);
      expect(readFileSync(path, 'utf8')).toBe('');
    }
  });

  it('refuses an unknown extension with a clear error naming the supported ones, leaving no file', async () => {
    const path = join(tmp.dir, 'feed.xml');
    const error = await exportItems(store, 'run-1', path).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExportFormatError);
    expect((error as ExportFormatError).code).toBe('EXPORT_FORMAT_UNSUPPORTED');
    expect((error as Error).message).toContain('.jsonl, .csv');
    expect(existsSync(path) || existsSync(`${path}.partial`)).toBe(false);
  });
});
