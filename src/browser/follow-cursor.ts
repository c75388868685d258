// Cursor (next-page token) pagination: fetch pages until the source ends, a cursor repeats, nothing new comes, or the cap.
import { PaginationState, type PaginationLimits, type PaginationResult } from './pagination-state';

export interface CursorPage<T> {
  items: T[];
  /** The token for the next page; null or '' when the source says there is none. */
  nextCursor: string | null;
}

export interface FollowCursorOptions<T> extends PaginationLimits {
  /** A stable identity per item, so a page that repeats items does not count them twice. */
  keyOf(item: T): string;
  /** Token of the first page (null: the source's first page). */
  firstCursor?: string | null;
}

/**
 * `fetchPage` can be anything that reads one page: a JSON body captured in the browser, an in-page
 * `fetch` through `res.page.evaluate`, a plain HTTP call. The first cursor counts as seen, so a source
 * that hands it back is caught as a loop.
 */
export async function followCursor<T>(fetchPage: (cursor: string | null) => Promise<CursorPage<T>>, options: FollowCursorOptions<T>): Promise<PaginationResult<T>> {
  const state = new PaginationState(options);
  const items = new Map<string, T>();
  let cursor = options.firstCursor ?? null;
  if (cursor) state.startFrom(cursor);
  for (;;) {
    const page = await fetchPage(cursor);
    const keyed = page.items.map((item) => [options.keyOf(item), item] as const);
    for (const [key, item] of keyed) if (!items.has(key)) items.set(key, item);
    const next = page.nextCursor === '' ? null : page.nextCursor;
    const decision = state.observe({ keys: keyed.map(([key]) => key), cursor: next });
    if (decision.type === 'stop') return { items: [...items.values()], steps: state.stepCount, reason: decision.reason };
    cursor = next;
  }
}
