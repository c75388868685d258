// A resume's rule for a request acknowledged with items: does the item store back what the acknowledgement stands for?

/** Requests fetched again because the item store lacked what their acknowledgement stood for. */
export const ITEMS_MISSING = 'resume/items-missing';

/**
 * `fence`: the lease token the request was acknowledged under with items stored. `stored`: the item store's
 * requests with rows and their greatest lease token (ItemStore.storedRequests; null: rows without one). Unbacked
 * when the store has no row of the request, or only rows an older lease wrote: the page is fetched again. Both
 * frontiers apply it (storage/sqlite/unstored-acks.ts, storage/redis/redis-unstored-acks.ts).
 */
export function ackUnbacked(requestId: string, fence: number, stored: ReadonlyMap<string, number | null>): boolean {
  const held = stored.get(requestId);
  return held === undefined || (held !== null && held < fence);
}
