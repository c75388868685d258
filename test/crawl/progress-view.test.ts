// The progress block's text from a fixed snapshot: rates over the run, ETA from the queue, one row per host.
import { describe, expect, it } from 'vitest';
import type { CrawlSnapshot } from '../../src/events/crawl-snapshot';
import { formatDuration, progressLines } from '../../src/app/crawl/progress-view';

const snapshot: CrawlSnapshot = {
  atMs: 10_000,
  elapsedMs: 120_000,
  pages: 240,
  items: 200,
  failed: 3,
  inFlight: 2,
  queued: 360,
  browserPssPeakMb: null,
  hosts: [
    { hostKey: 'a.example', inFlight: 1, maxConcurrency: 2, intervalMs: 500, intervalCause: 'crawl-delay', nextOpenAtMs: 11_500, pausedUntilMs: 0, pauseCause: null, breaker: 'closed', responses: 200, throttled429: 0, failed: 1, deferred: 4 },
    { hostKey: 'b.example:8080', inFlight: 0, maxConcurrency: 1, intervalMs: 1000, intervalCause: 'throttle', nextOpenAtMs: 40_000, pausedUntilMs: 40_000, pauseCause: 'breaker', breaker: 'open', responses: 40, throttled429: 7, failed: 2, deferred: 9 },
  ],
};

describe('progress block', () => {
  it('shows totals, per-minute rates, the ETA and each host', () => {
    expect(progressLines('acme', snapshot)).toEqual([
      'acme  elapsed 2:00  pages 240 (120/min)  items 200 (100/min)  queue 360  in flight 2  errors 3  ETA 3:00',
      'host            slots  interval  why          next    pages  deferred  429s  failed  breaker',
      'a.example       1/2    500 ms    crawl-delay  1.5 s   200    4         0     1       closed',
      'b.example:8080  0/1    1000 ms   breaker      30.0 s  40     9         7     2       open',
    ]);
  });

  it('leaves the ETA out until pages have been fetched', () => {
    expect(progressLines('acme', { ...snapshot, pages: 0, hosts: [] })).toEqual(['acme  elapsed 2:00  pages 0 (0/min)  items 200 (100/min)  queue 360  in flight 2  errors 3']);
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });
});
