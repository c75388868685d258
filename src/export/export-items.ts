// Feed exports of a run's items: the format follows the file extension (.jsonl, .csv).
import { extname } from 'node:path';
import type { ItemStore } from '../../storage/item-store';
import { csvColumns, csvRecord } from './csv-format';
import { AtomicFileWriter } from './file-writer';
import { PricecrawlError } from '../core/errors';

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportResult {
  path: string;
  format: ExportFormat;
  items: number;
}

export class ExportFormatError extends PricecrawlError {
  constructor(message: string) {
    super('EXPORT_FORMAT_UNSUPPORTED', message);
  }
}

export function exportFormatOf(path: string): ExportFormat {
  const extension = extname(path).slice(1).toLowerCase();
  if ((EXPORT_FORMATS as readonly string[]).includes(extension)) return extension as ExportFormat;
  throw new ExportFormatError(
    `cannot export to "${path}": unsupported extension "${extname(path) || '(none)'}"; supported: ${EXPORT_FORMATS.map((f) => `.${f}`).join(', ')}`,
  );
}

/** Streams the run's items (their `data`) to `path`; nothing is held in memory beyond one row. */
export async function exportItems(store: ItemStore, runId: string, path: string): Promise<ExportResult> {
  const format = exportFormatOf(path);
  const writer = new AtomicFileWriter(path);
  await writer.open();
  try {
    const items = format === 'csv' ? await writeCsv(store, runId, writer) : await writeJsonl(store, runId, writer);
    await writer.commit();
    return { path, format, items };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

async function writeJsonl(store: ItemStore, runId: string, writer: AtomicFileWriter): Promise<number> {
  let count = 0;
  for await (const item of store.iterateItems(runId)) {
    await writer.write(`${JSON.stringify(item.data)}\n`);
    count += 1;
  }
  return count;
}

/**
 * Two passes over the store: the header needs every field before the first row is written.
 * The second pass stops at the first pass's row count, so rows appended in between (a run
 * still writing) cannot appear with columns the header lacks.
 */
async function writeCsv(store: ItemStore, runId: string, writer: AtomicFileWriter): Promise<number> {
  const fields = new Set<string>();
  let total = 0;
  for await (const item of store.iterateItems(runId)) {
    for (const field of Object.keys(item.data)) fields.add(field);
    total += 1;
  }
  const columns = csvColumns(fields);
  if (columns.length > 0) await writer.write(csvRecord(columns));
  let count = 0;
  for await (const item of store.iterateItems(runId)) {
    if (count === total) break;
    await writer.write(csvRecord(columns.map((column) => item.data[column])));
    count += 1;
  }
  return count;
}
