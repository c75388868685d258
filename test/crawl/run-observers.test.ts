// The built-in observers listen on the bus: the stats line gives way to the live block, the block redraws from snapshots, alarms decide the verdict, a throwing observer is logged by name.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CrawlSnapshot } from '../../src/events/crawl-snapshot';
import { LiveProgress } from '../../src/app/crawl/live-progress';
import { RunObservers } from '../../src/app/crawl/run-observers';
import { CrawlEventBus, type CrawlEvents } from '../../src/events/crawl-events';
import { capturingLogger } from '../pipeline/pipeline-fixtures';

const snap = (pages: number, items: number): CrawlSnapshot => ({ atMs: 1_000, elapsedMs: 60_000, pages, items, failed: 0, inFlight: 0, queued: 0, browserPssPeakMb: null, hosts: [] });
const closed = (snapshot: CrawlSnapshot) => ({ spider: 'shop', runId: 'r', reason: 'finished', planned: 1, succeeded: 1, failed: 0, pending: 0, snapshot });
const alarm = (failsRun: boolean) => ({ code: 'null-price', key: 'spider', host: null, detail: {}, failsRun });

function terminal(): { out: PassThrough; text: () => string } {
  const out = new PassThrough();
  const chunks: string[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  return { out, text: () => chunks.join('') };
}

describe('the run observers', () => {
  it('log the stats line on each snapshot at log.statsIntervalMs when no observer replaces it', () => {
    const { log, lines } = capturingLogger();
    const events = new CrawlEventBus(log);
    const observers = new RunObservers(events, { log, statsIntervalMs: 30_000, observers: [] });
    expect(observers.snapshotEveryMs).toBe(30_000);
    events.emit('stats.snapshot', { snapshot: snap(3, 2) });
    expect(lines.filter((l) => l.msg === 'crawl progress')).toEqual([expect.objectContaining({ pages: 3, items: 2 })]);
  });

  it('redraw the live block from the snapshots it asks for, keep the last numbers once closed, and log no stats line', () => {
    const { log, lines } = capturingLogger();
    const events = new CrawlEventBus(log);
    const screen = terminal();
    const live = new LiveProgress(screen.out, 250);
    const observers = new RunObservers(events, { log, statsIntervalMs: 30_000, observers: [live.observer('shop')] });
    expect(observers.snapshotEveryMs).toBe(250);
    events.emit('stats.snapshot', { snapshot: snap(3, 2) });
    expect(screen.text()).toContain('shop  elapsed 1:00  pages 3 (3/min)  items 2 (2/min)');
    events.emit('spider.closed', closed(snap(9, 8)));
    live.stop();
    expect(screen.text().slice(screen.text().lastIndexOf('shop  elapsed'))).toContain('pages 9 (9/min)  items 8 (8/min)');
    expect(lines.filter((l) => l.msg === 'crawl progress')).toEqual([]);
  });

  it('fail the run only when an alarm that says so fired', () => {
    const { log } = capturingLogger();
    const events = new CrawlEventBus(log);
    const observers = new RunObservers(events, { log, statsIntervalMs: 0, observers: [] });
    events.emit('alarm.fired', alarm(false));
    expect(observers.alarmsFailRun).toBe(false);
    events.emit('alarm.fired', alarm(true));
    events.emit('alarm.fired', alarm(false));
    expect(observers.alarmsFailRun).toBe(true);
  });

  it('log an observer that throws with its name, and the others still hear the event', () => {
    const { log, lines } = capturingLogger();
    const events = new CrawlEventBus(log);
    const thrower = { name: 'broken-gauge', register: (bus: CrawlEvents) => bus.on('alarm.fired', () => { throw new Error('boom'); }) };
    const observers = new RunObservers(events, { log, statsIntervalMs: 0, observers: [thrower] });
    expect(() => events.emit('alarm.fired', alarm(true))).not.toThrow();
    expect(observers.alarmsFailRun).toBe(true);
    expect(observers.timeline.snapshot().events.map((e) => e.kind)).toEqual(['alarm/null-price']);
    expect(lines.filter((l) => l.msg === 'extension failed on an event; the crawl goes on')).toEqual([expect.objectContaining({ extension: 'broken-gauge', event: 'alarm.fired' })]);
  });
});
