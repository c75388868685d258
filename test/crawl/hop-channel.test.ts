// Hop bookings between three crawl processes' channels: slot 0 passes them on, a host's owner spaces them, an ended process gives its bookings back.
import { describe, expect, it } from 'vitest';
import { HopChannel } from '../../src/app/crawl/hop-channel';
import { processes } from '../support/hop-links';
import type { OwnedHosts } from '../../src/ports/host-owners';
import { steadyNowMs } from '../../src/politeness/clock';
import { HostSlots } from '../../src/politeness/host-slots';

const INTERVAL_MS = 60_000;

/** A process's own hosts in real HostSlots (one request at a time, a long interval: a second booking is visibly spaced). */
function ownHosts() {
  const slots = new HostSlots({ policyFor: () => ({ maxConcurrency: 1, minIntervalMs: INTERVAL_MS, jitterMs: 0 }) });
  const hosts: Pick<OwnedHosts, 'book' | 'pause'> = {
    book: (hostKey) => {
      const nowMs = steadyNowMs();
      const reservation = slots.book(hostKey, nowMs);
      if (!reservation) return null;
      return {
        waitMs: reservation.reservedAtMs - nowMs,
        slot: { markSent: () => slots.markSent(reservation, steadyNowMs()), releaseSlot: () => slots.release(reservation, steadyNowMs()), cancelReservation: () => slots.cancel(reservation) },
      };
    },
    pause: (hostKey, waitMs) => slots.pauseUntil(hostKey, steadyNowMs() + waitMs, 'retry-after'),
  };
  return { slots, hosts };
}

describe('HopChannel', () => {
  it("books a hop in its owner's slots through slot 0, so the owner's next booking of the host is an interval later", async () => {
    const { links } = processes(3);
    const [zero, one, two] = [0, 1, 2].map((slot) => new HopChannel(links(slot)));
    const owner = ownHosts();
    zero.serve(ownHosts().hosts);
    one.serve(ownHosts().hosts);
    two.serve(owner.hosts);
    const hop = await one.book(2, 'shop');
    expect(hop).toMatchObject({ waitMs: 0 });
    expect(owner.slots.inFlight('shop')).toBe(1);
    if (hop === null || hop === 'unreachable') throw new Error('booked');
    hop.slot.markSent();
    hop.slot.releaseSlot();
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    expect(owner.slots.inFlight('shop')).toBe(0);
    // The owner's own next request waits an interval after the hop.
    const next = owner.hosts.book('shop');
    expect(next?.waitMs).toBeGreaterThan(INTERVAL_MS - 1_000);
  });

  it('tells the owner a Retry-After of the hop’s answer, and the next hop hears the pause', async () => {
    const { links } = processes(2);
    const [zero, one] = [0, 1].map((slot) => new HopChannel(links(slot)));
    const owner = ownHosts();
    zero.serve(ownHosts().hosts);
    one.serve(owner.hosts);
    zero.pause(1, 'shop', 5 * INTERVAL_MS);
    const hop = await zero.book(1, 'shop');
    if (hop === null || hop === 'unreachable') throw new Error('booked');
    expect(hop.waitMs).toBeGreaterThan(4 * INTERVAL_MS);
  });

  it('gives back the bookings of a process that ended, and slot 0 answers what it passed on to one that ended', async () => {
    const { links, end } = processes(3);
    const [zero, one, two] = [0, 1, 2].map((slot) => new HopChannel(links(slot)));
    const first = ownHosts();
    const owner = ownHosts();
    zero.serve(first.hosts);
    one.serve(ownHosts().hosts);
    two.serve(owner.hosts);
    // Slot 1 holds a slot of slot 2's host, then ends before it releases it: slot 2 is told and frees it.
    await one.book(2, 'shop');
    expect(owner.slots.inFlight('shop')).toBe(1);
    end(1);
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    expect(owner.slots.inFlight('shop')).toBe(0);
    // Slot 2 ends with an ask of slot 0's on its way: slot 0, which takes its hosts over, answers it from its own.
    const { links: links2, end: end2 } = processes(3);
    const [z, o] = [0, 1].map((slot) => new HopChannel(links2(slot)));
    z.serve(first.hosts);
    o.serve(ownHosts().hosts);
    const asked = o.book(2, 'other');
    await new Promise((resolve) => setImmediate(resolve)); // slot 0 has passed it on to slot 2
    end2(2);
    expect(await asked).toMatchObject({ waitMs: 0 });
    expect(first.slots.inFlight('other')).toBe(1);
  });
});
