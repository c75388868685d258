// Client-side view of politeness: per-origin gaps when undici creates a request and when it writes its headers.
import { subscribe } from 'node:diagnostics_channel';

interface GapStats {
  gaps: number;
  underMin: number;
  minGapMs: number | null;
}

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
    for (const list of stamps.values()) {
      for (let i = 1; i < list.length; i++) {
        const gap = list[i] - list[i - 1];
        count++;
        if (gap < minIntervalMs) underMin++;
        minGapMs = Math.min(minGapMs, gap);
      }
    }
    return { gaps: count, underMin, minGapMs: Number.isFinite(minGapMs) ? Math.round(minGapMs * 100) / 100 : null };
  };
  return () => ({ created: gaps(created), written: gaps(written) });
}
