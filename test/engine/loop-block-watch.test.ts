// The watchdog's threshold, its "off" setting, and how a block is attributed (a callback step, or none).
import { describe, expect, it } from 'vitest';
import { createLoopBlockWatch, type LoopBlockWatch } from '../../src/engine/loop-block-watch';
import { Stats } from '../../src/engine/stats';
import { createLogger } from '../../src/log/logger';
import { logSink } from '../support/test-crawl';

const PAGE = { spider: 'shop', callback: 'parseProduct', url: 'http://127.0.0.1:1/p/1' };

/** A watch on a clock the test moves by hand. */
function watchOn(thresholdMs: number) {
  let clockMs = 1_000;
  const stats = new Stats();
  const sink = logSink();
  const log = createLogger({ level: 'info', format: 'json', destination: sink.stream });
  const watch = createLoopBlockWatch({ thresholdMs, stats, log, nowMs: () => clockMs });
  const step = (ms: number) => {
    const startedMs = clockMs;
    clockMs += ms;
    watch?.stepEnded(PAGE, startedMs);
  };
  const advance = (ms: number) => void (clockMs += ms);
  return { watch, stats, lines: sink.lines, step, advance };
}

describe('the event-loop watchdog', () => {
  it('reports a callback step at or above the threshold, not one below it', () => {
    const w = watchOn(200);
    w.step(199);
    expect(w.stats.get('loop/blocked')).toBe(0);
    w.step(200);
    w.step(350);
    expect(w.stats.get('loop/blocked')).toBe(2);
    expect(w.stats.get('loop/blocked-max-ms')).toBe(350);
    expect(w.lines.filter((l) => l.level === 40).map((l) => [l.blockedMs, l.spider, l.callback, l.url])).toEqual([
      [200, 'shop', 'parseProduct', PAGE.url],
      [350, 'shop', 'parseProduct', PAGE.url],
    ]);
  });

  it('is off at 0: no watch, so nothing is timed or counted', () => {
    expect(watchOn(0).watch).toBeNull();
  });

  it('a late timer with no long step is reported as no callback running, naming the last one only as a hint', () => {
    const w = watchOn(200);
    const watch = w.watch as LoopBlockWatch;
    w.step(5);
    w.advance(watch.periodMs + 150); // late, but under the threshold
    watch.checkDrift();
    expect(w.stats.get('loop/blocked')).toBe(0);
    w.advance(watch.periodMs + 260);
    watch.checkDrift();
    expect(w.stats.get('loop/blocked')).toBe(1);
    expect(w.lines.at(-1)).toMatchObject({ level: 40, blockedMs: 260, callback: null, lastCallback: PAGE, msg: 'event loop blocked, no callback running' });
  });

  it('a block a callback step already reported is not reported again by the timer', () => {
    const w = watchOn(200);
    const watch = w.watch as LoopBlockWatch;
    w.step(300);
    watch.checkDrift(); // fires 300 ms late, because of that same step
    expect(w.stats.get('loop/blocked')).toBe(1);
    expect(w.lines.filter((l) => l.level === 40)).toHaveLength(1);
  });
});
