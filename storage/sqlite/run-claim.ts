// One crawl of a run at a time on the embedded frontier: a second process opening a run a live one crawls is refused.
import { PricecrawlError } from '../../src/core/errors';
import type { SqliteDb } from './open-frontier-db';
import type { GroupCommit } from './group-commit';
import type { WorkerRegistry } from './worker-registry';
import type { ProcessSlot } from './host-shares';

interface HolderRow {
  slot: number;
  worker_id: string;
  pid: number | null;
  hostname: string | null;
}

/**
 * Why refuse: each crawl process keeps its hosts' intervals, concurrency caps and pauses in memory
 * (HostSlots), so two processes crawling one run each sent at the full rate (a 100 ms interval measured
 * as gaps of a few ms at the site), and both folded the run into the catalog at its end. Only the
 * processes of one `crawl --processes N` share a run, each with its own hosts (host-shares.ts).
 *
 * A process that opens the run as its first (or only) process checks every slot of the run for a live
 * holder other than itself (same machine: the exact pid check; another machine: its heartbeat), and a
 * single process then holds slot 0 itself. The check and the claim are one IMMEDIATE transaction,
 * committed before the crawl goes on: of two processes started together, the second sees the first.
 * A process joining its launcher's run (slot ≥ 1) claims only its own slot (SharedRun).
 */
export function claimRun(parts: { db: SqliteDb; runId: string; commits: GroupCommit; workers: WorkerRegistry }, share: ProcessSlot | undefined): void {
  if (share && share.slot > 0) return;
  const { commits } = parts;
  try {
    commits.write(() => claimInTransaction(parts, !share || share.slots === 1));
  } finally {
    // Refused or not, the write lock goes now: a refused open must not hold it until the turn ends.
    commits.flush();
  }
}

function claimInTransaction({ db, runId, workers }: { db: SqliteDb; runId: string; workers: WorkerRegistry }, single: boolean): void {
  const holders = db
    .prepare('SELECT s.slot, s.worker_id, w.pid, w.hostname FROM run_slots s LEFT JOIN workers w ON w.worker_id = s.worker_id WHERE s.run_id = ?')
    .all(runId) as HolderRow[];
  const live = holders.find((row) => row.worker_id !== workers.workerId && !workers.isGone(row.worker_id));
  if (live) throw runInUse(runId, live);
  if (!single) return; // slot 0 of several: SharedRun claims it
  db.prepare('INSERT INTO run_slots (run_id, slot, worker_id) VALUES (?, 0, ?) ON CONFLICT (run_id, slot) DO UPDATE SET worker_id = excluded.worker_id').run(runId, workers.workerId);
}

function runInUse(runId: string, holder: HolderRow): PricecrawlError {
  const who = holder.pid === null ? holder.worker_id : `process ${holder.pid}${holder.hostname ? ` on ${holder.hostname}` : ''}`;
  return new PricecrawlError(
    'RUN_IN_USE',
    `run ${runId} is being crawled by ${who}: a second crawl of the same run would send to its hosts alongside it, past their politeness limits. Wait for it to end or stop it (Ctrl-C), then resume; to crawl one run with several processes use --processes N`,
  );
}
