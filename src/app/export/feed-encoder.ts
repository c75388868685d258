// Per-format text of a feed: what opens and closes the file and how records are written between.
import { csvColumns, csvRecord, csvRow } from './csv-format';
import { terminalSafeJson } from '../../core/terminal-safe';
import type { FeedFormat } from './feed-spec';
import { XML_FOOTER, XML_HEADER, xmlItem } from './xml-format';

export interface FeedEncoder {
  /** Written once at the start of a new file (CSV: only once its columns are known). */
  header(): string;
  /** Closes the file; rewritten after every flush so the file on disk is always complete. */
  readonly footer: string;
  /** Records as text; `continuing`: records already stand before them in the file. */
  records(records: readonly Record<string, unknown>[], continuing: boolean): string;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * One record as JSON with every string well-formed: a lone surrogate (a shop's API cutting an emoji in half,
 * `"Kettle \\ud83d"`) was written as that escape, which I-JSON (RFC 7493) forbids and strict readers (Rust's
 * serde_json, .NET's System.Text.Json) refuse, failing the whole feed; it becomes U+FFFD, as in the CSV and
 * XML feeds and the stores (UTF-8 cannot hold it), so one item reads alike in every feed. The line separators
 * and controls JSON.stringify leaves raw are escaped (same values): one record stays one line to any reader.
 */
const jsonRecord = (record: Record<string, unknown>): string =>
  terminalSafeJson(JSON.stringify(record, (_key, value: unknown) => (typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value)));

const jsonl: FeedEncoder = {
  header: () => '',
  footer: '',
  records: (records) => records.map((record) => `${jsonRecord(record)}\n`).join(''),
};

/** One array; each record on its own line, so the file stays readable and diffable. */
const json: FeedEncoder = {
  header: () => '[',
  footer: '\n]\n',
  records: (records, continuing) => records.map((record, i) => `${continuing || i > 0 ? ',' : ''}\n${jsonRecord(record)}`).join(''),
};

const xml: FeedEncoder = {
  header: () => XML_HEADER,
  footer: XML_FOOTER,
  records: (records) => records.map(xmlItem).join(''),
};

/** CSV's header is its columns: given (an existing file's header, an export's union of fields) or taken from the first records. */
class CsvEncoder implements FeedEncoder {
  readonly footer = '';
  constructor(private columns: string[] | null) {}

  header(): string {
    return this.columns ? csvRecord(this.columns) : '';
  }

  records(records: readonly Record<string, unknown>[]): string {
    const columns = this.columnsFor(records);
    return records.map((record) => csvRow(columns, record)).join('');
  }

  /** Fixes the columns from the first records when none are set; the caller writes header() right after. */
  columnsFor(records: readonly Record<string, unknown>[]): string[] {
    this.columns ??= csvColumns(records.flatMap((record) => Object.keys(record)));
    return this.columns;
  }

  get hasColumns(): boolean {
    return this.columns !== null;
  }
}

export function feedEncoder(format: FeedFormat, csvColumnsGiven: string[] | null = null): FeedEncoder {
  if (format === 'csv') return new CsvEncoder(csvColumnsGiven);
  return { jsonl, json, xml }[format];
}

export function isCsvEncoder(encoder: FeedEncoder): encoder is CsvEncoder {
  return encoder instanceof CsvEncoder;
}
