// Recrawl planner with a manual clock and a seeded catalog: tiers, order, jitter bounds, per-host budget, retired SKUs.
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { ManualClock } from '../../src/politeness/clock';
import { jitterOffsetMs, planDue, tierFor } from '../../src/app/schedule/recrawl-planner';
import { settingsSchema } from '../../src/settings/schema';

const MIN = 60_000;
const HOUR = 60 * MIN;
const { tiers } = settingsSchema.parse({}).schedule;
const hostKeyOf = (url: string) => new URL(url).host;

function entry(sku: string, velocityPerDay: number, lastAttemptMs: number, host = 'a.test', retiredAtMs: number | null = null): CatalogEntry {
  return {
    spider: 's', site: host, sku, productUrl: `http://${host}/p/${sku}`, firstSeenMs: 0, lastSeenMs: lastAttemptMs, lastAttemptMs, lastChangedMs: null,
    observations: 1, lastPrice: '1.00', lastCurrency: 'USD', changeTimesMs: [], velocityPerDay, lastStatus: 'ok', lastRunId: 'r',
    consecutiveFailures: 0, goneRuns: 0, retiredAtMs,
  };
}

describe('recrawl planner', () => {
  it('puts velocities in the configured tiers (hot ≥ 1/day, warm ≥ 0.1/day, cold otherwise)', () => {
    expect([5, 1, 0.5, 0.1, 0.09, 0].map((v) => tierFor(v, tiers).name)).toEqual(['hot', 'hot', 'warm', 'warm', 'cold', 'cold']);
  });

  it('plans exactly the due SKUs per tier, ordered by velocity-weighted staleness', async () => {
    const clock = new ManualClock(100 * HOUR);
    const catalog = [
      entry('hot-fresh', 2, clock.nowMs() - 10 * MIN), // 15 min ± 1.5: not due
      entry('hot-stale', 2, clock.nowMs() - 20 * MIN), // 20 > 16.5: due, score 20/15 × 3 = 4
      entry('hot-very-stale', 4, clock.nowMs() - 2 * HOUR), // score 8 × 5 = 40
      entry('warm-due', 0.5, clock.nowMs() - 7 * HOUR), // 7 h > 6.6 h: due, score 7/6 × 1.5 = 1.75
      entry('warm-fresh', 0.5, clock.nowMs() - 5 * HOUR), // 5 h < 5.4 h: not due
      entry('cold-due', 0, clock.nowMs() - 27 * HOUR), // 27 h > 26.4 h: due, score 1.125
      entry('cold-fresh', 0, clock.nowMs() - 19 * HOUR), // 19 h < 21.6 h: not due
    ];
    const plan = await planDue(catalog, { nowMs: clock.nowMs(), tiers, jitterRatio: 0.1, maxPerHostPerRun: 100, hostKeyOf });
    expect(plan.map((p) => [p.sku, p.tier])).toEqual([['hot-very-stale', 'hot'], ['hot-stale', 'hot'], ['warm-due', 'warm'], ['cold-due', 'cold']]);
    // Time passing makes the fresh ones due too, each after its own interval.
    clock.advance(2 * HOUR); // cold-fresh at 21 h is still under 21.6 h
    const later = await planDue(catalog, { nowMs: clock.nowMs(), tiers, jitterRatio: 0.1, maxPerHostPerRun: 100, hostKeyOf });
    expect(later.map((p) => p.sku).sort()).toEqual(['cold-due', 'hot-fresh', 'hot-stale', 'hot-very-stale', 'warm-due', 'warm-fresh']);
  });

  it('keeps jitter within ± ratio × interval, fixed per SKU and spread across SKUs', () => {
    const offsets = Array.from({ length: 2000 }, (_, i) => jitterOffsetMs('s', `sku-${i}`, HOUR, 0.1));
    expect(Math.max(...offsets.map(Math.abs))).toBeLessThanOrEqual(0.1 * HOUR);
    expect(new Set(offsets).size).toBeGreaterThan(1990); // due times do not align
    expect(Math.min(...offsets)).toBeLessThan(-0.09 * HOUR);
    expect(Math.max(...offsets)).toBeGreaterThan(0.09 * HOUR);
    expect(jitterOffsetMs('s', 'sku-7', HOUR, 0.1)).toBe(offsets[7]);
    expect(jitterOffsetMs('s', 'sku-7', HOUR, 0)).toBe(0);
  });

  it('honours the per-host budget, keeping each host\'s best-scored SKUs', async () => {
    const now = 1000 * HOUR;
    const catalog = [
      ...Array.from({ length: 10 }, (_, i) => entry(`a${i}`, 0, now - (30 + i) * HOUR, 'a.test')),
      ...Array.from({ length: 2 }, (_, i) => entry(`b${i}`, 0, now - 30 * HOUR, 'b.test')),
    ];
    const plan = await planDue(catalog, { nowMs: now, tiers, jitterRatio: 0.1, maxPerHostPerRun: 3, hostKeyOf });
    expect(plan.filter((p) => p.hostKey === 'a.test').map((p) => p.sku)).toEqual(['a9', 'a8', 'a7']);
    expect(plan.filter((p) => p.hostKey === 'b.test').map((p) => p.sku)).toEqual(['b0', 'b1']);
  });

  it('plans a SKU whose last attempt lies in the future (stamped by a clock that ran ahead) now, ranked as just due', async () => {
    const now = 1000 * HOUR;
    const catalog = [entry('ahead', 0, now + 365 * 24 * HOUR), entry('stale', 0, now - 100 * HOUR), entry('fresh', 0, now - HOUR)];
    const plan = await planDue(catalog, { nowMs: now, tiers, jitterRatio: 0.1, maxPerHostPerRun: 100, hostKeyOf });
    expect(plan.map((p) => [p.sku, p.dueAtMs <= now])).toEqual([['stale', true], ['ahead', true]]);
  });

  it('on a cadence equal to the tier interval, visits every SKU at every tick: never later than due, never a cadence early', async () => {
    // Ticks every `cadence`; each run fetches its planned pages `fetchedAfter` into the run (the attempt time the
    // catalog keeps), and plans with the next tick as its horizon, as the scheduler's `crawl --due` does.
    async function visits(velocity: number, cadence: number, fetchedAfter: number, ticks: number): Promise<Map<string, number[]>> {
      const catalog = Array.from({ length: 40 }, (_, i) => entry(`sku-${i}`, velocity, 0));
      const seen = new Map<string, number[]>(catalog.map((e) => [e.sku, []]));
      for (let tick = 1; tick <= ticks; tick++) {
        const nowMs = tick * cadence;
        const plan = await planDue(catalog, { nowMs, dueUntilMs: nowMs + cadence, tiers, jitterRatio: 0.1, maxPerHostPerRun: 1000, hostKeyOf });
        for (const planned of plan) {
          const visited = catalog.find((e) => e.sku === planned.sku)!;
          visited.lastAttemptMs = nowMs + fetchedAfter;
          seen.get(planned.sku)!.push(nowMs);
        }
      }
      return seen;
    }
    // A hot SKU (15 min) in a crawl every 15 min whose page comes 40 s in: every tick, not every other one.
    for (const times of (await visits(2, 15 * MIN, 40_000, 12)).values()) expect(times).toEqual(Array.from({ length: 12 }, (_, i) => (i + 1) * 15 * MIN));
    // A cold SKU (24 h ± 2.4 h) of a daily crawl whose pages come in over an hour: every day.
    for (const times of (await visits(0, 24 * HOUR, HOUR, 6)).values()) expect(times).toEqual(Array.from({ length: 6 }, (_, i) => (i + 1) * 24 * HOUR));
    // A warm SKU (6 h ± 36 min) in a crawl every 15 min: at the last tick before it falls due, so 5 h 15 min to 6 h 30 min apart.
    const warm = await visits(0.5, 15 * MIN, 40_000, 4 * 24 * 4);
    for (const times of warm.values()) {
      const gaps = times.slice(2).map((t, i) => t - times[i + 1]);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(6 * HOUR - 36 * MIN - 15 * MIN);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(6 * HOUR + 36 * MIN);
    }
  });

  it('plans nothing ahead of a horizon already passed, and a SKU fetched just now is never planned again', async () => {
    const now = 1000 * HOUR;
    const catalog = [entry('fresh', 5, now - MIN), entry('due', 5, now - 20 * MIN)];
    const plan = await planDue(catalog, { nowMs: now, dueUntilMs: now - HOUR, tiers, jitterRatio: 0.1, maxPerHostPerRun: 100, hostKeyOf });
    expect(plan.map((p) => p.sku)).toEqual(['due']);
  });

  it('never plans retired SKUs, however stale', async () => {
    const catalog = [entry('gone', 9, 0, 'a.test', 5), entry('live', 0, 0)];
    for (const nowMs of [HOUR, 100 * HOUR, 10_000 * HOUR]) {
      const plan = await planDue(catalog, { nowMs, tiers, jitterRatio: 0.1, maxPerHostPerRun: 100, hostKeyOf });
      expect(plan.map((p) => p.sku)).not.toContain('gone');
    }
  });
});
