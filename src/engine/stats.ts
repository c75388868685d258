// Run counters with stable slash-namespaced keys (`http/status/200`, `items/dropped/invalid`).
import { performance } from 'node:perf_hooks';

export class Stats {
  private readonly counters = new Map<string, number>();
  /** Keys kept by max(), not summed: several processes' counters merge by taking the largest. */
  private readonly peaks = new Set<string>();
  private readonly startedAtMs = performance.now();
  /** Text kept beside a counter, first one wins (the first error a component threw); processes merge by keeping theirs if none is held. */
  private readonly texts = new Map<string, string>();

  inc(key: string, by = 1): void {
    this.counters.set(key, (this.counters.get(key) ?? 0) + by);
  }

  /** Keeps the largest value seen under `key` (peaks: `browser/pss-peak-bytes`). */
  max(key: string, value: number): void {
    this.peaks.add(key);
    if (value > (this.counters.get(key) ?? -Infinity)) this.counters.set(key, value);
  }

  get(key: string): number {
    return this.counters.get(key) ?? 0;
  }

  /** Counters under a prefix, keyed by the rest of the key (`byPrefix('http/status/')`). */
  byPrefix(prefix: string): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [key, value] of this.counters) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = value;
    return out;
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries([...this.counters].sort(([a], [b]) => a.localeCompare(b)));
  }

  peakKeys(): string[] {
    return [...this.peaks];
  }

  /** Keeps `text` under `key` unless one is held already: the first occurrence is the one a reader starts from. */
  note(key: string, text: string): void {
    if (!this.texts.has(key)) this.texts.set(key, text);
  }

  /** Notes under a prefix, keyed by the rest of the key. */
  notesByPrefix(prefix: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [key, text] of this.texts) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = text;
    return out;
  }

  notes(): Record<string, string> {
    return Object.fromEntries(this.texts);
  }

  elapsedMs(): number {
    return performance.now() - this.startedAtMs;
  }
}
