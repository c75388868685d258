// `crawl --processes N`: a hop to a host another process sends to is booked in that process's slots, and its Retry-After told there.
import type { HopBooking } from '../../src/ports/frontier';
import type { HostOwners, OwnedHosts } from '../../src/ports/host-owners';
import type { Clock } from '../../src/politeness/clock';

/** This process's side of the hop bookings between the run's processes. */
export interface HopsHere {
  /** Books a slot of a host in this process's own slots. */
  book(hostKey: string, nowMs: number): HopBooking | null;
  pause(hostKey: string, untilMs: number): void;
}

/**
 * Each host is sent to by one process, whose HostSlots alone know its interval, cap and pauses. A hop from
 * another process's host was booked in the sending process's slots, so it reached the host 66 to 74 ms
 * after the owner's own requests at a 300 ms interval. The owner books it now: its picks queue behind the
 * hop as behind a hop of its own, and a Retry-After in the hop's answer pauses the host there.
 */
export class OwnerHops {
  constructor(
    private readonly owners: HostOwners,
    private readonly clock: Clock,
    private readonly here: HopsHere,
  ) {
    owners.serve(this.servedHosts());
  }

  async book(ownerSlot: number, hostKey: string): Promise<HopBooking | null> {
    const answer = await this.owners.book(ownerSlot, hostKey);
    // No process answers for that slot: it ended, and the first process takes its hosts over (holding each
    // a full interval from then), or this one's launcher is gone and it stops. Booked here meanwhile.
    if (answer === 'unreachable') return this.here.book(hostKey, this.clock.nowMs());
    // The owner's wait counts from its answer, which came after it: the hop goes that much later, never earlier.
    return answer && { atMs: this.clock.nowMs() + Math.max(0, answer.waitMs), slot: answer.slot };
  }

  pause(ownerSlot: number, hostKey: string, untilMs: number): void {
    this.owners.pause(ownerSlot, hostKey, untilMs - this.clock.nowMs());
  }

  private servedHosts(): Pick<OwnedHosts, 'book' | 'pause'> {
    return {
      book: (hostKey) => {
        const nowMs = this.clock.nowMs();
        const booking = this.here.book(hostKey, nowMs);
        return booking && { waitMs: booking.atMs - nowMs, slot: booking.slot };
      },
      pause: (hostKey, waitMs) => this.here.pause(hostKey, this.clock.nowMs() + waitMs),
    };
  }
}
