// Reads a feed file back with a parser for its format, for tests: whole records, or only their skus.
import { readFileSync } from 'node:fs';
import { load } from 'cheerio';
import type { FeedFormat } from '../../src/app/export/feed-spec';
import { parseCsv } from './parse-csv';

/** The sku of every record of a feed file, parsed with a reader for its format. */
export function readSkus(path: string, format: FeedFormat): string[] {
  const text = readFileSync(path, 'utf8');
  if (format === 'json') return (JSON.parse(text) as Array<{ sku?: string }>).map((r) => r.sku ?? '');
  if (format === 'jsonl') return text.trim().split('\n').map((line) => (JSON.parse(line) as { sku?: string }).sku ?? '');
  if (format === 'csv') {
    const [header, ...rows] = parseCsv(text);
    return rows.map((row) => row[header.indexOf('sku')]);
  }
  if (text.match(/<\?xml/g)?.length !== 1) throw new Error('not one XML document');
  const $ = load(text, { xml: true });
  return $('items > item').toArray().map((item) => $(item).children('sku').text());
}
