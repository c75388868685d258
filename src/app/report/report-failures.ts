// The report's failures: each failure reason with its count and the failed URLs, read from the run's ledger (SQLite or Redis frontier).
import { SettingsError } from '../../core/errors';
import { SECRET_MASK } from '../../core/mask-secrets';
import type { RunRecord } from '../../ports/run-record-store';
import type { RunLedgerReader } from '../../ports/run-ledger';

/** A reason's URLs beyond this are counted, not listed: a report of a run that failed a whole shop stays a few MB. */
export const MAX_URLS_PER_REASON = 5000;

export interface FailureGroup {
  reason: string;
  /** From the ledger summary: every failed request of the reason, also those whose URLs are not listed. */
  count: number;
  /** Failed URLs in the order they were planned, at most MAX_URLS_PER_REASON. */
  urls: string[];
}

/** Groups by reason, most frequent first, from the frontier that ran the run (`ledger`). */
export async function failureGroups(ledger: RunLedgerReader, runId: string, failedByReason: Record<string, number>): Promise<FailureGroup[]> {
  const groups = new Map<string, FailureGroup>(Object.entries(failedByReason).map(([reason, count]) => [reason, { reason, count, urls: [] }]));
  for await (const page of ledger.failedRequests(runId)) {
    for (const { url, reason } of page) {
      let group = groups.get(reason);
      if (!group) groups.set(reason, (group = { reason, count: 0, urls: [] }));
      if (group.urls.length < MAX_URLS_PER_REASON) group.urls.push(url);
    }
  }
  for (const group of groups.values()) group.count = Math.max(group.count, group.urls.length);
  return [...groups.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/**
 * Where the run's failed requests are: the embedded frontier when the run used it (whatever is configured
 * now: a Redis frontier would hold none of them, and the run would read as clean), else the configured
 * shared frontier, else the one the run's settings snapshot names. Its password is masked there: then
 * `--frontier` is needed, and the report refuses rather than show the run without its failures.
 */
export function runFrontierUrl(record: RunRecord, configured: string): string {
  const snapshot = record.settingsJson ? (JSON.parse(record.settingsJson) as { frontier?: { url?: string } }) : {};
  const used = snapshot.frontier?.url ?? '';
  if (used === '' || configured !== '') return used === '' ? '' : configured;
  if (used.includes(`${SECRET_MASK}@`)) throw new SettingsError(`report: run ${record.runId} ran on the shared frontier ${used}; pass --frontier <url> (with its password) to list its failed requests`);
  return used;
}
