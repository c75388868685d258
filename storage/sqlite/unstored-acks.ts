// A resumed run's acknowledgements that its item store does not back: those requests go back to the queue.
import { ackUnbacked, ITEMS_MISSING } from '../../src/frontier/unbacked-ack';
import type { SqliteDb } from './open-frontier-db';

/**
 * A request is acknowledged only after its items are durable, so on one storage dir the item store always holds
 * what the frontier's acks stand for. A dir copied file by file while a crawl wrote (a live `cp -a`, a backup
 * tool walking the folder) can pair an items file with a later frontier: the products acknowledged in between
 * were missing from the resumed run, which ended finished and balanced. `stored`: the item store's requests with
 * rows and their greatest lease token (ItemStore.storedRequests). A request acknowledged with items whose rows are
 * absent, or older than the lease the ack stands for, is pending again (its lease token kept: the refetch retires
 * what an older lease left). Returns how many; the caller reloads the pending hosts.
 */
export function requeueUnstoredAcks(db: SqliteDb, runId: string, stored: ReadonlyMap<string, number | null>): number {
  const acked = db.prepare(`SELECT id, items_fence AS fence FROM requests INDEXED BY requests_run WHERE run_id = ? AND state = 'succeeded' AND items_fence IS NOT NULL`);
  const requeue = db.prepare(
    `UPDATE requests SET state = 'pending', not_before = 0, status = NULL, items_fence = NULL, reason = '${ITEMS_MISSING}' WHERE id = ? AND run_id = ? AND state = 'succeeded'`,
  );
  const unstored = (acked.all(runId) as Array<{ id: number; fence: number }>).filter(({ id, fence }) => ackUnbacked(String(id), fence, stored));
  db.transaction(() => {
    for (const { id } of unstored) requeue.run(id, runId);
  }).immediate();
  return unstored.length;
}
