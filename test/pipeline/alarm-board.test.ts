// An alarm is announced on the crawl's event bus once per key, with its code, host and fields, as it is logged and marked.
import { describe, expect, it } from 'vitest';
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
    const ctx = { settings: testSettings(), log, stats: new Stats(), spider: 'shop', runId: 'run-1', events };
    const board = new AlarmBoard('null-price');

    expect(board.raise(ctx, 'host/shop.example:443', { unpriced: 8, seen: 10 }, 'most items have no price')).toBe(true);
    expect(board.raise(ctx, 'host/shop.example:443', { unpriced: 9, seen: 11 }, 'most items have no price')).toBe(false);
    expect(board.raise(ctx, 'run', { unpriced: 9, seen: 11 }, 'most items have no price')).toBe(true);

    expect(heard).toEqual([
      { code: 'null-price', key: 'host/shop.example:443', host: 'shop.example:443', detail: { unpriced: 8, seen: 10 } },
      { code: 'null-price', key: 'run', host: null, detail: { unpriced: 9, seen: 11 } },
    ]);
    // The same moment the run timeline marks for the report.
    expect(ctx.stats.timeline.snapshot().events.map((e) => e.kind)).toEqual(['alarm/null-price', 'alarm/null-price']);
  });
});
