// The lease fence on item rows: a row written under an older lease never replaces one written under a newer lease.
import type { StoredItem } from '../src/ports/item-store';

/**
 * The upsert's condition (SQLite and PostgreSQL alike): replace the stored row unless both rows carry a lease
 * token and the stored one is greater. A worker stopped past its lease reads its old answer when it runs again,
 * after the worker that took the request over stored the newer item; its write then leaves that row as it is.
 * An equal token is the same lease writing again (a batch retried) and replaces. A row without a token (the
 * embedded frontier's, or one written before the column) is replaced as every row was before.
 */
export const NEWER_LEASE_WINS = 'WHERE items.lease_fence IS NULL OR excluded.lease_fence IS NULL OR excluded.lease_fence >= items.lease_fence';

/**
 * A request that failed under a newer lease (ItemStore.retireRequest) keeps its token in retired_requests: an item
 * of an older lease of it is refused whether or not a row of its key exists. `alias` names the incoming row.
 */
export function notRetired(alias: { runId: string; requestId: string; leaseFence: string }): string {
  return `NOT EXISTS (SELECT 1 FROM retired_requests f WHERE f.run_id = ${alias.runId} AND f.request_id = ${alias.requestId} AND f.lease_fence > ${alias.leaseFence})`;
}

/** The same rule between two rows of one key inside a batch (one statement may not update a row twice). */
export function replacesRow(stored: StoredItem, incoming: StoredItem): boolean {
  const [was, now] = [stored.leaseFence ?? null, incoming.leaseFence ?? null];
  return was === null || now === null || now >= was;
}
