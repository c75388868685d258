// listing-drop alarm: an observer of page.parsed that alarms when a host's listing pages suddenly yield far fewer entries than their rolling baseline.
import type { Extension } from '../src/components/extension';
import type { CrawlEventMap, CrawlEvents } from '../src/events/crawl-events';
import { AlarmBoard, hostOfUrl, type AlarmContext } from '../src/pipeline/alarm-board';
import type { Settings } from '../src/settings/schema';

export type ListingAlarmOptions = Settings['listingAlarm'];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A listing page is one whose callback also yields its own next page (a request to the same
 * callback). Only those are judged: the last page of a listing is short by nature, and a page
 * without pagination (a product, a home page) is no listing. Its entries are everything else it
 * yielded: items, or requests to product pages. Per host and callback, the baseline is the median of
 * the last `baselinePages` healthy pages; a page below `dropRatio` × baseline raises the alarm
 * (`alarms/listing-drop/host/<host>`, once per host) and does not lower the baseline.
 * The template change that loses 22 of 24 product links on page 3 is one such page.
 */
export class ListingDropAlarm implements Extension {
  readonly name = 'listing-drop-alarm';
  private readonly alarms: AlarmBoard;
  /** host + callback → entries of its recent healthy pages (oldest first). */
  private readonly healthy = new Map<string, number[]>();

  constructor(
    private readonly options: ListingAlarmOptions,
    /** Where it counts and announces (the crawl's stats, log and bus). */
    private readonly ctx: AlarmContext,
  ) {
    this.alarms = new AlarmBoard('listing-drop', options.failRun);
  }

  register(events: CrawlEvents): void {
    events.on('page.parsed', (page) => this.pageParsed(page));
  }

  /** What one page's callback yielded (items before any stage, requests by callback). */
  pageParsed(page: CrawlEventMap['page.parsed']): void {
    const { ctx } = this;
    const nextPages = page.requests[page.callback] ?? 0;
    if (nextPages === 0) return;
    const entries = page.items + Object.values(page.requests).reduce((sum, n) => sum + n, 0) - nextPages;
    const host = hostOfUrl(page.url);
    const trackKey = `${host}\n${page.callback}`;
    const recent = this.healthy.get(trackKey) ?? [];
    this.healthy.set(trackKey, recent);
    if (recent.length >= this.options.minBaselinePages) {
      const baseline = median(recent);
      if (baseline >= this.options.minBaseline && entries < baseline * this.options.dropRatio) {
        ctx.stats.inc('listing/pages-dropped');
        this.alarms.raise(ctx, `host/${host}`, { callback: page.callback, url: page.url, entries, baseline, dropRatio: this.options.dropRatio }, `listing-drop alarm: ${page.url} yielded ${entries} entries where ${page.callback} pages on ${host} yield ${baseline}`);
        return;
      }
    }
    recent.push(entries);
    if (recent.length > this.options.baselinePages) recent.shift();
  }
}
