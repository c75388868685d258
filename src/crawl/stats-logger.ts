// Periodic stats line (like Scrapy's LogStats): pages and items per minute, queue and failures.
import type { Logger } from 'pino';
import type { Frontier } from '../frontier/frontier';
import type { Stats } from '../engine/stats';

export class StatsLogger {
  private timer: NodeJS.Timeout | null = null;
  private lastPages = 0;
  private lastItems = 0;

  constructor(
    private readonly log: Logger,
    private readonly stats: Stats,
    private readonly frontier: Frontier,
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
    const pages = Object.values(this.stats.byPrefix('http/status/')).reduce((a, b) => a + b, 0);
    const items = this.stats.get('items/written');
    const perMinute = 60_000 / this.intervalMs;
    this.log.info(
      {
        pagesPerMin: Math.round((pages - this.lastPages) * perMinute),
        itemsPerMin: Math.round((items - this.lastItems) * perMinute),
        pages,
        items,
        failed: this.stats.get('requests/failed'),
        inFlight: this.frontier.inFlight(),
        // Chromium's process trees (summed RSS), peak so far; absent when no browser ran.
        ...(this.stats.get('browser/rss-peak-bytes') > 0 ? { browserRssPeakMb: Math.round(this.stats.get('browser/rss-peak-bytes') / 2 ** 20) } : {}),
      },
      'crawl progress',
    );
    this.lastPages = pages;
    this.lastItems = items;
  }
}
