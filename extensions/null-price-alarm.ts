// null-price alarm: an observer of item.scraped that alarms when too many items (per spider and per host) arrive without a valid price.
import type { Extension } from '../src/components/extension';
import type { CrawlEvents } from '../src/events/crawl-events';
import { AlarmBoard, hostOfUrl, type AlarmContext } from '../src/pipeline/alarm-board';

export interface NullPriceAlarmOptions {
  /** Alarm when the share of items without a valid price is above this (0.05 = 5 %). */
  threshold: number;
  /** No verdict on fewer items than this. */
  minItems: number;
  /** Sliding window: the last this-many items per key are judged. */
  window: number;
  /** A run that raised it exits 3. */
  failRun?: boolean;
}

/** Ring of the last `size` verdicts with a running count of missing ones. */
class VerdictWindow {
  private readonly ring: boolean[] = [];
  private next = 0;
  missing = 0;

  constructor(private readonly size: number) {}

  get count(): number {
    return this.ring.length;
  }

  get full(): boolean {
    return this.ring.length === this.size;
  }

  push(missing: boolean): void {
    if (this.ring.length < this.size) this.ring.push(missing);
    else {
      if (this.ring[this.next]) this.missing--;
      this.ring[this.next] = missing;
      this.next = (this.next + 1) % this.size;
    }
    if (missing) this.missing++;
  }
}

/**
 * It hears every item as the spider yielded it, before any stage: price-coercion drops the priceless
 * ones, and the alarm must count them. Judged whenever a window is full (a host whose markup changes
 * mid-crawl alarms while it happens) and once more when the crawl closes; each key alarms at most
 * once, as `alarms/null-price/<key>`.
 */
export class NullPriceAlarm implements Extension {
  readonly name = 'null-price-alarm';
  private readonly windows = new Map<string, VerdictWindow>();
  private readonly alarms: AlarmBoard;

  constructor(
    private readonly options: NullPriceAlarmOptions,
    /** Where it counts and announces (the crawl's stats, log and bus). */
    private readonly ctx: AlarmContext,
  ) {
    this.alarms = new AlarmBoard('null-price', options.failRun === true);
  }

  register(events: CrawlEvents): void {
    events.on('item.scraped', ({ url, priced }) => this.seen(priced, url));
    // Every item is in by then; heard before the summary is built, so an alarm raised here counts in the run's verdict.
    events.on('spider.closed', () => this.close());
  }

  /** One item yielded on the page at `url`, with or without an exact price. */
  seen(priced: boolean, url: string): void {
    const missing = !priced;
    if (missing) this.ctx.stats.inc('items/price-missing');
    for (const key of ['spider', `host/${hostOfUrl(url)}`]) {
      let window = this.windows.get(key);
      if (!window) this.windows.set(key, (window = new VerdictWindow(this.options.window)));
      window.push(missing);
      if (window.full) this.judge(key, window);
    }
  }

  /** The crawl is over: every window that did not fill is judged (a key already alarmed stays quiet, so twice is harmless). */
  close(): void {
    for (const [key, window] of this.windows) this.judge(key, window);
  }

  private judge(key: string, window: VerdictWindow): void {
    if (this.alarms.hasFired(key) || window.count < this.options.minItems) return;
    const rate = window.missing / window.count;
    if (rate <= this.options.threshold) return;
    this.alarms.raise(
      this.ctx,
      key,
      { missing: window.missing, items: window.count, rate: Number(rate.toFixed(4)), threshold: this.options.threshold },
      `null-price alarm: ${window.missing} of the last ${window.count} items (${key}) have no valid price`,
    );
  }
}
