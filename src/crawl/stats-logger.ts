// Periodic stats line (like Scrapy's LogStats): pages and items per minute, queue, failures and per-host state.
import type { Logger } from 'pino';
import type { CrawlSnapshot } from './crawl-snapshot';
import { whyOf } from './progress-view';

export class StatsLogger {
  private timer: NodeJS.Timeout | null = null;
  private lastPages = 0;
  private lastItems = 0;

  constructor(
    private readonly log: Logger,
    private readonly snapshot: () => CrawlSnapshot,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.intervalMs <= 0) return;
    this.timer = setInterval(() => this.logLine(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private logLine(): void {
    const snap = this.snapshot();
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
        // Chromium's process trees (summed RSS), peak so far; absent when no browser ran.
        ...(snap.browserRssPeakMb !== null ? { browserRssPeakMb: snap.browserRssPeakMb } : {}),
      },
      'crawl progress',
    );
    this.lastPages = snap.pages;
    this.lastItems = snap.items;
  }
}
