// Candidate priority: velocity × w1 + staleness × w2 + (proxy health − 1) × w3, on top of the request's priority.
import type { CrawlRequest } from '../core/request';
import type { Settings } from '../settings/schema';

export type PriorityWeights = Settings['frontier']['priority'];

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * Inputs come from `request.meta`: `velocity` (price changes per day), `lastSeenMs` (epoch ms of the last
 * fetch; never seen counts as not stale, so re-checks of known pages compete by age) and `proxyHealth`
 * (0..1, default 1). Higher scores are popped first within a host.
 */
export function priorityScore(request: CrawlRequest, weights: PriorityWeights, nowMs: number): number {
  const meta = request.meta as Record<string, unknown>;
  const velocity = numberOr(meta.velocity, 0);
  const lastSeenMs = numberOr(meta.lastSeenMs, nowMs);
  const stalenessSeconds = Math.max(0, (nowMs - lastSeenMs) / 1000);
  const proxyHealth = numberOr(meta.proxyHealth, 1);
  return request.priority + velocity * weights.velocity + stalenessSeconds * weights.stalenessPerSecond + (proxyHealth - 1) * weights.proxyHealth;
}
