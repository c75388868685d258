// One running scheduled run per spider across processes: a row per spider in frontier.sqlite, held while its pid lives.
import type { Transaction } from 'better-sqlite3';
import type { SqliteDb } from './open-frontier-db';
import type { LockHolder, LockResult, ScheduleLock } from '../../src/ports/run-record-store';
import { isPidAlive, processStartTicks, thisHostname } from '../process-liveness';
import { addColumnIfMissing } from './add-column';
import { acquireFrontierConnection, type FrontierConnection } from './frontier-connection';

const DDL = `CREATE TABLE IF NOT EXISTS schedule_locks (
  spider TEXT PRIMARY KEY, run_id TEXT NOT NULL, pid INTEGER NOT NULL, hostname TEXT NOT NULL, locked_at INTEGER NOT NULL
) STRICT;`;

export class SqliteScheduleLock implements ScheduleLock {
  private readonly take: Transaction<(spider: string, runId: string, pid: number, nowMs: number) => LockResult>;

  private readonly db: SqliteDb;

  constructor(private readonly connection: FrontierConnection) {
    const db = connection.db;
    this.db = db;
    db.exec(DDL);
    // The holder's start time beside its pid (files made before it have none: those holders are judged by pid alone).
    addColumnIfMissing(db, 'schedule_locks', 'start_ticks', 'TEXT');
    // IMMEDIATE: the check and the claim happen under SQLite's write lock, so two schedulers cannot both win.
    this.take = db.transaction((spider: string, runId: string, pid: number, nowMs: number): LockResult => {
        const row = db.prepare('SELECT run_id AS runId, pid, hostname, locked_at AS lockedAtMs, start_ticks AS startTicks FROM schedule_locks WHERE spider = ?').get(spider) as HolderRow | undefined;
        if (row && row.runId !== runId && isHeld(row)) return { ok: false, holder: { runId: row.runId, pid: row.pid, hostname: row.hostname, lockedAtMs: row.lockedAtMs } };
        db.prepare('INSERT OR REPLACE INTO schedule_locks (spider, run_id, pid, hostname, locked_at, start_ticks) VALUES (?, ?, ?, ?, ?, ?)').run(spider, runId, pid, thisHostname, nowMs, processStartTicks(pid));
        return { ok: true };
      });
  }

  /** Claims the spider for `runId` unless a live process holds it (a dead holder's claim is taken over). */
  static open(dir: string): SqliteScheduleLock {
    return new SqliteScheduleLock(acquireFrontierConnection(dir));
  }

  async tryLock(spider: string, runId: string, pid: number, nowMs: number): Promise<LockResult> {
    return this.take.immediate(spider, runId, pid, nowMs);
  }

  /** Hands the claim to the child process that runs the crawl, so it stays held as long as the crawl lives. */
  async transfer(spider: string, runId: string, pid: number): Promise<void> {
    this.db.prepare('UPDATE schedule_locks SET pid = ?, start_ticks = ? WHERE spider = ? AND run_id = ?').run(pid, processStartTicks(pid), spider, runId);
  }

  async unlock(spider: string, runId: string): Promise<void> {
    this.db.prepare('DELETE FROM schedule_locks WHERE spider = ? AND run_id = ?').run(spider, runId);
  }

  /** A claim here holds while its process lives (no lease to run out): no other process takes it from a live holder. */
  onLost(): void {}

  async close(): Promise<void> {
    this.connection.release();
  }
}

type HolderRow = LockHolder & { startTicks: string | null };

/**
 * A holder on this machine is checked by pid and start time: by pid alone, a crashed holder whose pid the
 * kernel gave to a long-lived process (a container restarted, pids counted from 1 again) held the spider for
 * good, every tick skipped. One on another machine sharing the file cannot be checked and counts as held
 * (SQLite storage is meant for one machine; remove its row by hand if it died).
 */
function isHeld(holder: HolderRow): boolean {
  return holder.hostname === thisHostname ? isPidAlive(holder.pid, holder.startTicks) : true;
}
