// The embedded frontier's in-memory view of its hosts: pending counts and the ready-heap ordered by when each host can next yield work.
import { ReadyHeap } from '../../src/frontier/ready-heap';
import type { CrawlRequest } from '../../src/core/request';
import type { Clock } from '../../src/politeness/clock';
import type { HostSlots, Reservation } from '../../src/politeness/host-slots';
import type { HostSlot, Lease } from '../../src/ports/frontier';

/**
 * Pending counts are kept in memory so an idle host leaves the heap without a query; the table stays the
 * truth, and a count is recounted from it whenever another client may have changed it.
 */
export class ReadyHosts {
  readonly heap = new ReadyHeap();
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly slots: HostSlots,
    private readonly clock: Clock,
  ) {}

  /** The host has exactly `count` pending rows (read from the table); woken when it has any. */
  setPending(host: string, count: number): void {
    this.pending.set(host, count);
    if (count > 0) this.wake(host, 0);
  }

  countPending(host: string): void {
    this.pending.set(host, (this.pending.get(host) ?? 0) + 1);
  }

  pendingOf(host: string): number {
    return this.pending.get(host) ?? 0;
  }

  hasPending(): boolean {
    for (const count of this.pending.values()) if (count > 0) return true;
    return false;
  }

  /** A request of the host was leased: out of the heap when it is empty or at its cap, else back at its next slot. */
  leased(host: string): void {
    const left = this.pendingOf(host) - 1;
    this.pending.set(host, left);
    if (left <= 0 || this.slots.atCap(host)) this.heap.delete(host);
    else this.heap.set(host, this.slots.nextOpenAtMs(host));
  }

  /** The table has no pending row of the host left. */
  drained(host: string): void {
    this.pending.set(host, 0);
    this.heap.delete(host);
  }

  /** Puts a host with pending work back in the heap no later than it can next yield work. */
  wake(host: string, notBeforeMs: number): void {
    if (this.slots.atCap(host)) return; // its releaseSlot() wakes it
    const atMs = Math.max(notBeforeMs, this.slots.nextOpenAtMs(host));
    const current = this.heap.atMsOf(host);
    if (current === undefined || atMs < current) this.heap.set(host, atMs);
  }

  /** The lease of a picked request: its send anchors the host's interval, and a slot coming back wakes the host. */
  lease(request: CrawlRequest, hostKey: string, reservation: Reservation): Lease {
    return { request, hostKey, ...this.slot(hostKey, reservation) };
  }

  /** A reserved slot of the host (a pick's or a redirect hop's booking). */
  slot(hostKey: string, reservation: Reservation): HostSlot {
    const reopen = (): void => {
      if (this.pendingOf(hostKey) > 0) this.wake(hostKey, 0);
    };
    return {
      markSent: () => this.slots.markSent(reservation, this.clock.nowMs()),
      cancelReservation: () => {
        this.slots.cancel(reservation);
        reopen();
      },
      releaseSlot: () => {
        this.slots.release(reservation, this.clock.nowMs());
        reopen();
      },
      pausedUntilMs: () => this.slots.pausedAfter(reservation, this.clock.nowMs()),
      claimSend: () => this.slots.claimSend(reservation, this.clock.nowMs()),
    };
  }
}
