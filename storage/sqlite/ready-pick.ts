// The embedded frontier's hot path: the next request of the host whose slot opens first, leased at once.
import { CrawlRequest, type SerializedRequest } from '../../src/core/request';
import { nextLeaseFence } from '../../src/frontier/lease-fence';
import type { HostSlots } from '../../src/politeness/host-slots';
import type { Pick } from '../../src/ports/frontier';
import type { FrontierStatements, PickedRow } from './frontier-statements';
import type { GroupCommit } from './group-commit';
import type { ReadyHosts } from './ready-hosts';

/** What a pick reads and changes: built once per frontier, not per pick (this runs for every request). */
export interface ReadyPickParts {
  runId: string;
  workerId: string;
  slots: HostSlots;
  ready: ReadyHosts;
  statements: FrontierStatements;
  commits: GroupCommit;
  /** The frontier's leases in progress: id → host key. */
  leases: Map<string, string>;
  /** No host of this process has a pending row: the run may be over, or others' work may still come. */
  nothingHere(nowMs: number): Pick;
}

/**
 * Walks the ready-heap from the host that opens first: a host at its cap leaves the heap until a release,
 * one inside its interval is put back at its open time, one without a due row at its earliest. The slot is
 * reserved synchronously with the lease's write, so no other pick can take it in between.
 */
export function pickReady(parts: ReadyPickParts, nowMs: number): Pick {
  const { slots, ready, statements, runId } = parts;
  const { heap } = ready;
  for (;;) {
    const top = heap.peek();
    if (!top) return ready.hasPending() ? { type: 'wait', atMs: Number.POSITIVE_INFINITY } : parts.nothingHere(nowMs);
    if (top.atMs > nowMs) return { type: 'wait', atMs: top.atMs };
    const host = top.hostKey;
    if (!slots.isOpen(host, nowMs)) {
      if (slots.atCap(host)) heap.delete(host);
      else heap.set(host, slots.nextOpenAtMs(host));
      continue;
    }
    const row = statements.pick.get(runId, host, nowMs) as PickedRow | undefined;
    if (!row) {
      const earliest = statements.earliest.get(runId, host) as { at: number | null };
      if (earliest.at === null) ready.drained(host);
      else heap.set(host, Math.max(earliest.at, slots.nextOpenAtMs(host)));
      continue;
    }
    return leaseRow(parts, row, host, nowMs);
  }
}

function leaseRow(parts: ReadyPickParts, row: PickedRow, host: string, nowMs: number): Pick {
  const { slots, ready, statements, runId } = parts;
  const reserved = slots.tryReserve(host, nowMs);
  if (!reserved.ok) throw new Error(`host slot for ${host} closed between check and reserve`);
  let fence: number;
  try {
    fence = parts.commits.write(() => {
      // Above every token the run gave out, read under the write lock: of two leases the later has the greater.
      const token = nextLeaseFence(nowMs, statements.runFence.get(runId) as number | null);
      statements.raiseRunFence.run(token, runId);
      statements.lease.run(parts.workerId, token, row.id);
      return token;
    });
  } catch (error) {
    // Not leased after all (the file locked, full): a slot kept reserved would hold the host at its cap for ever.
    slots.cancel(reserved.reservation);
    throw error;
  }
  ready.leased(host);
  const id = String(row.id);
  parts.leases.set(id, host);
  const request = CrawlRequest.fromJSON(JSON.parse(row.json) as SerializedRequest, id);
  request.attempt = row.attempt;
  // Its items carry the token; a request leased before retires what those leases stored when it ends.
  request.leaseFence = fence;
  request.earlierLease = row.lease_fence !== null;
  return { type: 'lease', lease: ready.lease(request, host, reserved.reservation) };
}
