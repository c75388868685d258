// Feed files from the store: JSONL, JSON, CSV and XML parsed back, provenance fields, -o appends, -O overwrites, formula-safe CSV, refusals.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { csvColumns, neutraliseFormula } from '../../src/app/export/csv-format';
import { exportItems } from '../../src/app/export/export-items';
import { FeedFile, FeedUnusableError } from '../../src/app/export/feed-file';
import { ExportFormatError } from '../../src/app/export/feed-errors';
import { feedSpecs, parseFeedSpec, type FeedFormat } from '../../src/app/export/feed-spec';
import { toStoredItem } from '../../src/pipeline/stored-item';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { source, tempDir } from '../pipeline/pipeline-fixtures';
import { parseCsv } from '../support/parse-csv';
import { readSkus } from '../support/read-feed';

const SCRAPED_AT = new Date(1_700_000_000_000).toISOString();
// The site (with the sku, the identity) is the page's: every item here came from a 127.0.0.1 page.
const provenance = (src: string | null) => ({ site: '127.0.0.1', source: src, scrapedAt: SCRAPED_AT, runId: 'run-1', rawHash: 'a'.repeat(64) });

describe('feed formats', () => {
  let tmp: ReturnType<typeof tempDir>;
  let store: SqliteItemStore;
  const items = [
    { sku: 'A-1', name: 'Kettle, "steel"', price: new Decimal('1234.56'), currency: 'EUR', url: 'http://127.0.0.1/a', zeta: 'z', source: 'structured' },
    { url: 'http://127.0.0.1/b', price: new Decimal('0.1'), name: 'multi\r\nline <b>&amp;</b>', specs: { watts: 2000, colors: ['red', 'black'] }, alpha: true, source: 'visible' },
    { sku: 'C', price: new Decimal('123456789012345678901234.5678'), currency: 'USD', alpha: null, note: 'ünïcödé ✓ \u0001' },
  ];
  const expected = [
    { sku: 'A-1', name: 'Kettle, "steel"', price: '1234.56', currency: 'EUR', url: 'http://127.0.0.1/a', zeta: 'z', ...provenance('structured') },
    { url: 'http://127.0.0.1/b', price: '0.1', name: 'multi\r\nline <b>&amp;</b>', specs: { watts: 2000, colors: ['red', 'black'] }, alpha: true, ...provenance('visible') },
    { sku: 'C', price: '123456789012345678901234.5678', currency: 'USD', alpha: null, note: 'ünïcödé ✓ \u0001', ...provenance(null) },
  ];
  const feed = (name: string, mode: 'append' | 'overwrite' = 'overwrite') => parseFeedSpec(join(tmp.dir, name), mode);

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

  it('JSONL: one object per line with the provenance fields, prices as exact strings, only the asked run', async () => {
    const spec = feed('out/feed.jsonl');
    expect(await exportItems(store, 'run-1', spec)).toEqual({ path: spec.path, format: 'jsonl', items: 3 });
    const lines = readFileSync(spec.path, 'utf8').split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((line) => JSON.parse(line))).toEqual(expected);
  });

  it('JSON: one valid array, also when empty', async () => {
    const spec = feed('feed.json');
    await exportItems(store, 'run-1', spec);
    expect(JSON.parse(readFileSync(spec.path, 'utf8'))).toEqual(expected);
    const empty = feed('empty.json');
    await exportItems(store, 'no-such-run', empty);
    expect(JSON.parse(readFileSync(empty.path, 'utf8'))).toEqual([]);
  });

  it('XML: <items><item>, markup and CR escaped, nested objects and arrays as elements, nulls absent, non-XML characters replaced', async () => {
    const spec = feed('feed.xml');
    await exportItems(store, 'run-1', spec);
    const text = readFileSync(spec.path, 'utf8');
    expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<items>\n')).toBe(true);
    expect(text.endsWith('</items>\n')).toBe(true);
    expect(text).not.toMatch(/[\x00-\x08\r]/);
    const $ = load(text, { xml: true });
    const parsed = $('items > item').toArray();
    expect(parsed).toHaveLength(3);
    const second = $(parsed[1]);
    expect(second.children('name').text()).toBe('multi\r\nline <b>&amp;</b>');
    expect(text).toContain('multi&#13;\nline &lt;b&gt;&amp;amp;&lt;/b&gt;');
    expect(second.find('specs > colors > value').toArray().map((el) => $(el).text())).toEqual(['red', 'black']);
    expect(second.children('rawHash').text()).toBe('a'.repeat(64));
    expect($(parsed[2]).children('alpha')).toHaveLength(0);
    expect($(parsed[2]).children('source')).toHaveLength(0);
    expect($(parsed[2]).children('note').text()).toBe('ünïcödé ✓ \uFFFD');
  });

  it('CSV: RFC 4180, well-known columns first, provenance last, then moreFields', async () => {
    const spec = feed('feed.CSV:csv');
    expect(await exportItems(store, 'run-1', spec)).toMatchObject({ format: 'csv', items: 3 });
    const records = parseCsv(readFileSync(spec.path, 'utf8'));
    expect(records[0]).toEqual(['sku', 'site', 'name', 'price', 'currency', 'url', 'alpha', 'note', 'specs', 'zeta', 'source', 'scrapedAt', 'runId', 'rawHash', 'moreFields']);
    expect(records.slice(1).map((r) => r.slice(0, 10))).toEqual([
      ['A-1', '127.0.0.1', 'Kettle, "steel"', '1234.56', 'EUR', 'http://127.0.0.1/a', '', '', '', 'z'],
      ['', '127.0.0.1', 'multi\r\nline <b>&amp;</b>', '0.1', '', 'http://127.0.0.1/b', 'true', '', '{"watts":2000,"colors":["red","black"]}', ''],
      ['C', '127.0.0.1', '', '123456789012345678901234.5678', 'USD', '', '', 'ünïcödé ✓ \u0001', '', ''],
    ]);
    expect(records[1].slice(10)).toEqual(['structured', SCRAPED_AT, 'run-1', 'a'.repeat(64), '']);
  });

  it('CSV neutralises spreadsheet formulas (OWASP) but leaves plain numbers such as a negative price alone', async () => {
    for (const [cell, written] of [
      ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'], ['+1+1', '\'+1+1'], ['-2+3+cmd|\' /C calc\'!A0', '\'-2+3+cmd|\' /C calc\'!A0'],
      ['@SUM(A1)', '\'@SUM(A1)'], ['\tx', '\'\tx'], ['\rx', '\'\rx'], ['-5.00', '-5.00'], ['+3', '+3'], ['-1e-7', '-1e-7'], ['a=b', 'a=b'], ['', ''],
      // Leading spaces or quotes do not hide a trigger.
      ['  =cmd|\' /C calc\'!A0', '\'  =cmd|\' /C calc\'!A0'], ['"=1+2', '\'"=1+2'], ["'@SUM(A1)", "''@SUM(A1)"], ['\u00a0+1+1', '\'\u00a0+1+1'], [' -x', '\' -x'],
    ]) expect(neutraliseFormula(cell)).toBe(written);
    await store.writeBatch([toStoredItem({ sku: '=cmd', name: '@evil', price: '-5.00', currency: 'EUR', note: '-x', tail: 'x;=1+2', spaced: ' =HYPERLINK("http://x")', quoted: '"=1+2' }, source({ runId: 'run-3' }))]);
    const spec = feed('formula.csv');
    await exportItems(store, 'run-3', spec);
    const [header, row] = parseCsv(readFileSync(spec.path, 'utf8'));
    const cell = (name: string) => row[header.indexOf(name)];
    expect([cell('sku'), cell('name'), cell('price'), cell('note'), cell('tail'), cell('spaced'), cell('quoted')]).toEqual(['\'=cmd', '\'@evil', '-5.00', '\'-x', 'x;=1+2', '\' =HYPERLINK("http://x")', '\'"=1+2']);
    // A `;` or tab inside a cell is quoted, so a spreadsheet splitting on it cannot start a cell with `=`.
    expect(readFileSync(spec.path, 'utf8')).toContain(',"x;=1+2"');
  });

  it('CSV neutralises the full-width triggers a Japanese Excel runs, triggers behind control characters, a leading LF, and never writes a NUL', async () => {
    // Titles as a Japanese shop writes them, and values a hostile page put NUL or ESC in front of. (Not in `sku`:
    // a SKU is stored in its NFKC form, where the full-width sign is already the ASCII one.)
    const hostile = {
      ref: '＝HYPERLINK("http://x")', name: '＋送料無料', note: '－1＋1', tag: '＠SUM(A1)',
      nul: '\u0000=cmd|\' /C calc\'!A0', esc: '\u001b=1+2', lf: '\nline', mid: 'a\u0000b', price: '-5.00', currency: 'JPY',
    };
    await store.writeBatch([toStoredItem(hostile, source({ runId: 'run-4' }))]);
    const spec = feed('wide.csv');
    await exportItems(store, 'run-4', spec);
    const text = readFileSync(spec.path, 'utf8');
    expect(text).not.toContain('\u0000');
    const [header, row] = parseCsv(text);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(['ref', 'name', 'note', 'tag', 'esc', 'lf'].map(cell)).toEqual(['\'＝HYPERLINK("http://x")', '\'＋送料無料', '\'－1＋1', '\'＠SUM(A1)', '\'\u001b=1+2', '\'\nline']);
    // NUL is the one character changed (U+FFFD, visibly): a reader dropping it would otherwise see `=cmd`; the price stays a number.
    expect([cell('nul'), cell('mid'), cell('price')]).toEqual(['\uFFFD=cmd|\' /C calc\'!A0', 'a\uFFFDb', '-5.00']);
    // The JSON feeds keep the exact value.
    const jsonl = feed('wide.jsonl');
    await exportItems(store, 'run-4', jsonl);
    expect(JSON.parse(readFileSync(jsonl.path, 'utf8').trim())).toMatchObject(hostile);
  });

  it('JSON and JSONL write a lone surrogate as U+FFFD, as CSV and XML do: strict readers refuse the escape, and the SKU must read alike in every feed', async () => {
    // A shop's API that cuts an emoji in half sends "\ud83d" escapes; JSON.parse gives a lone surrogate.
    const cut = JSON.parse('{"sku":"K-1\\ud83d","name":"Kettle \\ude00 \\ud83d\\ude00"}') as { sku: string; name: string };
    await store.writeBatch([toStoredItem({ ...cut, price: new Decimal('12.99'), currency: 'EUR' }, source({ runId: 'run-3' }))]);
    for (const format of ['jsonl', 'json', 'csv', 'xml']) {
      const spec = feed(`cut.${format}`);
      await exportItems(store, 'run-3', spec);
      const text = readFileSync(spec.path, 'utf8');
      expect(text, format).not.toMatch(/\\ud[89a-f]/i);
      expect(text, format).toContain('K-1\uFFFD');
      expect(text, format).toContain('Kettle \uFFFD 😀');
    }
  });

  it('JSON and JSONL escape what line readers split on (U+2028, U+2029, NEL) and terminals act on (C1, bidi): one record, one line, the same values', async () => {
    // Text pasted from a word processor keeps its line separator; Python's str.splitlines() and codecs readers end a line there.
    const name = 'Kettle\u2028steel\u2029set\u0085 \u009b2J \u202egnp.exe';
    await store.writeBatch([toStoredItem({ sku: 'K-2', name, price: new Decimal('12.99'), currency: 'EUR' }, source({ runId: 'run-3' }))]);
    for (const format of ['jsonl', 'json']) {
      const spec = feed(`lines.${format}`);
      await exportItems(store, 'run-3', spec);
      const text = readFileSync(spec.path, 'utf8');
      expect(text, format).not.toMatch(/[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      const records = (format === 'jsonl' ? text.trim().split('\n').map((line) => JSON.parse(line) as unknown) : JSON.parse(text)) as Array<{ name: string }>;
      expect(records.map((record) => record.name), format).toEqual([name]);
    }
  });

  it('-o appends to a feed already there (one JSON array, one XML document, one CSV header); -O overwrites it', async () => {
    for (const format of ['json', 'xml', 'csv', 'jsonl'] as FeedFormat[]) {
      const name = `twice.${format}`;
      await exportItems(store, 'run-1', feed(name, 'append'));
      await exportItems(store, 'run-2', feed(name, 'append'));
      const skus = readSkus(join(tmp.dir, name), format);
      expect(skus, format).toEqual(['A-1', '', 'C', 'elsewhere']);
      await exportItems(store, 'run-2', feed(name, 'overwrite'));
      expect(readSkus(join(tmp.dir, name), format), format).toEqual(['elsewhere']);
    }
  });

  it('a CSV appended with items that have new fields keeps its header and puts them in moreFields', async () => {
    const spec = feed('grow.csv', 'append');
    await exportItems(store, 'run-2', spec);
    await store.writeBatch([toStoredItem({ sku: 'N', price: '2', colour: 'red' }, source({ runId: 'run-4' }))]);
    await exportItems(store, 'run-4', spec);
    const records = parseCsv(readFileSync(spec.path, 'utf8'));
    expect(records).toHaveLength(3);
    expect(records[2][0]).toBe('N');
    expect(JSON.parse(records[2].at(-1)!)).toEqual({ colour: 'red' });
  });

  // Before: the header cell of a field named "@type" was written "'@type" (formula-safe) and read back so on append,
  // so the next run's "@type" values went to moreFields under a column that stayed empty.
  it('a CSV appended to keeps fields whose names start like a formula in their own columns', async () => {
    const spec = feed('formula-names.csv', 'append');
    const first = await FeedFile.open(spec);
    await first.append([{ sku: 'A', '@type': 'Product', '-discount': '5', '=x': 'one' }]);
    await first.close();
    const second = await FeedFile.open(spec);
    await second.append([{ sku: 'B', '@type': 'Offer', '-discount': '7', '=x': 'two' }]);
    await second.close();
    const [header, ...rows] = parseCsv(readFileSync(spec.path, 'utf8'));
    expect(header).toEqual(['sku', "'-discount", "'=x", "'@type", 'moreFields']);
    expect(rows).toEqual([
      ['A', '5', 'one', 'Product', ''],
      ['B', '7', 'two', 'Offer', ''],
    ]);
  });

  it('a new CSV feed whose first flush failed writes its header with the next one', async () => {
    // Before: the failed flush had fixed the columns, so the next one wrote records under no header at all.
    const spec = feed('first.csv', 'append');
    const file = await FeedFile.open(spec);
    const refused = file.append([{ sku: 'A', price: '1.00' }], () => Promise.reject(new Error('the journal is on a full disk')));
    await expect(refused).rejects.toThrow('full disk');
    await file.append([{ sku: 'B', price: '2.00' }]);
    await file.close();
    const [header, ...rows] = parseCsv(readFileSync(spec.path, 'utf8'));
    expect(header.slice(0, 2)).toEqual(['sku', 'price']);
    expect(rows.map((row) => row.slice(0, 2))).toEqual([['B', '2.00']]);
  });

  it('refuses to append to a file that is not a feed of that format, naming it and -O', async () => {
    const foreign = join(tmp.dir, 'notes.json');
    writeFileSync(foreign, '{"a": 1}\n');
    const error = await exportItems(store, 'run-1', parseFeedSpec(foreign, 'append')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedUnusableError);
    expect((error as Error).message).toContain(`-O ${foreign}`);
    expect((error as Error).message).not.toContain('.partial'); // the hidden copy it appends to is no name to tell
    expect(readFileSync(foreign, 'utf8')).toBe('{"a": 1}\n');
    writeFileSync(join(tmp.dir, 'sheet.csv'), 'a,b\r\n1,2\r\n');
    await expect(exportItems(store, 'run-1', feed('sheet.csv', 'append'))).rejects.toBeInstanceOf(FeedUnusableError);
  });

  it('takes the format from the extension or file:format, and refuses an unsupported one naming the supported', () => {
    expect(parseFeedSpec('out/items.ndjson', 'append')).toMatchObject({ format: 'jsonl', mode: 'append' });
    expect(parseFeedSpec('items.txt:json', 'overwrite')).toMatchObject({ format: 'json', mode: 'overwrite' });
    for (const bad of ['items.xlsx', 'items', 'items.csv:parquet']) {
      const error = (() => {
        try {
          return parseFeedSpec(bad, 'append');
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(ExportFormatError);
      expect((error as ExportFormatError).code).toBe('EXPORT_FORMAT_UNSUPPORTED');
      expect((error as Error).message).toContain('jsonl, json, csv, xml');
    }
    expect(() => feedSpecs(['a.json'], ['./a.json'])).toThrow(/named twice/);
  });

  it('orders columns by the well-known names present, then the rest in code-unit order', () => {
    expect(csvColumns(['b', 'url', 'runId', 'B', 'sku', 'a'])).toEqual(['sku', 'url', 'B', 'a', 'b', 'runId', 'moreFields']);
  });
});
