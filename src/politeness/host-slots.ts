// Per-host send slots: at most maxConcurrency in flight and sends spaced by the interval in force + jitter.
import type { GateRecord, HostGateView, PauseCause } from '../ports/host-gate';
import type { HostPolicy, PolicyFor } from './host-policy';
import { intervalInForce } from './interval-in-force';

export type { HostPolicy, PolicyFor } from './host-policy';
export { policyFromSettings } from './host-policy';

export interface Reservation {
  readonly hostKey: string;
  /** Serial of this reservation within its host; lets cancel() tell whether another one followed. */
  readonly serial: number;
  /** The host's next open time before this reservation, restored by cancel() when still possible. */
  readonly previousNextOpenAtMs: number;
  /** The next open time this reservation set; a pause or a later reservation changes it. */
  readonly nextOpenAtMs: number;
  /** When the slot was taken; the interval is re-anchored if the send happens later. */
  readonly reservedAtMs: number;
}

export type ReserveResult =
  | { ok: true; reservation: Reservation }
  /** `retryAtMs` null: the host is at its concurrency cap, wait for a release. */
  | { ok: false; retryAtMs: number | null };

interface HostState {
  policy: HostPolicy;
  nextOpenAtMs: number;
  inFlight: number;
  serial: number;
  /** Reservations not yet released or cancelled, so a double release cannot free a slot twice. */
  open: Set<number>;
  /** The adaptive throttle's interval, replacing policy.minIntervalMs while set. */
  adaptedIntervalMs: number | null;
  /** robots.txt's Crawl-delay: a floor under the interval. */
  crawlDelayMs: number;
  /** The interval in force (kept so a reservation reads one field, not three). */
  intervalMs: number;
  /** The latest pause (Retry-After, breaker): a cancelled reservation never gives back time before it. */
  pausedUntilMs: number;
  pauseCause: PauseCause | null;
  /** The latest reservation or send: where a grown interval is counted from. */
  lastSendAtMs: number;
  /** The latest send that went (or was let go) to the wire, whichever reservation it was: null before the first. */
  lastWriteAtMs: number | null;
  /** The reservation of that send (0: none, or a send outside the slots): asked again, it goes at once. */
  lastWriteSerial: number;
}

/** The slots' part of a host's gate view (the breaker is the gate's). */
export type HostSlotView = Omit<HostGateView, 'breaker'>;

export interface HostSlotsOptions {
  policyFor: PolicyFor;
  /** Uniform in [0, 1); injected so tests can pin the jitter. */
  random?: () => number;
  /** Added to every non-zero interval (`politeness.intervalMarginMs`); 0 here so unit tests count exact intervals. */
  marginMs?: number;
}

/**
 * The check and the reservation happen in one synchronous call, so no two callers can both see a
 * slot open: JavaScript cannot interleave them without an await.
 */
export class HostSlots {
  private readonly hosts = new Map<string, HostState>();
  private readonly policyFor: PolicyFor;
  private readonly random: () => number;
  private readonly marginMs: number;

  constructor(options: HostSlotsOptions) {
    this.policyFor = options.policyFor;
    this.random = options.random ?? Math.random;
    this.marginMs = options.marginMs ?? 0;
  }

  policy(hostKey: string): HostPolicy {
    return this.state(hostKey).policy;
  }

  tryReserve(hostKey: string, nowMs: number): ReserveResult {
    const host = this.state(hostKey);
    if (host.inFlight >= host.policy.maxConcurrency) return { ok: false, retryAtMs: null };
    if (nowMs < host.nextOpenAtMs) return { ok: false, retryAtMs: host.nextOpenAtMs };
    return { ok: true, reservation: this.reserve(hostKey, host, nowMs) };
  }

  /**
   * The host's next slot, however far off, for a request already under way that must reach it next (a
   * redirect hop from another host): taken now, so requests picked meanwhile queue behind it instead of
   * starving it. Null while the host is at its concurrency cap. The send is due at `reservation.reservedAtMs`.
   */
  book(hostKey: string, nowMs: number): Reservation | null {
    const host = this.state(hostKey);
    if (host.inFlight >= host.policy.maxConcurrency) return null;
    return this.reserve(hostKey, host, Math.max(nowMs, host.nextOpenAtMs));
  }

  private reserve(hostKey: string, host: HostState, atMs: number): Reservation {
    const reservation: Reservation = {
      hostKey,
      serial: ++host.serial,
      previousNextOpenAtMs: host.nextOpenAtMs,
      nextOpenAtMs: atMs + this.spacingMs(host.intervalMs) + this.jitter(host.policy.jitterMs),
      reservedAtMs: atMs,
    };
    host.nextOpenAtMs = reservation.nextOpenAtMs;
    host.lastSendAtMs = Math.max(host.lastSendAtMs, atMs);
    host.inFlight += 1;
    host.open.add(reservation.serial);
    return reservation;
  }

  /**
   * The request is being written to the socket now. The host sees sends, not reservations: if the
   * send came later than the reservation (a slow middleware, a busy event loop), the interval is
   * counted from the send, so the gap the server measures never shrinks below minIntervalMs.
   */
  markSent(reservation: Reservation, nowMs: number): void {
    const host = this.hosts.get(reservation.hostKey);
    if (host?.open.has(reservation.serial)) this.wrote(host, reservation.serial, nowMs);
    const lateByMs = nowMs - reservation.reservedAtMs;
    if (!host || lateByMs <= 0 || !host.open.has(reservation.serial)) return;
    host.nextOpenAtMs = Math.max(host.nextOpenAtMs, reservation.nextOpenAtMs + lateByMs);
    host.lastSendAtMs = Math.max(host.lastSendAtMs, nowMs);
  }

  /**
   * The reservation's request is about to go to the wire: null lets it go now (and counts it as this
   * moment's send, so a request asking next waits an interval after it), else the time to ask again. With
   * more than one request of a host in flight, slots are spaced in the order they were taken, but a request
   * may reach the wire later than one taken after it (its browser page took longer than the interval to
   * get ready): it then went out a few ms after that one. Nor does it go into a pause the host got since.
   */
  claimSend(reservation: Reservation, nowMs: number): number | null {
    const host = this.hosts.get(reservation.hostKey);
    // Asked again by the same request (a browser load after its HTTP hop waited, a refresh after its booked wait).
    if (!host || !host.open.has(reservation.serial) || host.lastWriteSerial === reservation.serial) return null;
    const pausedUntilMs = this.pausedAfter(reservation, nowMs);
    if (pausedUntilMs !== null) return pausedUntilMs;
    const spacedAtMs = host.lastWriteAtMs === null ? nowMs : host.lastWriteAtMs + this.spacingMs(host.intervalMs);
    if (nowMs < spacedAtMs) return spacedAtMs;
    this.wrote(host, reservation.serial, nowMs);
    return null;
  }

  private wrote(host: HostState, serial: number, atMs: number): void {
    if (host.lastWriteAtMs !== null && atMs < host.lastWriteAtMs) return;
    host.lastWriteAtMs = atMs;
    host.lastWriteSerial = serial;
  }

  /**
   * The response (or error) arrived at `nowMs`: free the concurrency slot; the interval keeps running.
   * A Crawl-delay also counts from the answer, as Yandex, who introduced it, defines it (the wait after
   * loading one page before starting the next): a slow answer never lets the next send follow it closely.
   */
  release(reservation: Reservation, nowMs?: number): void {
    const host = this.hosts.get(reservation.hostKey);
    if (!host || !host.open.delete(reservation.serial)) return;
    host.inFlight -= 1;
    if (host.crawlDelayMs > 0 && nowMs !== undefined) host.nextOpenAtMs = Math.max(host.nextOpenAtMs, nowMs + this.spacingMs(host.crawlDelayMs));
  }

  /**
   * The request was never sent: free the slot and, when no later reservation or out-of-band send built
   * on this one, give back the interval too (a later one already spaced itself from ours), but never
   * the time of a pause.
   */
  cancel(reservation: Reservation): void {
    const host = this.hosts.get(reservation.hostKey);
    if (!host || !host.open.delete(reservation.serial)) return;
    host.inFlight -= 1;
    if (host.serial === reservation.serial && host.nextOpenAtMs === reservation.nextOpenAtMs) {
      host.nextOpenAtMs = Math.max(reservation.previousNextOpenAtMs, host.pausedUntilMs);
    }
  }

  /**
   * A pause the host got after `reservation` was taken, while it still runs (else null). A slot is only taken
   * while the host is open or booked for when it opens, so a pause ending after both now and the reserved
   * time came later: another request's answer (a 429 with Retry-After) while this one waited for its turn.
   */
  pausedAfter(reservation: Reservation, nowMs: number): number | null {
    const host = this.hosts.get(reservation.hostKey);
    if (!host || !host.open.has(reservation.serial)) return null;
    return host.pausedUntilMs > Math.max(nowMs, reservation.reservedAtMs) ? host.pausedUntilMs : null;
  }

  /** Retry-After or a breaker: never moves the next open time backward. */
  pauseUntil(hostKey: string, untilMs: number, cause: PauseCause = 'retry-after'): void {
    const host = this.state(hostKey);
    if (untilMs > host.pausedUntilMs) {
      host.pausedUntilMs = untilMs;
      host.pauseCause = cause;
    }
    if (untilMs > host.nextOpenAtMs) host.nextOpenAtMs = untilMs;
  }

  /**
   * A request went to the host outside the slots (robots.txt): the next one waits a full interval after
   * it. Counts as a reservation, so cancelling an earlier one cannot give this spacing back.
   */
  noteSend(hostKey: string, atMs: number): void {
    const host = this.state(hostKey);
    host.serial += 1;
    host.lastSendAtMs = Math.max(host.lastSendAtMs, atMs);
    this.wrote(host, 0, atMs);
    host.nextOpenAtMs = Math.max(host.nextOpenAtMs, atMs + this.spacingMs(host.intervalMs));
  }

  /**
   * The adaptive throttle sets the host's interval. A longer one applies at once, counted from the
   * latest send (the slot already reserved was spaced with the old one); a shorter one only from the
   * next reservation, so it never undoes a pause.
   */
  setIntervalMs(hostKey: string, intervalMs: number): void {
    const host = this.state(hostKey);
    host.adaptedIntervalMs = intervalMs;
    this.reinterval(host);
  }

  /** robots.txt's Crawl-delay: a floor under the configured and the throttle's interval, applied as setIntervalMs applies. */
  setCrawlDelayMs(hostKey: string, crawlDelayMs: number): void {
    const host = this.state(hostKey);
    host.crawlDelayMs = crawlDelayMs;
    this.reinterval(host);
  }

  /** What a gate persisted for the host before a resume: its intervals and the pause still to run. */
  restore(hostKey: string, record: GateRecord): void {
    const host = this.state(hostKey);
    host.adaptedIntervalMs = record.throttleMs;
    host.crawlDelayMs = record.crawlDelayMs;
    this.reinterval(host);
    if (record.pauseCause !== null) this.pauseUntil(hostKey, record.pausedUntilMs, record.pauseCause);
  }

  private reinterval(host: HostState): void {
    host.intervalMs = intervalInForce(host.policy.minIntervalMs, host.adaptedIntervalMs, host.crawlDelayMs).intervalMs;
    if (host.serial > 0) host.nextOpenAtMs = Math.max(host.nextOpenAtMs, host.lastSendAtMs + this.spacingMs(host.intervalMs));
  }

  /** The interval plus the margin; a host without an interval gets none (a margin would cap a fast host at 1 / margin). */
  private spacingMs(intervalMs: number): number {
    return intervalMs > 0 ? intervalMs + this.marginMs : 0;
  }

  nextOpenAtMs(hostKey: string): number {
    return this.hosts.get(hostKey)?.nextOpenAtMs ?? 0;
  }

  inFlight(hostKey: string): number {
    return this.hosts.get(hostKey)?.inFlight ?? 0;
  }

  /** True when a request to the host may be sent at `nowMs`. */
  isOpen(hostKey: string, nowMs: number): boolean {
    const host = this.hosts.get(hostKey);
    if (!host) return true;
    return nowMs >= host.nextOpenAtMs && host.inFlight < host.policy.maxConcurrency;
  }

  atCap(hostKey: string): boolean {
    const host = this.hosts.get(hostKey);
    return host !== undefined && host.inFlight >= host.policy.maxConcurrency;
  }

  /** What a gate persists of the host (its breaker aside). */
  record(hostKey: string): Omit<GateRecord, 'breaker'> {
    const host = this.hosts.get(hostKey);
    if (!host) return { throttleMs: null, crawlDelayMs: 0, pausedUntilMs: 0, pauseCause: null };
    return { throttleMs: host.adaptedIntervalMs, crawlDelayMs: host.crawlDelayMs, pausedUntilMs: host.pausedUntilMs, pauseCause: host.pauseCause };
  }

  /** Read-only view of every host seen so far, for progress displays and metrics. */
  snapshot(nowMs: number): HostSlotView[] {
    return [...this.hosts].map(([hostKey, h]) => {
      const { intervalMs, cause } = intervalInForce(h.policy.minIntervalMs, h.adaptedIntervalMs, h.crawlDelayMs);
      const paused = h.pausedUntilMs > nowMs;
      return { hostKey, inFlight: h.inFlight, maxConcurrency: h.policy.maxConcurrency, intervalMs, intervalCause: cause, nextOpenAtMs: h.nextOpenAtMs, pausedUntilMs: paused ? h.pausedUntilMs : 0, pauseCause: paused ? h.pauseCause : null };
    });
  }

  private jitter(jitterMs: number): number {
    if (jitterMs <= 0) return 0;
    return Math.floor(this.random() * (jitterMs + 1));
  }

  private state(hostKey: string): HostState {
    let host = this.hosts.get(hostKey);
    if (!host) {
      const policy = this.policyFor(hostKey);
      host = { policy, nextOpenAtMs: 0, inFlight: 0, serial: 0, open: new Set(), adaptedIntervalMs: null, crawlDelayMs: 0, intervalMs: policy.minIntervalMs, pausedUntilMs: 0, pauseCause: null, lastSendAtMs: 0, lastWriteAtMs: null, lastWriteSerial: 0 };
      this.hosts.set(hostKey, host);
    }
    return host;
  }
}
