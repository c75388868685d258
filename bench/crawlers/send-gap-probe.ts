// Client-side view of politeness: per-origin gaps when undici creates a request and when it writes its headers.
import { subscribe } from 'node:diagnostics_channel';

interface GapStats {
  gaps: number;
  underMin: number;
  minGapMs: number | null;
  /** Sum of the gaps, and of those after each host's first `WARM_UP_GAPS` (start-up: JIT, first commits). */
  sumMs: number;
  steadyGaps: number;
  steadySumMs: number;
}

const WARM_UP_GAPS = 5;

/**
 * Subscribes to undici's diagnostics channels (the same undici instance the fetcher uses). Comparing the two
 * points shows where spacing is lost: a request created on time but written late shrinks the gap at the server.
 */
export function startSendGapProbe(minIntervalMs: number): () => { created: GapStats; written: GapStats } {
  const created = new Map<string, number[]>();
  const written = new Map<string, number[]>();
  const stamp = (into: Map<string, number[]>, origin: string): void => {
    const list = into.get(origin) ?? [];
    list.push(performance.now());
    into.set(origin, list);
  };
  subscribe('undici:request:create', (message) => stamp(created, String((message as { request: { origin: string } }).request.origin)));
  subscribe('undici:client:sendHeaders', (message) => stamp(written, String((message as { request: { origin: string } }).request.origin)));
  const gaps = (stamps: Map<string, number[]>): GapStats => {
    let count = 0;
    let underMin = 0;
    let minGapMs = Infinity;
    let sumMs = 0;
    let steadyGaps = 0;
    let steadySumMs = 0;
    for (const list of stamps.values()) {
      for (let i = 1; i < list.length; i++) {
        const gap = list[i] - list[i - 1];
        count++;
        sumMs += gap;
        if (i > WARM_UP_GAPS) {
          steadyGaps++;
          steadySumMs += gap;
        }
        if (gap < minIntervalMs) underMin++;
        minGapMs = Math.min(minGapMs, gap);
      }
    }
    return { gaps: count, underMin, minGapMs: Number.isFinite(minGapMs) ? Math.round(minGapMs * 100) / 100 : null, sumMs, steadyGaps, steadySumMs };
  };
  return () => ({ created: gaps(created), written: gaps(written) });
}
