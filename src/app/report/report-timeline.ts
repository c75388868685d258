// Puts the run's timeline (events, priced/unpriced items) on the report's time axis, the fetch log's buckets.
import type { TimelineSnapshot } from '../../engine/run-timeline';

/** The report's x axis: bucket i covers [originMs + i·bucketMs, originMs + (i+1)·bucketMs). */
export interface TimeAxis {
  originMs: number;
  bucketMs: number;
  buckets: number;
}

export interface ReportEvent {
  /** Bucket on the report's axis (clamped to it: an event after the last fetch sits in the last bucket). */
  bucket: number;
  /** Milliseconds since the first fetch (may be negative for events before it). */
  offsetMs: number;
  kind: string;
  host: string | null;
  detail: string | null;
}

export interface ItemsOverTime {
  /** Items with a valid price per report bucket, as the spider yielded them (what the null-price alarm judges). */
  priced: number[];
  unpriced: number[];
}

function bucketOf(axis: TimeAxis, atMs: number): number {
  return Math.min(axis.buckets - 1, Math.max(0, Math.floor((atMs - axis.originMs) / axis.bucketMs)));
}

export function eventsOnAxis(timeline: TimelineSnapshot | undefined, axis: TimeAxis): ReportEvent[] {
  if (!timeline || axis.buckets === 0) return [];
  return timeline.events.map((event) => ({
    bucket: bucketOf(axis, event.atMs),
    offsetMs: event.atMs - axis.originMs,
    kind: event.kind,
    host: event.host ?? null,
    detail: event.detail ?? null,
  }));
}

/** Re-buckets the timeline's item counts (each timeline bucket counted at its start) onto the axis. */
export function itemsOnAxis(timeline: TimelineSnapshot | undefined, axis: TimeAxis): ItemsOverTime {
  const empty = (): number[] => new Array<number>(axis.buckets).fill(0);
  const out = { priced: empty(), unpriced: empty() };
  if (!timeline || timeline.originMs === null || axis.buckets === 0) return out;
  const { originMs, bucketMs } = timeline;
  const add = (counts: number[] | undefined, into: number[]): void =>
    counts?.forEach((n, i) => {
      if (n > 0) into[bucketOf(axis, originMs + i * bucketMs)] += n;
    });
  add(timeline.series['items/priced'], out.priced);
  add(timeline.series['items/unpriced'], out.unpriced);
  return out;
}
