// HostSlots under a manual clock: spacing, concurrency cap, jitter bounds, pause and cancel.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/politeness/clock';
import { HostSlots, policyFromSettings, type Reservation } from '../../src/politeness/host-slots';
import { settingsSchema } from '../../src/settings/schema';

const fixed = (maxConcurrency: number, minIntervalMs: number, jitterMs = 0) => () => ({ maxConcurrency, minIntervalMs, jitterMs });

describe('HostSlots', () => {
  it('never lets 100 eager reservers send closer than minInterval', () => {
    const clock = new ManualClock(1_000);
    const slots = new HostSlots({ policyFor: fixed(100, 250) });
    const sends: number[] = [];
    // 100 reservers retry at every ms tick for 30 simulated seconds, each releasing at once.
    for (let tick = 0; tick < 30_000; tick++) {
      for (let reserver = 0; reserver < 100; reserver++) {
        const result = slots.tryReserve('shop.example', clock.nowMs());
        if (result.ok) {
          sends.push(clock.nowMs());
          slots.release(result.reservation);
        }
      }
      clock.advance(1);
    }
    expect(sends.length).toBe(120);
    for (let i = 1; i < sends.length; i++) expect(sends[i] - sends[i - 1]).toBeGreaterThanOrEqual(250);
  });

  it("books a redirect hop the host's next slot, ahead of picks that come later, and none at its cap", () => {
    const slots = new HostSlots({ policyFor: fixed(2, 100) });
    const first = slots.tryReserve('h', 0);
    if (!first.ok) throw new Error('the first slot is open');
    const hop = slots.book('h', 10);
    expect(hop?.reservedAtMs).toBe(100);
    slots.release(first.reservation);
    // A pick at the hop's time waits behind it, a full interval.
    expect(slots.tryReserve('h', 100)).toEqual({ ok: false, retryAtMs: 200 });
    expect(slots.tryReserve('h', 200).ok).toBe(true);
    expect(slots.book('h', 200)).toBeNull(); // the hop and that pick in flight: the cap
  });

  it('holds the concurrency cap and reports null retry while capped', () => {
    const slots = new HostSlots({ policyFor: fixed(3, 0) });
    const held: Reservation[] = [];
    for (let i = 0; i < 10; i++) {
      const result = slots.tryReserve('h', 0);
      if (result.ok) held.push(result.reservation);
      else expect(result.retryAtMs).toBeNull();
    }
    expect(held.length).toBe(3);
    expect(slots.inFlight('h')).toBe(3);
    slots.release(held[0]);
    slots.release(held[0]); // a double release must not free a second slot
    expect(slots.inFlight('h')).toBe(2);
    expect(slots.tryReserve('h', 0).ok).toBe(true);
    expect(slots.tryReserve('h', 0).ok).toBe(false);
  });

  it('keeps the interval after release and returns the open time while waiting', () => {
    const slots = new HostSlots({ policyFor: fixed(1, 100) });
    const first = slots.tryReserve('h', 10);
    expect(first.ok).toBe(true);
    if (first.ok) slots.release(first.reservation);
    expect(slots.tryReserve('h', 50)).toEqual({ ok: false, retryAtMs: 110 });
    expect(slots.tryReserve('h', 110).ok).toBe(true);
  });

  it('adds the margin to a non-zero interval, also to an adapted one, and leaves a host without an interval unspaced', () => {
    const slots = new HostSlots({ policyFor: (host) => ({ maxConcurrency: 1, minIntervalMs: host === 'fast' ? 0 : 100, jitterMs: 0 }), marginMs: 3 });
    const first = slots.tryReserve('h', 10);
    if (first.ok) slots.release(first.reservation);
    expect(slots.tryReserve('h', 112)).toEqual({ ok: false, retryAtMs: 113 });
    const second = slots.tryReserve('h', 113);
    expect(second.ok && second.reservation.nextOpenAtMs).toBe(216);
    slots.setIntervalMs('h', 400); // counted from the latest send, margin included
    expect(slots.nextOpenAtMs('h')).toBe(516);
    const fast = slots.tryReserve('fast', 10);
    if (fast.ok) slots.release(fast.reservation);
    expect(slots.tryReserve('fast', 10).ok).toBe(true);
  });

  it('draws jitter within [0, jitterMs] from the injected random', () => {
    const draws = [0, 0.5, 0.999999];
    let i = 0;
    const slots = new HostSlots({ policyFor: fixed(1, 100, 40), random: () => draws[i++ % draws.length] });
    const opens: number[] = [];
    let now = 0;
    for (let k = 0; k < 3; k++) {
      const result = slots.tryReserve('h', now);
      expect(result.ok).toBe(true);
      if (result.ok) slots.release(result.reservation);
      opens.push(slots.nextOpenAtMs('h') - now);
      now = slots.nextOpenAtMs('h');
    }
    expect(opens).toEqual([100, 120, 140]);
  });

  it('pauses forward only', () => {
    const slots = new HostSlots({ policyFor: fixed(1, 100) });
    slots.pauseUntil('h', 5_000);
    expect(slots.nextOpenAtMs('h')).toBe(5_000);
    slots.pauseUntil('h', 2_000);
    expect(slots.nextOpenAtMs('h')).toBe(5_000);
    expect(slots.tryReserve('h', 4_999)).toEqual({ ok: false, retryAtMs: 5_000 });
    expect(slots.tryReserve('h', 5_000).ok).toBe(true);
  });

  it('cancel restores the previous open time and frees the slot', () => {
    const slots = new HostSlots({ policyFor: fixed(1, 100) });
    const first = slots.tryReserve('h', 0);
    if (!first.ok) throw new Error('first reservation refused');
    slots.release(first.reservation);
    const second = slots.tryReserve('h', 100);
    if (!second.ok) throw new Error('second reservation refused');
    expect(slots.nextOpenAtMs('h')).toBe(200);
    slots.cancel(second.reservation);
    expect(slots.nextOpenAtMs('h')).toBe(100);
    expect(slots.inFlight('h')).toBe(0);
    expect(slots.tryReserve('h', 100).ok).toBe(true);
  });

  it('cancel keeps a pause and a later reservation', () => {
    const slots = new HostSlots({ policyFor: fixed(2, 0) });
    const a = slots.tryReserve('h', 0);
    if (!a.ok) throw new Error('refused');
    slots.pauseUntil('h', 9_000);
    slots.cancel(a.reservation);
    expect(slots.nextOpenAtMs('h')).toBe(9_000);
    expect(slots.inFlight('h')).toBe(0);

    const spaced = new HostSlots({ policyFor: fixed(2, 50) });
    const b = spaced.tryReserve('h', 0);
    const c = spaced.tryReserve('h', 50);
    if (!b.ok || !c.ok) throw new Error('refused');
    spaced.cancel(b.reservation);
    expect(spaced.nextOpenAtMs('h')).toBe(100);
    expect(spaced.inFlight('h')).toBe(1);
  });

  it('applies an adapted interval: a longer one at once from the latest send, a shorter one from the next reservation', () => {
    const clock = new ManualClock(0);
    const slots = new HostSlots({ policyFor: fixed(1, 100) });
    const first = slots.tryReserve('h', clock.nowMs());
    if (!first.ok) throw new Error('refused');
    slots.markSent(first.reservation, clock.advance(5));
    slots.release(first.reservation);
    slots.setIntervalMs('h', 400);
    expect(slots.nextOpenAtMs('h')).toBe(405);
    expect(slots.tryReserve('h', 404).ok).toBe(false);
    expect(slots.tryReserve('h', 405).ok).toBe(true);
    expect(slots.nextOpenAtMs('h')).toBe(805);
    // Shorter: the open slot keeps its time, the next reservation is spaced by the new interval.
    slots.setIntervalMs('h', 50);
    expect(slots.nextOpenAtMs('h')).toBe(805);
    slots.pauseUntil('h', 900);
    slots.setIntervalMs('h', 60);
    expect(slots.nextOpenAtMs('h')).toBe(900);
  });

  it('takes Crawl-delay as a floor under the configured and the adapted interval, and says which one is in force', () => {
    const slots = new HostSlots({ policyFor: fixed(1, 100) });
    const view = () => slots.snapshot(0)[0];
    const first = slots.tryReserve('h', 0);
    if (!first.ok) throw new Error('refused');
    slots.release(first.reservation);
    slots.setCrawlDelayMs('h', 300); // longer: the open slot moves out at once, counted from the send
    expect(slots.nextOpenAtMs('h')).toBe(300);
    expect(view()).toMatchObject({ intervalMs: 300, intervalCause: 'crawl-delay' });
    slots.setIntervalMs('h', 500); // a throttle above the floor wins
    expect(view()).toMatchObject({ intervalMs: 500, intervalCause: 'throttle' });
    slots.setIntervalMs('h', 200); // a throttle below it does not
    expect(view()).toMatchObject({ intervalMs: 300, intervalCause: 'crawl-delay' });
    slots.setCrawlDelayMs('h', 0);
    expect(view()).toMatchObject({ intervalMs: 200, intervalCause: 'throttle' });
  });

  it('counts a Crawl-delay from the answer too: a slow answer pushes the next send out', () => {
    const slots = new HostSlots({ policyFor: fixed(1, 10) });
    slots.setCrawlDelayMs('h', 300);
    const first = slots.tryReserve('h', 0);
    if (!first.ok) throw new Error('refused');
    expect(slots.nextOpenAtMs('h')).toBe(300);
    slots.release(first.reservation, 250); // answered after 250 ms
    expect(slots.nextOpenAtMs('h')).toBe(550);
    const plain = new HostSlots({ policyFor: fixed(1, 10) });
    const second = plain.tryReserve('h', 0);
    if (!second.ok) throw new Error('refused');
    plain.release(second.reservation, 250); // no Crawl-delay: the interval counts from the send only
    expect(plain.nextOpenAtMs('h')).toBe(10);
  });

  it('a cancelled reservation gives back neither a pause nor the spacing after an out-of-band send', () => {
    const slots = new HostSlots({ policyFor: fixed(1, 100) });
    const paused = slots.tryReserve('p', 0);
    if (!paused.ok) throw new Error('refused');
    slots.pauseUntil('p', 50, 'breaker'); // shorter than the reserved interval: the reservation still rules
    slots.cancel(paused.reservation);
    expect(slots.nextOpenAtMs('p')).toBe(50);
    expect(slots.snapshot(0)[0]).toMatchObject({ pausedUntilMs: 50, pauseCause: 'breaker' });

    const robots = slots.tryReserve('r', 0);
    if (!robots.ok) throw new Error('refused');
    slots.noteSend('r', 0); // robots.txt went out in this slot; the page request is then deferred
    slots.cancel(robots.reservation);
    expect(slots.nextOpenAtMs('r')).toBe(100);
  });

  it('holds a send that reaches the wire after one whose slot came later, and one whose host was paused since its slot was taken', () => {
    const slots = new HostSlots({ policyFor: fixed(3, 100) });
    const reserve = (nowMs: number): Reservation => {
      const result = slots.tryReserve('h', nowMs);
      if (!result.ok) throw new Error(`no slot at ${nowMs}`);
      return result.reservation;
    };
    const slow = reserve(0);
    const quick = reserve(100);
    expect(slots.claimSend(quick, 100)).toBeNull();
    slots.markSent(quick, 102);
    // The first slot's page was ready only now: it waits an interval after the send that went before it.
    expect(slots.claimSend(slow, 150)).toBe(202);
    expect(slots.claimSend(slow, 202)).toBeNull();
    // Asked again by the same request (its browser load after the HTTP hop that claimed): no wait for itself.
    expect(slots.claimSend(slow, 203)).toBeNull();
    slots.markSent(slow, 203);
    const third = reserve(400);
    slots.pauseUntil('h', 2_000);
    expect(slots.claimSend(third, 450)).toBe(2_000);
    expect(slots.claimSend(third, 2_000)).toBeNull();
    // A slot taken after the pause is spaced by it already: no second wait.
    slots.release(slow);
    slots.release(quick);
    slots.release(third);
    expect(slots.claimSend(reserve(2_100), 2_100)).toBeNull();
  });

  it('keeps hosts independent and only remembers hosts it has seen', () => {
    const slots = new HostSlots({ policyFor: fixed(1, 1_000) });
    expect(slots.tryReserve('a', 0).ok).toBe(true);
    expect(slots.tryReserve('b', 0).ok).toBe(true);
    expect(slots.tryReserve('a', 1).ok).toBe(false);
    expect(slots.nextOpenAtMs('never-seen')).toBe(0);
    expect(slots.inFlight('never-seen')).toBe(0);
  });
});

describe('policyFromSettings', () => {
  it('applies per-host overrides field by field over the defaults', () => {
    const settings = settingsSchema.parse({
      politeness: { maxConcurrencyPerHost: 2, minIntervalMs: 500, jitterMs: 100, hosts: { 'slow.example': { minIntervalMs: 3_000 } } },
    });
    const policyFor = policyFromSettings(settings.politeness);
    expect(policyFor('slow.example')).toEqual({ maxConcurrency: 2, minIntervalMs: 3_000, jitterMs: 100 });
    expect(policyFor('other.example')).toEqual({ maxConcurrency: 2, minIntervalMs: 500, jitterMs: 100 });
  });
});
