// Prepared statements the Crawlee queue client needs beyond the frontier's own: lookups, updates, unlock, head.
import type { FrontierStatement } from './frontier-statements';
import type { SqliteDb } from './open-frontier-db';

export interface QueueRow {
  id: number;
  fingerprint: string;
  host: string;
  state: 'pending' | 'in_progress' | 'succeeded' | 'failed';
  attempt: number;
  worker_id: string | null;
  json: string;
}

const COLUMNS = 'id, fingerprint, host, state, attempt, worker_id, json';

/** Named so the package's declarations can refer to the statements (a run's whole queue is deleted in one transaction). */
export type QueueStatements = Record<'byId' | 'byFingerprint' | 'leasedBy' | 'anyLeased' | 'newRows' | 'lastId' | 'pendingHosts' | 'head' | 'setJson' | 'setPriority' | 'settle' | 'unlock', FrontierStatement> & { deleteRun(runId: string): void };

/** Like the frontier's outcome statements, every write names the state it expects, so a race changes nothing. */
export function queueStatements(db: SqliteDb): QueueStatements {
  const deleteRequests = db.prepare('DELETE FROM requests WHERE run_id = ?');
  const deleteChanges = db.prepare('DELETE FROM queue_changes WHERE run_id = ?');
  const deleteRunRow = db.prepare('DELETE FROM runs WHERE run_id = ?');
  return {
    byId: db.prepare(`SELECT ${COLUMNS} FROM requests WHERE id = ? AND run_id = ?`),
    byFingerprint: db.prepare('SELECT id, state FROM requests WHERE run_id = ? AND fingerprint = ?'),
    leasedBy: db.prepare(`SELECT ${COLUMNS} FROM requests INDEXED BY requests_leased WHERE run_id = ? AND state = 'in_progress' AND worker_id = ?`),
    anyLeased: db.prepare(`SELECT 1 FROM requests INDEXED BY requests_leased WHERE run_id = ? AND state = 'in_progress' LIMIT 1`),
    /** New rows in insertion order (requests_run: entries never move), for hosts the client's heap does not know yet. */
    newRows: db.prepare('SELECT id, host, state FROM requests INDEXED BY requests_run WHERE run_id = ? AND id > ? ORDER BY id'),
    lastId: db.prepare('SELECT COALESCE(MAX(id), 0) FROM requests INDEXED BY requests_run WHERE run_id = ?').pluck(),
    pendingHosts: db.prepare(
      `SELECT host, MIN(not_before) AS at FROM requests INDEXED BY requests_pick WHERE run_id = ? AND state = 'pending' GROUP BY host`,
    ),
    /** Without locking: round r holds each ready host's r-th request, as the per-host pick would hand them out. */
    head: db.prepare(
      `SELECT ${COLUMNS} FROM (
         SELECT ${COLUMNS}, ROW_NUMBER() OVER (PARTITION BY host ORDER BY priority DESC, id) AS turn
         FROM requests INDEXED BY requests_pick WHERE run_id = @runId AND state = 'pending' AND not_before <= @nowMs
       ) ORDER BY turn, id LIMIT @limit`,
    ),
    setJson: db.prepare('UPDATE requests SET json = ?, attempt = ?, priority = COALESCE(?, priority) WHERE id = ?'),
    setPriority: db.prepare('UPDATE requests SET priority = ? WHERE id = ?'),
    /** Settles a pending row, or one this client leased. */
    settle: db.prepare(
      `UPDATE requests SET state = ?, reason = ?, failed_at = ?, worker_id = NULL
       WHERE id = ? AND run_id = ? AND (state = 'pending' OR (state = 'in_progress' AND worker_id = ?))`,
    ),
    unlock: db.prepare(
      `UPDATE requests SET state = 'pending', worker_id = NULL, not_before = 0, priority = COALESCE(?, priority)
       WHERE id = ? AND run_id = ? AND state = 'in_progress' AND worker_id = ?`,
    ),
    deleteRun: db.transaction((runId: string) => {
      deleteRequests.run(runId);
      deleteChanges.run(runId);
      deleteRunRow.run(runId);
    }),
  };
}
