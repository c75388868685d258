// The null-price alarm, an observer of item.scraped: null counts as missing, thresholds per spider and per host, sliding window, summary and exit code.
import { describe, expect, it } from 'vitest';
import { NullPriceAlarm } from '../../extensions/null-price-alarm';
import { hasValidPrice } from '../../src/prices/has-valid-price';
import { Decimal } from '../../src/core/money';
import { Stats } from '../../src/engine/stats';
import { formatSummary } from '../../src/cli/summary-text';
import { buildSummary, exitCodeFor } from '../../src/engine/run-summary';
import { CrawlEventBus } from '../../src/events/crawl-events';
import { capturingLogger } from '../pipeline/pipeline-fixtures';

const OPTIONS = { threshold: 0.05, minItems: 50, window: 200 };

/** The alarm on a bus of its own, heard as the crawl would announce items. */
function alarmOnBus(options: ConstructorParameters<typeof NullPriceAlarm>[0], stats: Stats, log = capturingLogger().log) {
  const events = new CrawlEventBus(log);
  const alarm = new NullPriceAlarm(options, { stats, log, events });
  alarm.register(events.forOwner(alarm.name));
  const feed = (prices: Array<string | null>, host: string) =>
    prices.forEach((price, i) => events.emit('item.scraped', { item: { sku: `${host}-${i}`, price }, url: `http://${host}/p/${i}`, requestId: String(i), priced: hasValidPrice({ price }) }));
  return { alarm, feed };
}

const run = (missing: number, priced: number): Array<string | null> => [...Array<string>(priced).fill('$9.99'), ...Array<null>(missing).fill(null)];

describe('null-price-alarm', () => {
  it('counts null, empty, unparseable, zero and negative prices as missing', () => {
    for (const price of [null, undefined, '', '  ', 'call for price', '0,00 €', '-5', new Decimal(0), 0]) expect(hasValidPrice({ price }), String(price)).toBe(false);
    for (const price of ['$9.99', '1.299,00 €', new Decimal('0.01'), 3]) expect(hasValidPrice({ price }), String(price)).toBe(true);
  });

  it('fires per host and for the spider when more than 5 % of at least 50 items have no price', () => {
    const { log, lines } = capturingLogger();
    const stats = new Stats();
    const { alarm, feed } = alarmOnBus(OPTIONS, stats, log);
    feed(run(4, 56), 'healthy:1'); // 4/60 = 6.7 % → alarm on this host
    feed(run(0, 100), 'fine:2');
    alarm.close();
    expect(stats.byPrefix('alarms/')).toEqual({ 'null-price/host/healthy:1': 1 });
    const logged = lines.find((line) => line.alarm === 'null-price');
    expect(logged).toMatchObject({ key: 'host/healthy:1', missing: 4, items: 60, level: 40 });
    expect(stats.get('items/price-missing')).toBe(4);
  });

  it('stays quiet at exactly the threshold and under minItems', () => {
    const stats = new Stats();
    const { alarm, feed } = alarmOnBus(OPTIONS, stats);
    feed(run(3, 57), 'edge:1'); // 3/60 = 5 %: not above
    feed(run(10, 30), 'small:2'); // 40 items: too few on their own
    alarm.close();
    expect(Object.keys(stats.byPrefix('alarms/')).sort()).toEqual(['null-price/spider']); // 13/100 over the spider
  });

  it('judges a sliding window: a host whose markup changes mid-crawl alarms while it happens', () => {
    const stats = new Stats();
    const { feed } = alarmOnBus({ threshold: 0.05, minItems: 50, window: 50 }, stats);
    feed(run(0, 500), 'drift:1');
    expect(stats.byPrefix('alarms/')).toEqual({});
    feed(run(3, 0), 'drift:1'); // 3 of the last 50: 6 % although 3/503 overall
    expect(stats.byPrefix('alarms/')).toEqual({ 'null-price/spider': 1, 'null-price/host/drift:1': 1 });
  });

  it('shows alarms in the run summary and fails the run with exit 3 only when set to', () => {
    const stats = new Stats();
    stats.inc('alarms/null-price/host/drift:1');
    const ledger = { planned: 1, succeeded: 1, failed: 0, pending: 0, byHost: {}, byStatus: {}, failedByReason: {} };
    const quiet = buildSummary({ runId: 'r', spider: 's', ledger, stats, interrupted: false });
    expect(exitCodeFor(quiet)).toBe(0);
    expect(formatSummary(quiet)).toContain('ALARMS:\n  null-price/host/drift:1');
    const failing = buildSummary({ runId: 'r', spider: 's', ledger, stats, interrupted: false, alarmsFailRun: true });
    expect(exitCodeFor(failing)).toBe(3);
  });
});
