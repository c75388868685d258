// `pricecrawl export`: a past run's items from the store written to a feed file, in any feed format.
import { copyFile, rename, rm } from 'node:fs/promises';
import { fileToReplace, NotAFileError } from '../../core/file-to-replace';
import { tempPathBeside } from '../../core/replace-file';
import type { ItemStore } from '../../ports/item-store';
import { csvColumns } from './csv-format';
import { exportRecord } from './export-record';
import { FeedFile, FeedUnusableError } from './feed-file';
import { FeedWriteError } from './feed-write-error';
import type { FeedFormat, FeedSpec } from './feed-spec';

export interface ExportResult {
  path: string;
  format: FeedFormat;
  items: number;
}

const BATCH = 500;

/**
 * Written to a hidden file beside the feed and renamed over it once complete. Why: truncated first (`-O`)
 * and written batch by batch, an export killed part-way (or stopped by a full disk) left a well-formed
 * feed holding part of the run, or none of it, in place of the previous one. `-o` appended in place the
 * same way: killed, the feed held yesterday's records and part of the run, well-formed, and the export run
 * again appended that part twice; now the feed is copied to the hidden file and the run appended there. A
 * rename within one directory is atomic: a reader sees the old feed or the whole new one.
 */
export async function exportItems(store: ItemStore, runId: string, spec: FeedSpec): Promise<ExportResult> {
  const target = feedTarget(spec.path);
  const temp = tempPathBeside(target);
  try {
    if (spec.mode === 'append') await copyFile(target, temp).catch(unlessAbsent);
    const result = await writeFeed(store, runId, { ...spec, path: temp });
    await rename(temp, target);
    return { ...result, path: spec.path };
  } catch (error) {
    await rm(temp, { force: true });
    // Named by the feed asked for, not the hidden file it was written to.
    if (error instanceof FeedUnusableError) throw new FeedUnusableError(error.message.replaceAll(temp, spec.path));
    throw error instanceof FeedWriteError ? error.retold(spec.path, 'the feed there is left as it was; make room and run the export again') : error;
  }
}

/** The file the feed's path names (through symlinks), refused as unusable when that is no regular file (a FIFO, /dev/stdout). */
function feedTarget(path: string): string {
  try {
    return fileToReplace(path);
  } catch (error) {
    throw new FeedUnusableError(error instanceof NotAFileError ? error.message : `${path}: ${(error as Error).message}`);
  }
}

/** No feed yet: `-o` starts one, as Scrapy does. */
function unlessAbsent(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}

/** Streams the run's items to the feed; nothing is held in memory beyond one batch (CSV reads the store twice for its header). */
async function writeFeed(store: ItemStore, runId: string, spec: FeedSpec): Promise<ExportResult> {
  const columns = spec.format === 'csv' ? await allColumns(store, runId) : null;
  const feed = await FeedFile.open(spec, columns);
  let items = 0;
  try {
    let batch: Record<string, unknown>[] = [];
    for await (const item of store.iterateItems(runId)) {
      batch.push(exportRecord(item));
      items += 1;
      if (batch.length >= BATCH) {
        await feed.append(batch);
        batch = [];
      }
    }
    await feed.append(batch);
  } finally {
    await feed.close();
  }
  return { path: spec.path, format: spec.format, items };
}

/** The union of the run's fields, so a new CSV's header has a column for every one (an appended file keeps its own). */
async function allColumns(store: ItemStore, runId: string): Promise<string[] | null> {
  const fields = new Set<string>();
  for await (const item of store.iterateItems(runId)) for (const field of Object.keys(exportRecord(item))) fields.add(field);
  return fields.size > 0 ? csvColumns(fields) : null;
}
