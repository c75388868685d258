// Catalog rules: observations, changes and velocity over the window, failures, retirement after N gone runs.
import { describe, expect, it } from 'vitest';
import { applyFailure, applyObservation, velocityPerDay, type CatalogEntry } from '../../src/catalog/catalog-entry';

const DAY = 86_400_000;
const rules = { velocityWindowDays: 7, retireAfterGoneRuns: 3 };
const obs = (runId: string, atMs: number, price: string) => ({ spider: 's', site: '127.0.0.1', sku: 'A', url: 'http://127.0.0.1/p/A', price, currency: 'USD', atMs, runId });

describe('catalog entry', () => {
  it('counts observations and changes, and velocity as changes per day over the window', () => {
    let entry: CatalogEntry | null = null;
    const prices = ['1.00', '1.00', '2.00', '2.00', '3.00', '4.00'];
    prices.forEach((price, day) => (entry = applyObservation(entry, obs(`r${day}`, day * DAY, price), rules)));
    const e = entry as unknown as CatalogEntry;
    expect(e.observations).toBe(6);
    expect(e.firstSeenMs).toBe(0);
    expect(e.lastSeenMs).toBe(5 * DAY);
    expect(e.lastChangedMs).toBe(5 * DAY);
    expect(e.changeTimesMs).toEqual([2 * DAY, 4 * DAY, 5 * DAY]);
    expect(e.velocityPerDay).toBeCloseTo(3 / 5, 10); // younger than the window: judged over its 5 days
    expect(velocityPerDay(e.changeTimesMs, 0, 20 * DAY, 7)).toBe(0); // the changes left the window
  });

  it('a currency switch (another market served) is no price change: a SKU a geo-IP flips every run does not turn hot', () => {
    let entry: CatalogEntry | null = null;
    const seen: Array<[string, string]> = [['10.00', 'EUR'], ['9.00', 'GBP'], ['10.00', 'EUR'], ['9.00', 'GBP'], ['10.00', 'EUR'], ['11.00', 'EUR']];
    seen.forEach(([price, currency], run) => (entry = applyObservation(entry, { ...obs(`r${run}`, run * DAY, price), currency }, rules)));
    const e = entry as unknown as CatalogEntry;
    expect(e.changeTimesMs).toEqual([5 * DAY]); // only 10.00 EUR → 11.00 EUR
    expect(e.lastChangedMs).toBe(5 * DAY);
    expect([e.lastPrice, e.lastCurrency]).toEqual(['11.00', 'EUR']); // the latest observation, whatever its currency
    expect(e.velocityPerDay).toBeCloseTo(1 / 5, 10);
  });

  it('a switch between net and gross display (taxIncluded: false) is no price change: 10.00 net → 11.90 gross is VAT shown, not a move', () => {
    let entry: CatalogEntry | null = null;
    const seen: Array<[string, boolean]> = [['10.00', true], ['11.90', false], ['10.00', true], ['11.90', false], ['12.00', true], ['13.00', true], ['14.28', false], ['15.00', false]];
    seen.forEach(([price, net], run) => (entry = applyObservation(entry, { ...obs(`r${run}`, run * DAY, price), ...(net ? { taxIncluded: false as const } : {}) }, rules)));
    const e = entry as unknown as CatalogEntry;
    expect(e.changeTimesMs).toEqual([5 * DAY, 7 * DAY]); // 12.00 → 13.00 net, 14.28 → 15.00 gross
    expect([e.lastPrice, e.lastTaxIncluded]).toEqual(['15.00', undefined]);
    const net = applyObservation(e, { ...obs('r9', 9 * DAY, '13.00'), taxIncluded: false }, rules);
    expect([net.lastPrice, net.lastTaxIncluded, net.changeTimesMs]).toEqual(['13.00', false, [5 * DAY, 7 * DAY]]);
  });

  it('folds the same run once (a resumed run), and a success resets the failure streaks', () => {
    let entry = applyObservation(null, obs('r1', 0, '1.00'), rules);
    entry = applyObservation(entry, obs('r1', 10, '1.00'), rules);
    expect(entry.observations).toBe(1);
    entry = applyFailure(entry, { reason: 'http/404', atMs: DAY, runId: 'r2' }, rules);
    entry = applyFailure(entry, { reason: 'http/404', atMs: DAY, runId: 'r2' }, rules);
    expect([entry.consecutiveFailures, entry.goneRuns, entry.lastStatus, entry.lastAttemptMs]).toEqual([1, 1, 'http/404', DAY]);
    entry = applyObservation(entry, obs('r3', 2 * DAY, '1.00'), rules);
    expect([entry.consecutiveFailures, entry.goneRuns, entry.lastStatus, entry.observations]).toEqual([0, 0, 'ok', 2]);
  });

  it('retires after retireAfterGoneRuns consecutive 404/410 runs; other failures break the streak', () => {
    let entry = applyObservation(null, obs('r0', 0, '1.00'), rules);
    entry = applyFailure(entry, { reason: 'http/404', atMs: 1, runId: 'r1' }, rules);
    entry = applyFailure(entry, { reason: 'retry/exhausted', atMs: 2, runId: 'r2' }, rules);
    entry = applyFailure(entry, { reason: 'http/410', atMs: 3, runId: 'r3' }, rules);
    entry = applyFailure(entry, { reason: 'http/404', atMs: 4, runId: 'r4' }, rules);
    expect(entry.retiredAtMs).toBeNull();
    entry = applyFailure(entry, { reason: 'http/404', atMs: 5, runId: 'r5' }, rules);
    expect([entry.retiredAtMs, entry.goneRuns, entry.consecutiveFailures]).toEqual([5, 3, 5]);
  });

  it('a retired SKU seen again (its page works, e.g. found by discovery) is live again; an older item folded late does not revive it', () => {
    let entry = applyObservation(null, obs('r0', 0, '1.00'), rules);
    for (const run of [1, 2, 3]) entry = applyFailure(entry, { reason: 'http/404', atMs: run, runId: `r${run}` }, rules);
    expect(entry.retiredAtMs).toBe(3);
    expect(applyObservation(entry, obs('r-late', 2, '1.00'), rules).retiredAtMs).toBe(3);
    entry = applyObservation(entry, obs('r4', 4, '1.50'), rules);
    expect([entry.retiredAtMs, entry.lastStatus, entry.goneRuns, entry.lastPrice]).toEqual([null, 'ok', 0, '1.50']);
  });

  it('counts a soft 404 (a 2xx not-found page) as gone, like a 404', () => {
    let entry = applyObservation(null, obs('r0', 0, '1.00'), rules);
    for (const [run, reason] of [['r1', 'http/soft-404'], ['r2', 'http/404'], ['r3', 'http/soft-404']] as const) entry = applyFailure(entry, { reason, atMs: Number(run[1]), runId: run }, rules);
    expect([entry.retiredAtMs, entry.goneRuns, entry.lastStatus]).toEqual([3, 3, 'http/soft-404']);
  });

  it('never rolls back to an older run folded after a newer one (a crashed run resumed and finished late)', () => {
    let entry = applyObservation(null, obs('new', 2 * DAY, '12.00'), rules);
    entry = applyObservation(entry, obs('old', DAY, '10.00'), rules);
    entry = applyFailure(entry, { reason: 'http/404', atMs: DAY + 1, runId: 'old' }, rules);
    expect([entry.lastPrice, entry.lastSeenMs, entry.lastChangedMs, entry.lastStatus, entry.goneRuns, entry.firstSeenMs]).toEqual(['12.00', 2 * DAY, null, 'ok', 0, DAY]);
    // An item newer than the price but older than a failure: the price moves, the failure stays the latest outcome.
    entry = applyFailure(entry, { reason: 'retry/exhausted', atMs: 4 * DAY, runId: 'later' }, rules);
    entry = applyObservation(entry, obs('between', 3 * DAY, '11.00'), rules);
    expect([entry.lastPrice, entry.lastSeenMs, entry.lastStatus, entry.consecutiveFailures, entry.lastAttemptMs]).toEqual(['11.00', 3 * DAY, 'retry/exhausted', 1, 4 * DAY]);
  });
  it('a refused price (price null with priceRefusal) is unknown, no change to nothing: the last price stays, the page\'s failure streak goes on', () => {
    const refused = (runId: string, atMs: number) => ({ ...obs(runId, atMs, '0'), price: null, priceRefusal: 'price/disagree' });
    let entry: CatalogEntry = applyObservation(null, obs('r0', 0, '10.00'), rules);
    for (const [run, step] of [['r1', refused('r1', DAY)], ['r2', obs('r2', 2 * DAY, '10.00')], ['r3', refused('r3', 3 * DAY)]] as const) {
      entry = applyObservation(entry, step, rules);
      if (run !== 'r2') expect([entry.lastPrice, entry.lastStatus, entry.consecutiveFailures, entry.lastAttemptMs, entry.lastRunId]).toEqual(['10.00', 'price/disagree', 1, step.atMs, run]);
    }
    entry = applyObservation(entry, obs('r4', 4 * DAY, '10.01'), rules);
    expect([entry.changeTimesMs, entry.lastChangedMs, entry.lastPrice, entry.lastStatus, entry.consecutiveFailures]).toEqual([[4 * DAY], 4 * DAY, '10.01', 'ok', 0]);
    // A SKU first read with its price refused is known (planned again) with no price, and its first price read is no change.
    let first = applyObservation(null, refused('n1', DAY), rules);
    expect([first.lastPrice, first.lastCurrency, first.lastStatus, first.consecutiveFailures]).toEqual([null, null, 'price/disagree', 1]);
    first = applyObservation(first, obs('n2', 2 * DAY, '5.00'), rules);
    expect([first.changeTimesMs, first.lastPrice, first.lastStatus]).toEqual([[], '5.00', 'ok']);
  });
});
