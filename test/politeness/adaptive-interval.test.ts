// The adaptive interval policy with exact numbers: multiplicative growth, additive decrease, bounds, one growth per overload.
import { describe, expect, it } from 'vitest';
import { adjustInterval, initialIntervalState, type AdaptiveIntervalConfig, type AdaptiveIntervalState, type PaceSignal } from '../../src/politeness/adaptive-interval';

const config: AdaptiveIntervalConfig = { floorMs: 100, ceilingMs: 1_000, increaseFactor: 2, decreaseStepMs: 50, successesPerDecrease: 3 };

/** Feeds one signal every 10 ms, each answering a request sent 1 ms before, and returns the intervals seen. */
function run(signals: PaceSignal[], start: AdaptiveIntervalState = initialIntervalState(100, config)): number[] {
  let state = start;
  return signals.map((signal, i) => {
    state = adjustInterval(state, signal, i * 10, i * 10 + 1, config).state;
    return state.intervalMs;
  });
}

describe('adjustInterval', () => {
  it('starts at the given interval, clamped to the bounds', () => {
    expect(initialIntervalState(250, config).intervalMs).toBe(250);
    expect(initialIntervalState(10, config).intervalMs).toBe(100);
    expect(initialIntervalState(5_000, config).intervalMs).toBe(1_000);
  });

  it('doubles on each throttling answer and on slow ones, up to the ceiling', () => {
    expect(run(['throttled', 'throttled', 'slow', 'throttled', 'throttled'])).toEqual([200, 400, 800, 1_000, 1_000]);
  });

  it('a 429 slows the host even when every answer before it was fast', () => {
    expect(run(['ok', 'ok', 'throttled'])).toEqual([100, 100, 200]);
  });

  it('shortens by one step only after a run of fast successes, down to the floor', () => {
    const start = { ...initialIntervalState(250, config) };
    expect(run(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'], start)).toEqual([250, 250, 200, 200, 200, 150, 150, 150, 100, 100, 100, 100]);
  });

  it('neutral answers (404, reset) break the run of successes without moving the interval', () => {
    const start = initialIntervalState(300, config);
    expect(run(['ok', 'ok', 'neutral', 'ok', 'ok', 'ok'], start)).toEqual([300, 300, 300, 300, 300, 250]);
  });

  it('grows by at least one step, so a zero interval can grow', () => {
    const zero = { ...config, floorMs: 0 };
    const { state, change } = adjustInterval(initialIntervalState(0, zero), 'throttled', 0, 1, zero);
    expect(state.intervalMs).toBe(50);
    expect(change).toBe('increased');
  });

  it('grows once per overload: answers to requests sent before the last growth do not compound', () => {
    let state = initialIntervalState(100, config);
    // Three requests sent at 0, 1 and 2 ms all come back 429 at 10, 11 and 12 ms.
    const changes = [0, 1, 2].map((sentAtMs) => {
      const result = adjustInterval(state, 'throttled', sentAtMs, 10 + sentAtMs, config);
      state = result.state;
      return result.change;
    });
    expect(changes).toEqual(['increased', null, null]);
    expect(state.intervalMs).toBe(200);
    // A request sent after the growth that is throttled again grows it again.
    expect(adjustInterval(state, 'throttled', 20, 30, config)).toMatchObject({ change: 'increased', state: { intervalMs: 400 } });
  });

  it('reports no change at a bound', () => {
    const top = initialIntervalState(1_000, config);
    expect(adjustInterval(top, 'throttled', 0, 1, config).change).toBeNull();
    const bottom = { ...initialIntervalState(100, config), successes: 2 };
    expect(adjustInterval(bottom, 'ok', 0, 1, config)).toMatchObject({ change: null, state: { intervalMs: 100, successes: 0 } });
  });
});
