// The listing-drop alarm, an observer of page.parsed: baseline, last pages, per host and callback, once.
import { describe, expect, it } from 'vitest';
import { ListingDropAlarm } from '../../extensions/listing-drop-alarm';
import { Stats } from '../../src/engine/stats';
import { CrawlEventBus, type CrawlEventMap } from '../../src/events/crawl-events';
import { capturingLogger, testSettings } from '../pipeline/pipeline-fixtures';

type PageOutputs = CrawlEventMap['page.parsed'];

/** A listing page on `host` that links `products` product pages and, unless it is the last, its next page. */
const listing = (host: string, products: number, last = false, callback = 'parse'): PageOutputs => ({
  url: `http://${host}/list`,
  callback,
  items: 0,
  requests: { parseProduct: products, ...(last ? {} : { [callback]: 1 }) },
});

async function watch(pages: PageOutputs[], options: Partial<ReturnType<typeof testSettings>['listingAlarm']> = {}) {
  const settings = testSettings();
  const { log, lines } = capturingLogger();
  const stats = new Stats();
  const events = new CrawlEventBus(log);
  const alarm = new ListingDropAlarm({ ...settings.listingAlarm, ...options }, { stats, log, events });
  alarm.register(events.forOwner(alarm.name));
  for (const page of pages) events.emit('page.parsed', page);
  return { alarms: stats.byPrefix('alarms/'), lines: lines.filter((line) => line.alarm === 'listing-drop'), dropped: stats.get('listing/pages-dropped') };
}

describe('listing-drop alarm', () => {
  it('fires when a listing that gave 24 per page gives 2, once per host, with the numbers in the log', async () => {
    const { alarms, lines, dropped } = await watch([listing('a:1', 24), listing('a:1', 24), listing('a:1', 24), listing('a:1', 2), listing('a:1', 2), listing('a:1', 24, true)]);
    expect(alarms).toEqual({ 'listing-drop/host/a:1': 1 });
    expect(dropped).toBe(2);
    expect(lines).toEqual([expect.objectContaining({ key: 'host/a:1', callback: 'parse', entries: 2, baseline: 24, level: 40 })]);
  });

  it('stays quiet on short last pages, small listings, gentle declines and too little history', async () => {
    const lastPages = [listing('b:1', 12), listing('b:1', 12), listing('b:1', 3, true), listing('b:1', 12), listing('b:1', 1, true)];
    const small = [listing('c:1', 4), listing('c:1', 4), listing('c:1', 1)];
    const gentle = [listing('d:1', 24), listing('d:1', 24), listing('d:1', 13), listing('d:1', 12)];
    const early = [listing('e:1', 24), listing('e:1', 2)];
    // Product pages (no next page of their own) are no listing at all.
    const products: PageOutputs[] = Array.from({ length: 5 }, () => ({ url: 'http://f:1/p', callback: 'parseProduct', items: 1, requests: {} }));
    expect((await watch([...lastPages, ...small, ...gentle, ...early, ...products])).alarms).toEqual({});
  });

  it('keeps a baseline per callback (categories vs. search pages) and counts yielded items as entries', async () => {
    const itemsPage = (items: number): PageOutputs => ({ url: 'http://g:1/search', callback: 'parseSearch', items, requests: { parseSearch: 1 } });
    const quiet = await watch([listing('g:1', 24), listing('g:1', 24), itemsPage(6), itemsPage(6), itemsPage(5), listing('g:1', 23)]);
    expect(quiet.alarms).toEqual({});
    const fired = await watch([itemsPage(20), itemsPage(20), itemsPage(2)]);
    expect(fired.lines[0]).toMatchObject({ callback: 'parseSearch', entries: 2, baseline: 20 });
  });

  it('follows its settings: a stricter ratio, a longer history', async () => {
    const pages = [listing('h:1', 20), listing('h:1', 20), listing('h:1', 20), listing('h:1', 15)];
    expect((await watch(pages, { dropRatio: 0.8 })).alarms).toEqual({ 'listing-drop/host/h:1': 1 });
    expect((await watch(pages, { dropRatio: 0.8, minBaselinePages: 4 })).alarms).toEqual({});
  });
});
