// Periodic stats line (like Scrapy's LogStats): pages and items per minute, queue, failures and per-host state.
import type { Logger } from 'pino';
import type { CrawlEvents } from '../../events/crawl-events';
import type { CrawlSnapshot } from '../../events/crawl-snapshot';
import { whyOf } from './progress-view';

/** A built-in subscriber of `stats.snapshot` (the pattern for turning an observer into one): it logs what the ticker takes. */
export class StatsLogger {
  private lastPages = 0;
  private lastItems = 0;

  constructor(
    private readonly log: Logger,
    /** The ticker's interval, for the per-minute rates. */
    private readonly intervalMs: number,
  ) {}

  register(events: CrawlEvents): void {
    events.on('stats.snapshot', ({ snapshot }) => this.logLine(snapshot));
  }

  private logLine(snap: CrawlSnapshot): void {
    const perMinute = 60_000 / this.intervalMs;
    const hosts = Object.fromEntries(
      snap.hosts.map((h) => [h.hostKey, { slots: `${h.inFlight}/${h.maxConcurrency}`, intervalMs: h.intervalMs, why: whyOf(h, snap.atMs), deferred: h.deferred, throttled429: h.throttled429, breaker: h.breaker }]),
    );
    this.log.info(
      {
        pagesPerMin: Math.round((snap.pages - this.lastPages) * perMinute),
        itemsPerMin: Math.round((snap.items - this.lastItems) * perMinute),
        pages: snap.pages,
        items: snap.items,
        failed: snap.failed,
        inFlight: snap.inFlight,
        queued: snap.queued,
        hosts,
        // Chromium's process trees (summed PSS), peak so far; absent when no browser ran.
        ...(snap.browserPssPeakMb !== null ? { browserPssPeakMb: snap.browserPssPeakMb } : {}),
      },
      'crawl progress',
    );
    this.lastPages = snap.pages;
    this.lastItems = snap.items;
  }
}
