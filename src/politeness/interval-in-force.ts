// Which interval spaces a host's sends, and why: Crawl-delay is a floor under the throttle's or the configured one.
import type { IntervalCause } from '../ports/host-gate';

export function intervalInForce(configuredMs: number, throttleMs: number | null, crawlDelayMs: number): { intervalMs: number; cause: IntervalCause } {
  const base = throttleMs ?? configuredMs;
  if (crawlDelayMs > base) return { intervalMs: crawlDelayMs, cause: 'crawl-delay' };
  return { intervalMs: base, cause: throttleMs === null ? 'configured' : 'throttle' };
}
