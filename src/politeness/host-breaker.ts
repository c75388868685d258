// One host's circuit breaker as a pure state machine: closed → open → half-open (one probe) → closed or open again.
import type { Settings } from '../settings/schema';

export type BreakerConfig = Pick<Settings['breaker'], 'threshold' | 'cooldownMs' | 'cooldownMultiplier' | 'maxCooldownMs'>;
export type BreakerState = 'closed' | 'open' | 'half-open';

/** What to do with a request about to be sent: let it through (maybe as the probe) or park it until `untilMs`. */
export type BreakerGate = { type: 'pass'; probe: boolean } | { type: 'wait'; untilMs: number; pauseHost: boolean };

/** The breaker's answer for a request about to be sent, with the transition it made (if any). */
export interface BreakerAdmission {
  gate: BreakerGate;
  transition: BreakerTransition | null;
}

/** What a gate keeps of a breaker across a resume (see ports/host-gate.ts BreakerRecord). */
export interface BreakerSnapshot {
  state: BreakerState;
  openUntilMs: number;
  cooldownMs: number;
}

export interface BreakerTransition {
  from: BreakerState;
  to: BreakerState;
  /** For `open`: when the half-open probe may go. */
  untilMs?: number;
  cooldownMs?: number;
}

/** While the probe is out, other requests look again this often (they never pause the host: the probe must run). */
const HALF_OPEN_RECHECK_MAX_MS = 1000;
const HALF_OPEN_RECHECK_MIN_MS = 10;

/**
 * Time is always passed in, never read, so tests drive it with a ManualClock. A probe that never
 * reports back (cancelled, lost to a crash) stops blocking after `probeTimeoutMs`; then another
 * request becomes the probe.
 */
export class HostBreaker {
  private current: BreakerState = 'closed';
  private consecutive = 0;
  private openUntilMs = 0;
  private cooldownMs: number;
  private probeId: string | null = null;
  private probeSentAtMs = 0;

  /**
   * `onChange` hears every change worth keeping (a transition, a longer open period): the gate pauses the
   * host and persists it. `restored` is the state the host had before a resume: a breaker that was
   * half-open comes back open until the same time, as its probe died with the process.
   */
  constructor(
    private readonly config: BreakerConfig,
    private readonly probeTimeoutMs: number,
    private readonly onChange: (snapshot: BreakerSnapshot) => void = () => undefined,
    restored?: BreakerSnapshot,
  ) {
    this.cooldownMs = restored?.cooldownMs ?? config.cooldownMs;
    if (restored && restored.state !== 'closed') {
      this.current = 'open';
      this.openUntilMs = restored.openUntilMs;
    }
  }

  /**
   * Another worker's breaker for the same host (a shared gate): follow its open period, ask for its probe,
   * and close when its probe closed the host. Our own probe, once out, decides for us. Not reported to
   * `onChange`: the change is not ours to persist.
   */
  adopt(shared: BreakerSnapshot, nowMs: number): void {
    if (this.current === 'half-open') return;
    if (shared.state === 'closed') {
      if (this.current === 'open') {
        this.current = 'closed';
        this.consecutive = 0;
        this.cooldownMs = shared.cooldownMs;
      }
      return;
    }
    // Its probe is out: our open period is over, so our next request asks the shared gate for the probe
    // (HostGate.admit), which knows whether that probe still runs (then a short look-again, no server wait),
    // answered, or died with its worker. Held open for a probe's timeout instead, every page this worker
    // picked meanwhile was parked that long (40 s by default) as the server's wait, whatever the probe said.
    const untilMs = shared.state === 'open' ? shared.openUntilMs : nowMs;
    if (this.current === 'closed' || untilMs > this.openUntilMs) {
      this.current = 'open';
      this.consecutive = 0;
      this.openUntilMs = untilMs;
      this.cooldownMs = Math.max(this.cooldownMs, shared.cooldownMs);
    }
  }

  snapshot(): BreakerSnapshot {
    return { state: this.current, openUntilMs: this.openUntil, cooldownMs: this.cooldownMs };
  }

  get state(): BreakerState {
    return this.current;
  }

  isProbe(requestId: string): boolean {
    return this.current === 'half-open' && this.probeId === requestId;
  }

  /** Whether `gate` would let `requestId` go as a probe now (a shared gate claims the probe first). */
  wouldProbe(nowMs: number, requestId: string): boolean {
    if (this.current === 'open') return nowMs >= this.openUntilMs;
    return this.current === 'half-open' && (this.probeId === requestId || nowMs >= this.probeSentAtMs + this.probeTimeoutMs);
  }

  /**
   * A shared gate refused this worker the probe: another worker's probe is out until `probeOutUntilMs`, or
   * it already answered (`shared` is then the state it left: closed, or open again). Ours never went, so
   * the shared state is followed as it is; the request passes, or waits without pausing the host while
   * the other probe is out.
   */
  refused(shared: BreakerSnapshot, probeOutUntilMs: number, nowMs: number): BreakerGate {
    this.probeId = null;
    this.consecutive = 0;
    if (shared.cooldownMs > 0) this.cooldownMs = shared.cooldownMs;
    if (shared.state === 'closed') {
      this.current = 'closed';
      return { type: 'pass', probe: false };
    }
    this.current = 'open';
    if (shared.state === 'open' && shared.openUntilMs > nowMs) {
      this.openUntilMs = shared.openUntilMs;
      return { type: 'wait', untilMs: this.openUntilMs, pauseHost: true };
    }
    return this.waitForProbe(nowMs, probeOutUntilMs);
  }

  /** Call before sending `requestId`; a `pass` with probe=true moved the breaker to half-open. */
  gate(nowMs: number, requestId: string): BreakerAdmission {
    if (this.current === 'closed') return { gate: { type: 'pass', probe: false }, transition: null };
    if (this.current === 'open') {
      if (nowMs < this.openUntilMs) return { gate: { type: 'wait', untilMs: this.openUntilMs, pauseHost: true }, transition: null };
      this.current = 'half-open';
      this.startProbe(nowMs, requestId);
      this.onChange(this.snapshot());
      return { gate: { type: 'pass', probe: true }, transition: { from: 'open', to: 'half-open' } };
    }
    if (this.probeId === requestId || nowMs >= this.probeSentAtMs + this.probeTimeoutMs) {
      this.startProbe(nowMs, requestId);
      return { gate: { type: 'pass', probe: true }, transition: null };
    }
    return { gate: this.waitForProbe(nowMs, this.probeSentAtMs + this.probeTimeoutMs), transition: null };
  }

  /** A probe is out (ours or another worker's) until `probeOutUntilMs` at most: look again shortly. */
  private waitForProbe(nowMs: number, probeOutUntilMs: number): BreakerGate {
    const recheckMs = Math.max(HALF_OPEN_RECHECK_MIN_MS, Math.min(this.config.cooldownMs, HALF_OPEN_RECHECK_MAX_MS));
    return { type: 'wait', untilMs: Math.max(nowMs + HALF_OPEN_RECHECK_MIN_MS, Math.min(nowMs + recheckMs, probeOutUntilMs)), pauseHost: false };
  }

  /** A throttling answer (429/503, a block page). `retryAfterAtMs` stretches the open period, never shortens it. */
  onThrottle(nowMs: number, requestId: string, retryAfterAtMs: number | null): BreakerTransition | null {
    if (this.isProbe(requestId)) {
      // The host is still throttling: wait longer each time, up to the cap.
      this.cooldownMs = Math.min(this.config.maxCooldownMs, Math.round(this.cooldownMs * this.config.cooldownMultiplier));
      return this.open(nowMs, retryAfterAtMs, 'half-open');
    }
    if (this.current === 'open') {
      // A request already in flight when the breaker opened: it can only lengthen the pause.
      if (retryAfterAtMs !== null && retryAfterAtMs > this.openUntilMs) {
        this.openUntilMs = retryAfterAtMs;
        this.onChange(this.snapshot());
      }
      return null;
    }
    if (this.current === 'half-open') return null;
    this.consecutive += 1;
    if (this.consecutive < this.config.threshold) return null;
    return this.open(nowMs, retryAfterAtMs, 'closed');
  }

  /** Any answer that is not throttling: ends a streak; a good probe closes the breaker and resets the cooldown. */
  onSuccess(requestId: string): BreakerTransition | null {
    if (this.isProbe(requestId)) {
      this.current = 'closed';
      this.consecutive = 0;
      this.cooldownMs = this.config.cooldownMs;
      this.probeId = null;
      this.onChange(this.snapshot());
      return { from: 'half-open', to: 'closed' };
    }
    if (this.current === 'closed') this.consecutive = 0;
    return null;
  }

  /** The probe failed in transport (reset, timeout): the host is not healthy yet. */
  onProbeError(nowMs: number, requestId: string): BreakerTransition | null {
    return this.isProbe(requestId) ? this.onThrottle(nowMs, requestId, null) : null;
  }

  /** When the open period ends (0 when closed). */
  get openUntil(): number {
    return this.current === 'open' ? this.openUntilMs : 0;
  }

  private open(nowMs: number, retryAfterAtMs: number | null, from: BreakerState): BreakerTransition {
    this.current = 'open';
    this.consecutive = 0;
    this.probeId = null;
    this.openUntilMs = Math.max(nowMs + this.cooldownMs, retryAfterAtMs ?? 0);
    this.onChange(this.snapshot());
    return { from, to: 'open', untilMs: this.openUntilMs, cooldownMs: this.cooldownMs };
  }

  private startProbe(nowMs: number, requestId: string): void {
    this.probeId = requestId;
    this.probeSentAtMs = nowMs;
  }
}
