// The queue-changes journal: hosts whose requests another client of the run's queue made pending, for the frontier to adopt.
import type { SqliteDb } from './open-frontier-db';

/**
 * The embedded frontier keeps each host's pending count in memory and leaves a host alone once it
 * believes it drained. A Crawlee client writing to the same run (another process, or this one through
 * the queue client) adds requests or hands leases back without the frontier seeing it, so it notes the
 * host here; the frontier reads the journal whenever it has nothing to lease and recounts those hosts.
 * One row per (run, host), its seq moved forward on every note: the table stays as small as the host list.
 */
export class QueueChanges {
  private readonly noteStatement;
  private readonly sinceStatement;
  private readonly latestStatement;

  constructor(db: SqliteDb) {
    this.noteStatement = db.prepare(
      `INSERT INTO queue_changes (run_id, host, seq) VALUES (@runId, @host, (SELECT COALESCE(MAX(seq), 0) + 1 FROM queue_changes WHERE run_id = @runId))
       ON CONFLICT (run_id, host) DO UPDATE SET seq = excluded.seq`,
    );
    this.sinceStatement = db.prepare('SELECT host, seq FROM queue_changes WHERE run_id = ? AND seq > ? ORDER BY seq');
    this.latestStatement = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM queue_changes WHERE run_id = ?').pluck();
  }

  /** Call inside the write that made the host's requests pending, so both commit together. */
  note(runId: string, host: string): void {
    this.noteStatement.run({ runId, host });
  }

  latest(runId: string): number {
    return this.latestStatement.get(runId) as number;
  }

  since(runId: string, seq: number): Array<{ host: string; seq: number }> {
    return this.sinceStatement.all(runId, seq) as Array<{ host: string; seq: number }>;
  }
}
