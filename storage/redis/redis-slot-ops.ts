// Turns the pick script's lease replies and book_hop's replies into the engine's leases and slots.
import { steadyNowMs } from '../../src/politeness/clock';
import { CrawlRequest, type SerializedRequest } from '../../src/core/request';
import type { HostSlot, Lease } from '../../src/ports/frontier';
import type { RedisBatch } from './redis-batch';
import type { RedisHostGate } from './redis-host-gate';

export type LeaseReply = ['lease', string, string, string, string, number, number, number, number, number, number, number, number];
export type PickReply = ['empty'] | ['unseeded'] | ['wait', number, number?] | LeaseReply;
/** book_hop's: slot, waitMs, reservedAtMs, serial, nextOpenAtMs, previousNextOpenAtMs, intervalMs. */
export type HopReply = ['busy'] | ['booked', string, number, number, number, number, number, number];

/** A reservation's numbers, in Redis' clock, as the script gave them, and the interval in force when it was made. */
type SlotTimes = Record<'reservedAtMs' | 'serial' | 'nextOpenAtMs' | 'previousNextOpenAtMs' | 'intervalMs', number>;

/** Where a slot's ends go: the worker's batch, and its fire-and-forget (logs failures; the lease TTL covers them). */
export interface SlotChannel {
  batch: RedisBatch;
  fire(call: Promise<unknown>): void;
  /** The worker's gate, asked before a slot's send (RedisHostGate). */
  gate(): Pick<RedisHostGate, 'sendNotBeforeMs' | 'concurrent' | 'pickedBroken' | 'leaseEnded'>;
}

/**
 * A reserved slot's ends (a lease's or a hop's), in Redis' numbers as the reservation gave them. The host
 * goes with each op so the script need not read back what the reservation told this worker. token: the fencing
 * token of the lease the slot is held for: a slot is named by its request's id, which a server gone back to an
 * older snapshot gives to a request added since, and the ends of a stale lease's slot must not free that one's.
 */
export function slotOps(channel: SlotChannel, slot: string, hostKey: string, at: SlotTimes, token: string): HostSlot {
  const { batch, fire } = channel;
  const pickedAtMs = steadyNowMs();
  // Queued in order on one connection: a release always reaches Redis after its markSent. A host with
  // an interval keeps the timing of one call per step (they go at once): only its settle waits for the turn.
  const spaced = Number(at.nextOpenAtMs) > Number(at.reservedAtMs);
  const gate = (op: Array<string | number>) => {
    fire(batch.call(op));
    if (spaced) batch.flush();
  };
  // A pause the slot's host got after it was reserved, from any worker's answer: one round trip.
  const pausedUntilMs = async () => {
    const reply = batch.call(['W', slot, hostKey, at.reservedAtMs]);
    batch.flush();
    const leftMs = Number(await reply);
    return leftMs < 0 ? null : steadyNowMs() + leftMs;
  };
  return {
    markSent: () => gate(['S', slot, hostKey, at.reservedAtMs, at.nextOpenAtMs, token]),
    cancelReservation: () => gate(['C', slot, hostKey, at.serial, at.nextOpenAtMs, at.previousNextOpenAtMs, token]),
    releaseSlot: () => gate(['R', slot, hostKey, token]),
    pausedUntilMs,
    // What this worker told the gate after Redis reserved the slot, answered here. A host taking one request
    // at a time needs no more: the answer that pauses it holds its only slot until the pause is in Redis, so
    // no pick of any worker can come between. With more, another worker's answer may pause the host while
    // this slot's page gets ready: asked of Redis (one round trip, only for such hosts).
    claimSend: () => {
      const toldMs = channel.gate().sendNotBeforeMs(hostKey, Number(at.intervalMs), pickedAtMs);
      return toldMs !== null || !channel.gate().concurrent(hostKey) ? toldMs : pausedUntilMs();
    },
  };
}

/** The lease a pick reply reserved: its stored request (with the attempt Redis counted) and its slot. */
export function leaseOfReply(channel: SlotChannel, reply: LeaseReply): Lease {
  const [, id, json, hostKey, attempt, serial, reservedAtMs, nextOpenAtMs, previousNextOpenAtMs, intervalMs, broken, fence, earlier] = reply;
  const request = CrawlRequest.fromJSON(JSON.parse(json) as SerializedRequest, id);
  request.attempt = Number(attempt);
  // The lease's fencing token: above every earlier lease's of the request, whatever Redis' clock did (lease_fence).
  request.leaseFence = Number(fence);
  request.earlierLease = Number(earlier) === 1;
  const slot = slotOps(channel, id, hostKey, { reservedAtMs, serial, nextOpenAtMs, previousNextOpenAtMs, intervalMs }, String(fence));
  if (Number(broken) !== 1) return { request, hostKey, ...slot };
  channel.gate().pickedBroken(id);
  // The flag is the lease's: one handed back before the breaker was asked (a middleware above it dropped or
  // deferred it) takes its flag along, or the worker kept it, and asked Redis again at a later pick of a closed host.
  const ended = (end: () => void) => () => {
    channel.gate().leaseEnded(id);
    end();
  };
  return { request, hostKey, ...slot, releaseSlot: ended(slot.releaseSlot), cancelReservation: ended(slot.cancelReservation) };
}

/** A booked hop's wait and slot; null when the host's cap is full. token: the fencing token of the lease the hop is of. */
export function hopOfReply(channel: SlotChannel, hostKey: string, reply: HopReply, token: string): { atMs: number; slot: HostSlot } | null {
  if (reply[0] === 'busy') return null;
  const [, slot, waitMs, reservedAtMs, serial, nextOpenAtMs, previousNextOpenAtMs, intervalMs] = reply;
  return { atMs: steadyNowMs() + Number(waitMs), slot: slotOps(channel, slot, hostKey, { reservedAtMs, serial, nextOpenAtMs, previousNextOpenAtMs, intervalMs }, token) };
}
