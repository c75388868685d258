// The adaptive throttle's policy, pure: how one host's interval moves on each answer (multiplicative up, additive down).

export interface AdaptiveIntervalConfig {
  floorMs: number;
  ceilingMs: number;
  increaseFactor: number;
  decreaseStepMs: number;
  successesPerDecrease: number;
}

/**
 * What one answer says about the pace: `throttled` (429/503, a block page), `slow` (latency above the
 * target, a timeout), `ok` (a fast success), `neutral` (says nothing about the pace: a 404, a reset).
 */
export type PaceSignal = 'throttled' | 'slow' | 'ok' | 'neutral';

export interface AdaptiveIntervalState {
  intervalMs: number;
  /** Fast successes in a row since the last change. */
  successes: number;
  /** When the interval last grew; answers to requests sent before that reflect the old pace. */
  increasedAtMs: number;
}

export type IntervalChange = 'increased' | 'decreased' | null;

export function initialIntervalState(startMs: number, config: AdaptiveIntervalConfig): AdaptiveIntervalState {
  return { intervalMs: clamp(startMs, config), successes: 0, increasedAtMs: Number.NEGATIVE_INFINITY };
}

/**
 * One answer, sent at `sentAtMs` and judged at `nowMs`.
 * - A throttling answer always slows the host (Scrapy's AutoThrottle ignores a 429's latency instead):
 *   the interval is multiplied, and grows by at least one decrease step so that 0 can grow too.
 * - An answer to a request sent before the last increase does not increase again: with several
 *   requests in flight, one overload would otherwise compound into factor^n.
 * - Only a run of fast successes shortens it, one step at a time: error pages and slow pages never
 *   do (they say nothing good about the pace), and coming back slowly avoids see-sawing at the limit.
 */
export function adjustInterval(
  state: AdaptiveIntervalState,
  signal: PaceSignal,
  sentAtMs: number,
  nowMs: number,
  config: AdaptiveIntervalConfig,
): { state: AdaptiveIntervalState; change: IntervalChange } {
  if (signal === 'throttled' || signal === 'slow') {
    if (sentAtMs < state.increasedAtMs) return { state: { ...state, successes: 0 }, change: null };
    const grown = Math.max(Math.round(state.intervalMs * config.increaseFactor), state.intervalMs + config.decreaseStepMs);
    const intervalMs = clamp(grown, config);
    const change = intervalMs > state.intervalMs ? 'increased' : null;
    return { state: { intervalMs, successes: 0, increasedAtMs: change ? nowMs : state.increasedAtMs }, change };
  }
  if (signal === 'neutral') return { state: { ...state, successes: 0 }, change: null };
  const successes = state.successes + 1;
  if (successes < config.successesPerDecrease) return { state: { ...state, successes }, change: null };
  const intervalMs = clamp(state.intervalMs - config.decreaseStepMs, config);
  return { state: { ...state, intervalMs, successes: 0 }, change: intervalMs < state.intervalMs ? 'decreased' : null };
}

function clamp(intervalMs: number, config: AdaptiveIntervalConfig): number {
  return Math.min(config.ceilingMs, Math.max(config.floorMs, intervalMs));
}
