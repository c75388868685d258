// Buffers rows and writes them in one SQLite transaction per batch: when the batch is full, when it is old enough, or on flush.
import type { Transaction } from 'better-sqlite3';
import type Database from 'better-sqlite3';
import { FILE_MOVED_CODE } from '../../src/engine/storage-failure';
import { assertFileInPlace } from './file-in-place';

export interface GroupCommitOptions {
  /** Rows per transaction before the buffer writes without waiting for the timer. */
  maxRows: number;
  /** How long the first buffered row may wait for others, ms. */
  maxDelayMs: number;
}

export const DEFAULT_GROUP_COMMIT: GroupCommitOptions = { maxRows: 256, maxDelayMs: 250 };

/**
 * One COMMIT per row is a WAL append and a lock round per fetch; one per batch costs the same once.
 * A failed write leaves its rows buffered (the transaction rolled back, so none are half-written):
 * the timer and the size trigger swallow the error and keep the rows, `flush()` tries again and throws.
 */
export class GroupCommitBuffer<Row> {
  private pending: Row[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The file was deleted or replaced under the connection: no later write can reach it, so add() refuses at once. */
  private moved: unknown = null;
  /** Run with `.immediate`: the write lock is taken (waiting out the busy timeout) at BEGIN, never upgraded mid-transaction. */
  private readonly writeAll: Transaction<(rows: Row[]) => void>;

  constructor(private readonly db: Database.Database, insert: Database.Statement, private readonly options: GroupCommitOptions = DEFAULT_GROUP_COMMIT) {
    this.writeAll = db.transaction((rows: Row[]) => {
      for (const row of rows) insert.run(row);
    });
  }

  get size(): number {
    return this.pending.length;
  }

  add(row: Row): void {
    // Deferred to the next flush(), the crawl ran to its end logging into a deleted fetch-log.sqlite: a
    // "finished" run, exit 0, whose fetch log was gone. Refused where the row is recorded, it stops the crawl.
    if (this.moved !== null) throw this.moved;
    this.pending.push(row);
    if (this.pending.length >= this.options.maxRows) this.tryWrite();
    else if (this.timer === null) {
      // Unref'd: a buffered row must not keep a finished process alive; close() flushes it.
      this.timer = setTimeout(() => this.tryWrite(), this.options.maxDelayMs).unref();
    }
  }

  /** Writes everything buffered now; throws if the write fails (the rows stay buffered). */
  flush(): void {
    this.clearTimer();
    if (this.pending.length === 0) return;
    const rows = this.pending;
    this.writeAll.immediate(rows);
    // Written means in the file the storage dir names: rows committed to a deleted one stay buffered, and refused.
    assertFileInPlace(this.db);
    // Rows recorded during the write cannot exist (it is synchronous), so the whole buffer is done.
    this.pending = [];
  }

  /** Stops the timer without writing (the caller flushed or gives up). */
  stop(): void {
    this.clearTimer();
  }

  private tryWrite(): void {
    try {
      this.flush();
    } catch (error) {
      // Kept for the next flush(), which reports the error to someone who can act on it.
      if ((error as { code?: unknown }).code === FILE_MOVED_CODE) this.moved = error;
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
