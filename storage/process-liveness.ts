// How a run record reads given its process's liveness; the liveness itself is src/core/process-alive.ts (also used by file writes).
import type { RunRecord } from '../src/ports/run-record-store';
import { isPidAlive, thisHostname } from '../src/core/process-alive';

export { isPidAlive, processStartTicks, thisHostname, thisProcessStartTicks } from '../src/core/process-alive';

/**
 * A `running` record whose process is gone reads as `crashed` (never stored: it is seen). Only a process on
 * this machine can be checked: a record with another `hostname` (PostgreSQL, many machines) stays as stored.
 */
export function judgeRunRecord(row: RunRecord & { startTicks: string | null; hostname?: string | null }): RunRecord {
  const { startTicks, hostname: host, ...record } = row;
  const here = host === undefined || host === null || host === thisHostname;
  if (record.outcome === 'running' && record.pid !== null && here && !isPidAlive(record.pid, startTicks)) return { ...record, outcome: 'crashed' };
  return record;
}
