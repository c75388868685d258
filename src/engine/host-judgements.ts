// The answers still being judged, per host: a send to a host waits while one of its answers that may pause it is read.
import { once } from 'node:events';

/**
 * With `maxConcurrencyPerHost` above one, an answer that may pause its host (a 429 or 503 without
 * Retry-After, any status the breaker counts) holds only its own slot while the middlewares store and judge
 * it; the host's other slots went on picking and sending, and a request reached the server 34 ms after the
 * crawler had the 429 that opened the breaker. Each such answer is registered here on arrival and let go
 * once the chain is done with it; a send to the host waits for that, then finds the pause (if any) in force.
 * A request's own answer never holds it (a refresh the chain follows). One process's answers only: another
 * worker's send is as concurrent as a request already in flight.
 */
export class HostJudgements {
  private readonly open = new Map<string, { owners: Set<object>; changed: EventTarget }>();

  /** `onHold` hears each send that had to wait for an answer of its host (stats, tests). */
  constructor(private readonly onHold: (hostKey: string) => void = () => undefined) {}

  /** An answer of the host that may pause it arrived for `owner` (its request's slots): the returned function ends its judgement. */
  begin(hostKey: string, owner: object): () => void {
    const entry = this.open.get(hostKey) ?? { owners: new Set<object>(), changed: new EventTarget() };
    entry.owners.add(owner);
    this.open.set(hostKey, entry);
    return () => {
      if (!entry.owners.delete(owner)) return;
      if (entry.owners.size === 0) this.open.delete(hostKey);
      entry.changed.dispatchEvent(new Event('ended'));
    };
  }

  /**
   * True once no other request's answer of the host is being judged (at once when none is); false when one
   * still is after `withinMs`, for the caller to hand its request back rather than wait on. Rejects when
   * `signal` aborts.
   */
  async settledBy(hostKey: string, owner: object, withinMs: number, signal: AbortSignal): Promise<boolean> {
    if (!this.judgedByOther(hostKey, owner)) return true;
    this.onHold(hostKey);
    const patience = new AbortController();
    const timer = setTimeout(() => patience.abort(), Math.max(0, withinMs));
    try {
      for (let entry = this.open.get(hostKey); entry && this.judgedByOther(hostKey, owner); entry = this.open.get(hostKey)) {
        await once(entry.changed, 'ended', { signal: AbortSignal.any([signal, patience.signal]) });
      }
      return true;
    } catch (error) {
      if (patience.signal.aborted && !signal.aborted) return false;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private judgedByOther(hostKey: string, owner: object): boolean {
    return [...(this.open.get(hostKey)?.owners ?? [])].some((o) => o !== owner);
  }
}
