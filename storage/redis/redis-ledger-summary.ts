// Reads the SUMMARY script's answer into the ledger port's shape, each host with the failures the run recorded for it.
import type { LedgerSummary } from '../../src/ports/frontier';

interface SummaryReply extends LedgerSummary {
  reclaimed: number;
  /** "<host> <reason>" → failures (a host key holds no space; a reason may). Absent before the scripts kept it. */
  hostReasons?: Record<string, number>;
}

export function ledgerSummaryOf(reply: string): LedgerSummary & { reclaimed: number } {
  const { hostReasons, ...summary } = JSON.parse(reply) as SummaryReply;
  for (const [field, n] of Object.entries(hostReasons ?? {})) {
    const space = field.indexOf(' ');
    const counts = summary.byHost[field.slice(0, space)];
    if (!counts || space < 0) continue;
    (counts.failedByReason ??= {})[field.slice(space + 1)] = n;
  }
  return summary;
}
