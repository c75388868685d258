// What a live feed holds, kept beside the run's storage: per flush the run, where its records went in the feed, and their keys.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFile } from '../../core/replace-file';
import type { FlushMark } from './feed-file';

export interface JournalLine extends FlushMark {
  runId: string;
  keys: string[];
}

/**
 * One JSON line per flush, appended and fsynced before the feed's own write: where the records go, their
 * sha1 and keys. A resumed run counts a line's keys as written only if the feed still holds those bytes
 * there, so a kill between the line and the write, a feed changed by hand, or other runs appending to the
 * same feed meanwhile cost no record and repeat none. (Written after the feed's write and trusted by the
 * file's length, a resume cut the feed back to its run's last line: the records another run had appended
 * since were lost; and a new run's start deleted the lines of a run still to resume, which then wrote its
 * records a second time.) Kept in the storage directory, not beside the feed.
 */
export class FeedJournal {
  private constructor(readonly path: string) {}

  static async at(storageDir: string, feedPath: string): Promise<FeedJournal> {
    const dir = join(storageDir, 'feeds');
    await mkdir(dir, { recursive: true });
    return new FeedJournal(join(dir, `${createHash('sha1').update(feedPath).digest('hex').slice(0, 16)}.journal`));
  }

  /** The lines of this run (a line a kill cut short, and lines of journals before flush marks, are none). */
  linesOf(runId: string): JournalLine[] {
    return this.lines().filter((line) => line.runId === runId);
  }

  async record(runId: string, mark: FlushMark, keys: readonly string[]): Promise<void> {
    await appendFile(this.path, `${JSON.stringify({ runId, ...mark, keys })}\n`);
    const handle = await open(this.path, 'r');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  /** A run's feed is complete: its lines go, the lines of runs still to resume stay. */
  async forget(runId: string): Promise<void> {
    const kept = this.lines().filter((line) => line.runId !== runId);
    if (kept.length === 0) return this.reset();
    replaceFile(this.path, kept.map((line) => `${JSON.stringify(line)}\n`).join(''));
  }

  /** A feed started afresh (-O) begins a new journal. */
  async reset(): Promise<void> {
    await rm(this.path, { force: true });
  }

  private lines(): JournalLine[] {
    if (!existsSync(this.path)) return [];
    const lines = readFileSync(this.path, 'utf8').split('\n');
    lines.pop(); // the text after the last newline is empty, or a line a kill cut short
    return lines.map((line) => JSON.parse(line) as JournalLine).filter((line) => typeof line.sha1 === 'string');
  }
}
