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

  it('never plans retired SKUs, however stale', async () => {
    const catalog = [entry('gone', 9, 0, 'a.test', 5), entry('live', 0, 0)];
    for (const nowMs of [HOUR, 100 * HOUR, 10_000 * HOUR]) {
      const plan = await planDue(catalog, { nowMs, tiers, jitterRatio: 0.1, maxPerHostPerRun: 100, hostKeyOf });
      expect(plan.map((p) => p.sku)).not.toContain('gone');
    }
  });
});
