// The run timeline: counts land in their time bucket, buckets coarsen past the cap without losing counts, events are capped.
import { describe, expect, it } from 'vitest';
import { RunTimeline } from '../../src/engine/run-timeline';

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

describe('RunTimeline', () => {
  it('counts per 100 ms bucket from the first count, every series the same length', () => {
    const timeline = new RunTimeline();
    timeline.count('items/priced', 10_000);
    timeline.count('items/priced', 10_099);
    timeline.count('items/unpriced', 10_250, 3);
    timeline.count('items/priced', 9_000); // before the origin: bucket 0, not lost
    const snap = timeline.snapshot();
    expect(snap.originMs).toBe(10_000);
    expect(snap.bucketMs).toBe(100);
    expect(snap.series).toEqual({ 'items/priced': [3, 0, 0], 'items/unpriced': [0, 0, 3] });
  });

  it('doubles the bucket width past 600 buckets, keeping every count in the right merged bucket', () => {
    const timeline = new RunTimeline();
    for (let s = 0; s < 3_600; s++) timeline.count('items/priced', s * 1000); // an hour, one item a second
    timeline.count('items/unpriced', 3_599_000, 5);
    const snap = timeline.snapshot();
    expect(snap.bucketMs).toBe(6_400); // 100 → … → 6400 ms: 3,600 s / 6.4 s = 563 buckets ≤ 600
    expect(snap.series['items/priced'].length).toBeLessThanOrEqual(600);
    expect(sum(snap.series['items/priced'])).toBe(3_600);
    expect(snap.series['items/unpriced'].at(-1)).toBe(5);
    expect(snap.series['items/priced'][0]).toBe(7); // seconds 0..6 lie in [0, 6.4 s)
    expect(snap.series['items/unpriced'].length).toBe(snap.series['items/priced'].length);
  });

  it('keeps the first 1,000 events and counts the rest', () => {
    const timeline = new RunTimeline();
    for (let i = 0; i < 1_200; i++) timeline.mark({ atMs: i, kind: 'breaker/opened', host: 'a.test' });
    const snap = timeline.snapshot();
    expect(snap.events).toHaveLength(1_000);
    expect(snap.events.at(-1)!.atMs).toBe(999);
    expect(snap.eventsDropped).toBe(200);
  });

  it('is empty until used', () => {
    expect(new RunTimeline().snapshot()).toEqual({ originMs: null, bucketMs: 100, series: {}, events: [], eventsDropped: 0 });
  });
});
