// What happened when in a run: notable events (breaker transitions, alarms) and per-time-bucket counts, bounded in size; fed by the crawl's events.
import type { CrawlEvents } from '../events/crawl-events';

/** A moment worth marking on the report's time axis. */
export interface TimelineEvent {
  atMs: number;
  /** Stable code: `breaker/opened`, `breaker/closed`, `alarm/null-price`, … */
  kind: string;
  host?: string;
  /** Free detail (an alarm's key, a cooldown). */
  detail?: string;
}

export interface TimelineSnapshot {
  /** Start of bucket 0 (epoch ms), null until something was counted. */
  originMs: number | null;
  bucketMs: number;
  /** Counts per bucket for each series name (`items/priced`); every array has the same length. */
  series: Record<string, number[]>;
  events: TimelineEvent[];
  /** Events past the cap, counted but not kept. */
  eventsDropped: number;
}

/** Buckets start this narrow so a run of a few seconds still draws a curve. */
const INITIAL_BUCKET_MS = 100;
/** Past this many buckets the width doubles (pairs merge), so a day-long run stays a few KB. */
const MAX_BUCKETS = 600;
/** A storm that flips a breaker thousands of times keeps its first events; the rest are counted. */
const MAX_EVENTS = 1000;

/**
 * Kept in memory for one process's part of a run and stored with the run record at the end (in the
 * summary). Callers pass the time (their injected clock) so tests and the fetch log agree on it.
 * In a crawl it is an observer (`observe`): nothing in the chains knows it.
 */
export class RunTimeline {
  private originMs: number | null = null;
  private bucketMs = INITIAL_BUCKET_MS;
  private length = 0;
  private readonly series = new Map<string, number[]>();
  private readonly events: TimelineEvent[] = [];
  private eventsDropped = 0;

  /** Adds `by` to `name` in the bucket holding `atMs` (a time before the first count lands in bucket 0). */
  count(name: string, atMs: number, by = 1): void {
    this.originMs ??= atMs;
    let index = Math.max(0, Math.floor((atMs - this.originMs) / this.bucketMs));
    while (index >= MAX_BUCKETS) {
      this.coarsen();
      index = Math.floor(index / 2);
    }
    if (index >= this.length) this.grow(index + 1);
    let counts = this.series.get(name);
    if (!counts) this.series.set(name, (counts = new Array<number>(this.length).fill(0)));
    counts[index] += by;
  }

  /**
   * Subscribes to a crawl's events: breaker transitions and alarms are marked; each item is counted
   * priced or unpriced as the spider yielded it, before any stage could drop it (price-coercion drops
   * the priceless ones, and the report's null-price curve must show them).
   */
  observe(events: CrawlEvents, nowMs: () => number = Date.now): void {
    events.on('breaker.opened', ({ host, reopened, cooldownMs }) => this.mark({ atMs: nowMs(), kind: reopened ? 'breaker/reopened' : 'breaker/opened', host, detail: `cooldown ${cooldownMs} ms` }));
    events.on('breaker.half-open', ({ host }) => this.mark({ atMs: nowMs(), kind: 'breaker/half-open', host }));
    events.on('breaker.closed', ({ host }) => this.mark({ atMs: nowMs(), kind: 'breaker/closed', host }));
    events.on('alarm.fired', ({ code, key, host }) => this.mark({ atMs: nowMs(), kind: `alarm/${code}`, host: host ?? undefined, detail: key }));
    events.on('item.scraped', ({ priced }) => this.count(priced ? 'items/priced' : 'items/unpriced', nowMs()));
  }

  mark(event: TimelineEvent): void {
    if (this.events.length < MAX_EVENTS) this.events.push(event);
    else this.eventsDropped++;
  }

  snapshot(): TimelineSnapshot {
    return {
      originMs: this.originMs,
      bucketMs: this.bucketMs,
      series: Object.fromEntries([...this.series].map(([name, counts]) => [name, [...counts]])),
      events: [...this.events],
      eventsDropped: this.eventsDropped,
    };
  }

  private grow(length: number): void {
    for (const counts of this.series.values()) while (counts.length < length) counts.push(0);
    this.length = length;
  }

  /** Doubles the bucket width: bucket i of the new width holds old buckets 2i and 2i+1. */
  private coarsen(): void {
    for (const [name, counts] of this.series) {
      const merged = new Array<number>(Math.ceil(counts.length / 2)).fill(0);
      counts.forEach((n, i) => (merged[i >> 1] += n));
      this.series.set(name, merged);
    }
    this.length = Math.ceil(this.length / 2);
    this.bucketMs *= 2;
  }
}
