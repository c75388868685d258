// The report's failures: each failure reason with its count and the failed URLs, read from the run's ledger rows.
import { failedRequests } from '../../../storage/sqlite/failed-requests';

/** A reason's URLs beyond this are counted, not listed: a report of a run that failed a whole shop stays a few MB. */
export const MAX_URLS_PER_REASON = 5000;

export interface FailureGroup {
  reason: string;
  /** From the ledger summary: every failed request of the reason, also those whose URLs are not listed. */
  count: number;
  /** Failed URLs in the order they were planned, at most MAX_URLS_PER_REASON. */
  urls: string[];
}

/**
 * Groups by reason, most frequent first. URLs come from the embedded frontier in `dir`; a run on a shared
 * (Redis) frontier has none there, and its groups list counts only.
 */
export function failureGroups(dir: string, runId: string, failedByReason: Record<string, number>): FailureGroup[] {
  const groups = new Map<string, FailureGroup>(Object.entries(failedByReason).map(([reason, count]) => [reason, { reason, count, urls: [] }]));
  for (const page of failedRequests(dir, runId)) {
    for (const { url, reason } of page) {
      let group = groups.get(reason);
      if (!group) groups.set(reason, (group = { reason, count: 0, urls: [] }));
      if (group.urls.length < MAX_URLS_PER_REASON) group.urls.push(url);
    }
  }
  for (const group of groups.values()) group.count = Math.max(group.count, group.urls.length);
  return [...groups.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}
