// What a live feed holds, kept beside the run's storage: per flush the run, the file's length and the item keys.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';

export interface JournalState {
  /** The feed's length at the run's last recorded flush. */
  recordBytes: number;
  /** Keys of the run's items already in the feed. */
  keys: Set<string>;
}

/**
 * One JSON line per flush, appended and fsynced after the feed's own write: a line names bytes that
 * are durably in the feed; bytes past the last line (a kill between the two writes) are cut on resume
 * and their items written again from the store. Kept in the storage directory, not beside the feed.
 */
export class FeedJournal {
  private constructor(readonly path: string) {}

  static async at(storageDir: string, feedPath: string): Promise<FeedJournal> {
    const dir = join(storageDir, 'feeds');
    await mkdir(dir, { recursive: true });
    return new FeedJournal(join(dir, `${createHash('sha1').update(feedPath).digest('hex').slice(0, 16)}.journal`));
  }

  /** What this run wrote to the feed, when the journal's last complete line is this run's; else null. */
  read(runId: string): JournalState | null {
    if (!existsSync(this.path)) return null;
    const lines = readFileSync(this.path, 'utf8').split('\n');
    lines.pop(); // the text after the last newline is empty, or a line a kill cut short
    const entries = lines.map((line) => JSON.parse(line) as { runId: string; recordBytes: number; keys: string[] });
    const last = entries.at(-1);
    if (!last || last.runId !== runId) return null;
    const keys = new Set<string>();
    for (const entry of entries) if (entry.runId === runId) for (const key of entry.keys) keys.add(key);
    return { recordBytes: last.recordBytes, keys };
  }

  async record(runId: string, recordBytes: number, keys: readonly string[]): Promise<void> {
    await appendFile(this.path, `${JSON.stringify({ runId, recordBytes, keys })}\n`);
    const handle = await open(this.path, 'r');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  /** A feed started afresh (a new run, or -O) begins a new journal. */
  async reset(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
