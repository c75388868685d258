// The frontier's side of `crawl --processes N`: this process's share of a run several processes crawl (host-shares.ts decides which hosts).
import type { Pick, ProcessSlot } from '../../src/ports/frontier';
import type { GroupCommit } from './group-commit';
import { HostShares } from './host-shares';
import type { SqliteDb } from './open-frontier-db';
import type { SqliteHostGate } from './sqlite-host-gate';
import type { WorkerRegistry } from './worker-registry';

/** How often a process of a shared run looks again while only other processes have work (their callbacks may add to its hosts). */
const SHARED_POLL_MS = 50;

export interface SharedRunParts {
  db: SqliteDb;
  runId: string;
  workers: WorkerRegistry;
  commits: GroupCommit;
  gate: SqliteHostGate;
}

export class SharedRun {
  private readonly shares: HostShares;

  /** Takes this process's slot (slot 0 also marks itself the run's seeder), committed before any other process of the run looks. */
  constructor(private readonly parts: SharedRunParts, place: ProcessSlot) {
    const { commits, workers } = parts;
    commits.commitPromptly();
    this.shares = new HostShares(parts.db, parts.runId, workers.workerId, place, (fn) => commits.write(fn));
    this.shares.claim((workerId) => workers.isGone(workerId));
    if (place.slot === 0) this.shares.markSeeding(true);
    commits.flush();
  }

  /** A joining process opens only a run its first process created. */
  static refuseMissingRun(runExists: boolean, runId: string, place: ProcessSlot | undefined): void {
    if (place && place.slot > 0 && !runExists) throw new Error(`run ${runId} does not exist: a joining crawl process needs the run its first process created`);
  }

  /** The host is this process's to send to. */
  owns(host: string): boolean {
    return this.shares.owns(host);
  }

  /** The slot whose process sends to the host; null when it is this process's. */
  ownerSlot(host: string): number | null {
    return this.shares.ownerSlot(host);
  }

  /** Nothing of this process's hosts is pending: over only once the whole run is, else look again shortly. */
  nothingHere(nowMs: number): Pick {
    return this.shares.runDrained() ? { type: 'empty' } : { type: 'wait', atMs: nowMs + SHARED_POLL_MS };
  }

  /**
   * Another process of this run ended or died (its launcher saw it exit): its slot's hosts are ours from
   * now on, its leases go back to pending (returned: how many), and each adopted host first waits a full
   * interval from now. The caller puts the pending hosts in its heap.
   */
  takeOver(slot: number, nowMs: number): number {
    const { commits, workers, gate, runId } = this.parts;
    return commits.write(() => {
      const reclaimed = workers.reclaimDead(runId);
      for (const host of this.shares.takeOver(slot)) gate.adopt(host, nowMs);
      return reclaimed;
    });
  }

  /** The seeder is done: the others may call the run over once the queues are empty. */
  async seedingDone(): Promise<void> {
    this.shares.markSeeding(false);
    await this.parts.commits.durable();
  }
}
