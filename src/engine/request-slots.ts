// The host slot a request holds along its redirect chain: its lease's, then a booked slot of each other host a hop goes to.
import { setTimeout as sleep } from 'node:timers/promises';
import { FetchWait } from '../core/errors';
import type { SideSlot } from '../downloader/middleware';
import { FetchDeadline } from '../fetch/fetch-deadline';
import type { HopDeadline } from '../fetch/fetcher';
import type { Frontier, HopBooking, HostSlot, Lease } from '../ports/frontier';
import { steadyNowMs } from '../politeness/clock';
import type { HostJudgements } from './host-judgements';

/** At its concurrency cap a redirect target is asked again this often (a release wakes no hop). */
const AT_CAP_RECHECK_MS = 10;

/**
 * The fetcher follows redirects itself, so a hop never passed its host's pick: to another host it landed
 * between the host's own requests (gaps of 80 ms at a 300 ms interval) and beside them past its concurrency
 * cap; on its own host it followed the answer at once (1 to 4 ms at the server, for any interval). A hop
 * frees the slot it holds (that host answered) and books the next slot of the host it goes to, waiting for
 * it: that host's own requests queue behind it, its interval and cap hold. Every slot is released or
 * cancelled once, whichever comes first.
 */
export class RequestSlots {
  private current: HostSlot;
  private currentHost: string;
  /** Ends the judgement of this request's latest answer that may pause its host (none open: does nothing). */
  private endJudgement: () => void = () => undefined;

  constructor(
    private readonly lease: Lease,
    private readonly frontier: Pick<Frontier, 'bookHop'>,
    private readonly hostKeyOf: (url: string) => string,
    /** A slot came free mid-fetch: the pool may have work for its host again. */
    private readonly freed: () => void,
    /** The host's answers still being judged in this process; a one-off fetch has no other requests to wait for. */
    private readonly judgements: HostJudgements | null = null,
  ) {
    this.current = once(lease);
    this.currentHost = lease.hostKey;
  }

  markSent(): void {
    this.current.markSent();
  }

  /** The answer that arrived may pause its host: the host's other sends wait until `judged()` (or this request's next hop). */
  judging(hostKey: string): void {
    this.endJudgement();
    this.endJudgement = this.judgements?.begin(hostKey, this) ?? (() => undefined);
  }

  /** The chain is done with the request's latest answer. */
  judged(): void {
    this.endJudgement();
  }

  release(): void {
    this.current.releaseSlot();
  }

  cancel(): void {
    this.current.cancelReservation();
  }

  /**
   * Right before the request's first send: held until its slot may go to the wire (`HostSlot.claimSend`: an
   * interval after the host's latest send, whichever slot that was, and out of a pause the host got since).
   * A time further off than half the fetch's time left is deferred to (`host/busy`, no attempt counted; the
   * deferral counts against retry.maxDeferrals, so a wait that comes back on every try ends, never loops).
   */
  async beforeSend(deadline: HopDeadline): Promise<void> {
    // A try going on from a hop to another host that an earlier try gave back: its first send is that hop, in
    // that host's slot (the start host's slot goes back unused). Sent from its start URL again, each try cost
    // the start host one more request while the target's own pages kept taking the slot the hop waited for.
    // Only such a try's URL is parsed: every other request's first send is on its lease's host.
    const { url, resumeAt } = this.lease.request;
    if (resumeAt !== null && this.hostKeyOf(resumeAt.url) !== this.currentHost) {
      this.current.cancelReservation();
      return this.beforeHop(resumeAt.url, deadline);
    }
    const patienceUntilMs = steadyNowMs() + deadline.remainingMs() / 2;
    await this.claimSend(deadline, patienceUntilMs, (untilMs) => new FetchWait('HOST_BUSY', `the host has no send before ${new Date(untilMs).toISOString()} (${url})`, untilMs, true));
  }

  /**
   * A pause the host got after the slot was taken (a Retry-After, its breaker opening) is not waited out here:
   * the chain let the request through before it, so it goes back to the frontier until the pause's end and
   * passes the chain again. Waited out, it went to the wire as the pause ended, beside the breaker's one
   * probe (a host half-open at a concurrency of two got a second page 120 ms into its probe). It is asked
   * once no answer of the host that may pause it is still being judged (`HostJudgements`).
   */
  private async claimSend(deadline: HopDeadline, patienceUntilMs: number, tooFar: (untilMs: number) => FetchWait, slot = this.current, hostKey = this.currentHost): Promise<void> {
    // An answer of the host that may pause it is being judged: its pause, if it sets one, must be seen first.
    // The wait is our own queueing, not the site's slowness: past the patience the request goes back unsent
    // (waited out inside the fetch's deadline, a slow judgement ended a request never sent as fetch/timeout).
    if (this.judgements && !(await this.judgements.settledBy(hostKey, this, patienceUntilMs - steadyNowMs(), deadline.signal))) {
      throw tooFar(steadyNowMs());
    }
    for (let atMs = (await slot.claimSend?.()) ?? null; atMs !== null; atMs = (await slot.claimSend?.()) ?? null) {
      if (atMs > patienceUntilMs) throw tooFar(atMs);
      const pausedUntilMs = (await slot.pausedUntilMs?.()) ?? null;
      if (pausedUntilMs !== null) throw tooFar(pausedUntilMs);
      await sleep(Math.max(0, atMs - steadyNowMs()), undefined, { signal: deadline.signal });
    }
  }

  /**
   * A slot of `url`'s host for a send made beside the request, which keeps its own (a robots.txt read again for
   * a browser page's part: it went out at once, inside the host's interval). Booked and waited for as a hop's
   * slot; the caller marks it sent and releases it. At its cap the request's own host cannot give one while the
   * request holds its slot, so that fails at once (its next request reads the file in its own slot); another
   * host at its cap is asked again until half the time left, as a hop does.
   */
  async bookBeside(url: string, deadline: HopDeadline): Promise<HostSlot> {
    const hostKey = this.hostKeyOf(url);
    const patienceUntilMs = steadyNowMs() + deadline.remainingMs() / 2;
    const tooFar = (untilMs: number) => new FetchWait('HOST_BUSY', `the host has no slot before ${new Date(untilMs).toISOString()} for a send beside the request (${url})`, untilMs);
    const booking = await this.book(hostKey, true, patienceUntilMs, deadline, tooFar);
    const slot = once(booking.slot);
    try {
      if (booking.atMs > patienceUntilMs) throw tooFar(booking.atMs);
      await sleep(Math.max(0, booking.atMs - steadyNowMs()), undefined, { signal: deadline.signal });
      await this.claimSend(deadline, patienceUntilMs, tooFar, slot, hostKey);
      return slot;
    } catch (error) {
      slot.cancelReservation();
      throw error;
    }
  }

  /**
   * Before a hop is sent: the slot of the host it goes to, the same one included, is booked and waited
   * for. A slot further off than half the fetch's time left (a long Crawl-delay, a paused host, a cap that
   * stays full) is not waited for inside the fetch, whose deadline would fail it as a timeout of the site:
   * the request is deferred until then (`redirect/host-busy`, no attempt counted). On its own host that
   * comes back on every try sent from the start (the request's own send starts the interval its hop then
   * waits for), so the next try goes on from the hop's target (see `busy`).
   */
  async beforeHop(toUrl: string, deadline: HopDeadline): Promise<void> {
    const hostKey = this.hostKeyOf(toUrl);
    const sameHost = hostKey === this.currentHost;
    // A hop the chain follows (a block page's refresh) is its verdict on the answer: nothing will pause the host
    // for it. Held on, two such answers of one host each waited for the other's judgement until their fetches timed out.
    this.endJudgement();
    this.current.releaseSlot();
    this.freed();
    const patienceUntilMs = steadyNowMs() + deadline.remainingMs() / 2;
    const booking = await this.book(hostKey, false, patienceUntilMs, deadline, (untilMs) => busy(toUrl, untilMs, sameHost));
    this.current = once(booking.slot);
    this.currentHost = hostKey;
    try {
      if (booking.atMs > patienceUntilMs) throw busy(toUrl, booking.atMs, sameHost);
      const waitMs = booking.atMs - steadyNowMs();
      if (waitMs > 0) {
        await sleep(waitMs, undefined, { signal: deadline.signal });
        // The host was paused while the hop waited (its answer to another request asked for a wait): the hop
        // went out in its booked slot, 400 ms into a `Retry-After: 3`. Deferred to the pause's end instead.
        // Asked only after a wait: a slot booked for now was booked after any pause (book_hop waits one out).
        const pausedUntilMs = (await this.current.pausedUntilMs?.()) ?? null;
        if (pausedUntilMs !== null) throw busy(toUrl, pausedUntilMs, sameHost);
      }
      // The booked time was kept, but a request of the host that reached the wire late may have gone meanwhile.
      await this.claimSend(deadline, patienceUntilMs, (untilMs) => busy(toUrl, untilMs, sameHost));
    } catch (error) {
      // Not sent: its turn is too far off, or the fetch was cut off (its deadline, a shutdown) meanwhile.
      this.current.cancelReservation();
      throw error;
    }
  }

  /** The host's next slot; at its cap asked again until the patience runs out, but never beside the request on its own host (it holds that cap). */
  private async book(hostKey: string, beside: boolean, patienceUntilMs: number, deadline: HopDeadline, tooFar: (untilMs: number) => FetchWait): Promise<HopBooking> {
    for (;;) {
      const booking = await this.frontier.bookHop(hostKey, steadyNowMs(), this.lease, beside);
      if (booking !== null) return booking;
      if ((beside && hostKey === this.currentHost) || steadyNowMs() + AT_CAP_RECHECK_MS > patienceUntilMs) throw tooFar(steadyNowMs() + AT_CAP_RECHECK_MS);
      await sleep(AT_CAP_RECHECK_MS, undefined, { signal: deadline.signal });
    }
  }
}

/** A slot beside the request's (`RequestSlots.bookBeside`), waited for within a fetch's whole time, as a followed hop's slot is. */
export async function slotBeside(slots: RequestSlots, url: string, timeoutMs: number, signal: AbortSignal): Promise<SideSlot> {
  const deadline = new FetchDeadline(timeoutMs, signal);
  try {
    return await slots.bookBeside(url, deadline);
  } catch (error) {
    throw deadline.explain(error, url);
  } finally {
    deadline.dispose();
  }
}

/**
 * On the request's own host the wait comes back on every try, so it counts against retry.maxDeferrals, unless
 * the fetcher can go on from the hop's target next time (`resumesAtHop`): the next try is its next hop then,
 * whichever host it is on (see beforeSend).
 */
function busy(toUrl: string, untilMs: number, sameHost: boolean): FetchWait {
  return new FetchWait('REDIRECT_HOST_BUSY', `the redirect target's host has no slot before ${new Date(untilMs).toISOString()} (${toUrl})`, untilMs, sameHost, true);
}

/** The slot, each of its ends taken once: release and cancel are final, and only the first counts. */
function once(slot: HostSlot): HostSlot {
  let settled = false;
  const end = (action: () => void) => () => {
    if (settled) return;
    settled = true;
    action();
  };
  return {
    markSent: () => slot.markSent(),
    releaseSlot: end(() => slot.releaseSlot()),
    cancelReservation: end(() => slot.cancelReservation()),
    pausedUntilMs: () => (settled ? null : (slot.pausedUntilMs?.() ?? null)),
    claimSend: () => (settled ? null : (slot.claimSend?.() ?? null)),
  };
}
