// Leases a batch pick reserved ahead, waiting in this worker for the engine's next `next()`.
import { steadyNowMs } from '../../src/politeness/clock';
import type { Lease } from '../../src/ports/frontier';

/** Longest a picked lease waits in the worker before it goes back to its queue. */
const PICK_HOLD_MS = 1_000;

/** Gives a lease back to the shared queue, its slot cancelled, with a reason. */
export type HandBack = (lease: Lease, reason: string) => void;

export class PickedLeases {
  private readonly waiting: Array<{ lease: Lease; receivedAtMs: number }> = [];

  constructor(private readonly handBack: HandBack) {}

  /** `receivedAtMs`: local time the pick's reply arrived. */
  push(lease: Lease, receivedAtMs: number): void {
    this.waiting.push({ lease, receivedAtMs });
  }

  /**
   * The oldest picked lease still fit to send. A lease waiting here holds its host's slot: after
   * `PICK_HOLD_MS` (the pool was full meanwhile) it goes back, as the slot may serve another worker better.
   * Only hosts without an interval wait here at all (the pick script hands out a spaced host's lease only
   * as a batch's first, which goes straight to the engine).
   */
  take(): Lease | null {
    for (let picked = this.waiting.shift(); picked; picked = this.waiting.shift()) {
      if (steadyNowMs() - picked.receivedAtMs <= PICK_HOLD_MS) return picked.lease;
      this.handBack(picked.lease, 'pick/stale');
    }
    return null;
  }

  /** The host was paused: its leases picked before the pause and not sent yet wait for it in the queue. */
  handBackHost(hostKey: string): void {
    const kept = this.waiting.filter((picked) => picked.lease.hostKey !== hostKey);
    for (const { lease } of this.waiting) if (lease.hostKey === hostKey) this.handBack(lease, 'host/paused');
    this.waiting.splice(0, this.waiting.length, ...kept);
  }

  /** Forgets them all (the worker handed every lease back in one call). */
  clear(): void {
    this.waiting.length = 0;
  }
}
