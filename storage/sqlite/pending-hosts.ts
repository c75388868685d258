// This process's hosts with pending rows, put in the ready heap: at open, after a reclaim, and as other clients add work.
import type { FrontierStatements } from './frontier-statements';
import type { QueueChanges } from './queue-changes';
import type { ReadyHosts } from './ready-hosts';
import type { SqliteHostGate } from './sqlite-host-gate';

export interface PendingHostParts {
  runId: string;
  statements: FrontierStatements;
  ready: ReadyHosts;
  gate: SqliteHostGate;
  queueChanges: QueueChanges;
  /** The host is this process's to send to (always, unless several processes share the run). */
  owns: (host: string) => boolean;
}

export class PendingHosts {
  /** The last queue_changes seq adopted: hosts a Crawlee client of this run made pending later are recounted. */
  private queueChangesSeen: number;

  constructor(private readonly parts: PendingHostParts) {
    this.queueChangesSeen = parts.queueChanges.latest(parts.runId);
  }

  /**
   * A resumed run can follow its last process within a host's interval (a stop and an immediate --resume,
   * a crash restarted at once), and that process's send times died with it: the first page of the resume
   * reached the server 390 ms after the last of the stopped run at a 500 ms interval. Each host with
   * pending work first waits a full interval from the open, as a host adopted from a process that died does.
   */
  hold(nowMs: number): void {
    for (const host of this.hosts()) this.parts.gate.noteSend(host, nowMs);
  }

  /** This process's hosts with pending rows, by one index hop per host. */
  private *hosts(): Generator<string> {
    for (let host = this.parts.statements.nextPendingHost.get(this.parts.runId, '') as string | undefined; host !== undefined; host = this.parts.statements.nextPendingHost.get(this.parts.runId, host) as string | undefined) {
      if (this.parts.owns(host)) yield host;
    }
  }

  /**
   * Puts every host with pending rows in the heap, found by one index hop per host rather than by
   * counting its rows: a resume of a million pending requests reaches its first pick at once.
   */
  load(): void {
    // Infinity: not counted; such a host leaves the heap when its pick finds no row.
    for (const host of this.hosts()) this.parts.ready.setPending(host, Number.POSITIVE_INFINITY);
  }

  /** Recounts the hosts a Crawlee client of this run made pending since last time (queue-changes.ts); true if any. */
  adoptQueueChanges(): boolean {
    const changes = this.parts.queueChanges.since(this.parts.runId, this.queueChangesSeen);
    if (changes.length === 0) return false;
    for (const { host, seq } of changes) {
      this.queueChangesSeen = Math.max(this.queueChangesSeen, seq);
      if (!this.parts.owns(host)) continue;
      this.parts.ready.setPending(host, this.parts.statements.pendingOfHost.get(this.parts.runId, host) as number);
    }
    return true;
  }
}
