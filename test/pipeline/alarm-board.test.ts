// An alarm is announced on the crawl's event bus once per key, with its code, host, fields and whether it fails the run; the run timeline marks it from the bus.
import { describe, expect, it } from 'vitest';
import { RunTimeline } from '../../src/engine/run-timeline';
import { Stats } from '../../src/engine/stats';
import { CrawlEventBus, type CrawlEventMap } from '../../src/events/crawl-events';
import { AlarmBoard } from '../../src/pipeline/alarm-board';
import { capturingLogger, testSettings } from './pipeline-fixtures';

describe('AlarmBoard on the event bus', () => {
  it('emits alarm.fired the first time a key raises the alarm, never again for that key', () => {
    const { log } = capturingLogger();
    const events = new CrawlEventBus(log);
    const heard: Array<CrawlEventMap['alarm.fired']> = [];
    events.forOwner('test').on('alarm.fired', (payload) => void heard.push(payload));
    const timeline = new RunTimeline();
    timeline.observe(events.forOwner('run-timeline'));
    const ctx = { settings: testSettings(), log, stats: new Stats(), spider: 'shop', runId: 'run-1', events };
    const board = new AlarmBoard('null-price', true);

    expect(board.raise(ctx, 'host/shop.example:443', { unpriced: 8, seen: 10 }, 'most items have no price')).toBe(true);
    expect(board.raise(ctx, 'host/shop.example:443', { unpriced: 9, seen: 11 }, 'most items have no price')).toBe(false);
    expect(board.raise(ctx, 'run', { unpriced: 9, seen: 11 }, 'most items have no price')).toBe(true);

    expect(heard).toEqual([
      { code: 'null-price', key: 'host/shop.example:443', host: 'shop.example:443', detail: { unpriced: 8, seen: 10 }, failsRun: true },
      { code: 'null-price', key: 'run', host: null, detail: { unpriced: 9, seen: 11 }, failsRun: true },
    ]);
    // The same moment the run timeline marks for the report.
    expect(timeline.snapshot().events.map((e) => [e.kind, e.host, e.detail])).toEqual([['alarm/null-price', 'shop.example:443', 'host/shop.example:443'], ['alarm/null-price', undefined, 'run']]);
  });
});
