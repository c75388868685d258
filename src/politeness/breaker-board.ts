// The circuit breakers of a gate's hosts: made on first use, restored from the run, every change reported to the gate.
import type { Settings } from '../settings/schema';
import { HostBreaker, type BreakerConfig, type BreakerSnapshot, type BreakerState } from './host-breaker';

export interface BreakerOptions {
  config: BreakerConfig;
  /** How long a half-open probe may stay out before another request may probe instead. */
  probeTimeoutMs: number;
}

/** A probe that never answers is given the longest a request can take: connect plus response timeout. */
export function breakerOptionsFromSettings(settings: Pick<Settings, 'breaker' | 'http'>): BreakerOptions {
  return { config: settings.breaker, probeTimeoutMs: settings.http.timeoutMs + settings.http.connectTimeoutMs };
}

export class BreakerBoard {
  private readonly breakers = new Map<string, HostBreaker>();
  private readonly restored = new Map<string, BreakerSnapshot>();

  constructor(
    private readonly options: BreakerOptions,
    /** The gate pauses the host while open and persists the snapshot. */
    private readonly onChange: (hostKey: string, snapshot: BreakerSnapshot) => void,
  ) {}

  /** The state a host's breaker had before a resume; used when the breaker is first asked for. */
  restore(hostKey: string, snapshot: BreakerSnapshot): void {
    if (snapshot.state !== 'closed' || snapshot.cooldownMs !== this.options.config.cooldownMs) this.restored.set(hostKey, snapshot);
  }

  get(hostKey: string): HostBreaker {
    let breaker = this.breakers.get(hostKey);
    if (!breaker) {
      breaker = new HostBreaker(this.options.config, this.options.probeTimeoutMs, (snapshot) => this.onChange(hostKey, snapshot), this.restored.get(hostKey));
      this.restored.delete(hostKey);
      this.breakers.set(hostKey, breaker);
    }
    return breaker;
  }

  /** Another worker's state of the host's breaker (a shared gate); see HostBreaker.adopt. */
  adopt(hostKey: string, shared: BreakerSnapshot, nowMs: number): void {
    this.get(hostKey).adopt(shared, nowMs);
  }

  /** Hosts whose breaker is not closed here. */
  notClosed(): string[] {
    return [...this.breakers].filter(([, breaker]) => breaker.state !== 'closed').map(([hostKey]) => hostKey);
  }

  /** The breaker's state without making one: restored ones count (a resumed run shows them open). */
  state(hostKey: string): BreakerState {
    return this.breakers.get(hostKey)?.state ?? (this.restored.has(hostKey) ? 'open' : 'closed');
  }

  snapshot(hostKey: string): BreakerSnapshot {
    return this.breakers.get(hostKey)?.snapshot() ?? this.restored.get(hostKey) ?? { state: 'closed', openUntilMs: 0, cooldownMs: this.options.config.cooldownMs };
  }
}
