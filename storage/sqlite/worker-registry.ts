// Registers this process as a frontier worker, keeps its heartbeat, and finds workers that died.
import { randomUUID } from 'node:crypto';
import type { SqliteDb } from './open-frontier-db';
import { isPidAlive, thisHostname, thisProcessStartTicks } from '../process-liveness';

/** Workers of this process that closed: gone although the pid lives (their row may remain if the disk was full). */
const closedHere = new Set<string>();

export interface WorkerRegistryOptions {
  workerId?: string;
  heartbeatEveryMs?: number;
  /** A worker on another machine is presumed dead when its heartbeat is older than this. */
  staleAfterMs?: number;
}

interface HolderRow {
  holder: string;
  pid: number | null;
  hostname: string | null;
  heartbeat_at: number | null;
  start_ticks: string | null;
}

interface WorkerRow {
  worker_id: string;
  pid: number;
  hostname: string;
  heartbeat_at: number;
}

export class WorkerRegistry {
  readonly workerId: string;
  private readonly hostname = thisHostname;
  private readonly staleAfterMs: number;
  private timer: NodeJS.Timeout | null = null;
  private readonly beat: () => void;

  constructor(
    private readonly db: SqliteDb,
    options: WorkerRegistryOptions = {},
  ) {
    this.workerId = options.workerId ?? `${this.hostname}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.staleAfterMs = options.staleAfterMs ?? 60_000;
    // Heartbeats are wall-clock time on purpose: other processes compare them to their own wall clock.
    const now = Date.now();
    db.prepare(
      `INSERT INTO workers (worker_id, pid, hostname, started_at, heartbeat_at, start_ticks) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (worker_id) DO UPDATE SET pid = excluded.pid, hostname = excluded.hostname,
         heartbeat_at = excluded.heartbeat_at, start_ticks = excluded.start_ticks`,
    ).run(this.workerId, process.pid, this.hostname, now, now, thisProcessStartTicks);
    const update = db.prepare('UPDATE workers SET heartbeat_at = ? WHERE worker_id = ?');
    this.beat = () => {
      try {
        update.run(Date.now(), this.workerId);
      } catch {
        // A full disk or a busy file: the next beat tries again; only a worker on another machine reads it.
      }
    };
    this.timer = setInterval(this.beat, options.heartbeatEveryMs ?? 5_000);
    // A heartbeat must never keep a finished crawl alive.
    this.timer.unref();
  }

  /**
   * Holders of in_progress rows that are gone: same machine and the process is not alive by the exact
   * check (gone, a zombie, or its pid reused by a later process), another machine and the heartbeat is
   * stale, or no worker row at all (closed without finishing).
   */
  deadHolders(runId: string): string[] {
    // Without the hint SQLite walked requests_run, every row of the run: ~0.3-0.5 s per million rows at each open.
    const holders = this.db
      .prepare(
        `SELECT DISTINCT r.worker_id AS holder, w.pid AS pid, w.hostname AS hostname, w.heartbeat_at AS heartbeat_at, w.start_ticks AS start_ticks
         FROM requests r INDEXED BY requests_leased LEFT JOIN workers w ON w.worker_id = r.worker_id
         WHERE r.run_id = ? AND r.state = 'in_progress'`,
      )
      .all(runId) as HolderRow[];
    return holders.filter((row) => row.holder !== this.workerId && this.isGoneRow(row)).map((row) => row.holder);
  }

  /** Whether another worker is gone, by the same exact check (`deadHolders`); a worker with no row is gone. */
  isGone(workerId: string): boolean {
    if (workerId === this.workerId) return false;
    const row = this.db.prepare('SELECT worker_id AS holder, pid, hostname, heartbeat_at, start_ticks FROM workers WHERE worker_id = ?').get(workerId) as HolderRow | undefined;
    return this.isGoneRow(row ?? { holder: workerId, pid: null, hostname: null, heartbeat_at: null, start_ticks: null });
  }

  private isGoneRow(row: HolderRow): boolean {
    if (row.pid === null || closedHere.has(row.holder)) return true;
    if (row.hostname === this.hostname) return !isPidAlive(row.pid, row.start_ticks);
    return Date.now() - (row.heartbeat_at ?? 0) > this.staleAfterMs;
  }

  /** Puts dead workers' leases back to pending at once: no lock timeout to wait out. */
  reclaimDead(runId: string): number {
    const dead = this.deadHolders(runId);
    if (dead.length === 0) return 0;
    const reclaim = this.db.prepare(
      `UPDATE requests SET state = 'pending', worker_id = NULL
       WHERE run_id = ? AND state = 'in_progress' AND worker_id = ?`,
    );
    const forget = this.db.prepare('DELETE FROM workers WHERE worker_id = ?');
    let reclaimed = 0;
    this.db.transaction(() => {
      for (const holder of dead) {
        reclaimed += reclaim.run(runId, holder).changes;
        forget.run(holder);
      }
    }).immediate();
    return reclaimed;
  }

  workers(): WorkerRow[] {
    return this.db.prepare('SELECT worker_id, pid, hostname, heartbeat_at FROM workers').all() as WorkerRow[];
  }

  heartbeat(): void {
    this.beat();
  }

  /** Leaves the registry: anything still leased by us is reclaimable by the next opener. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    closedHere.add(this.workerId);
    try {
      this.db.prepare('DELETE FROM workers WHERE worker_id = ?').run(this.workerId);
    } catch {
      // A full disk: the row stays, and the exact liveness check finds this process gone once it is.
    }
  }
}
