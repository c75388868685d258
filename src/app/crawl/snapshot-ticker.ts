// Takes the crawl's snapshot every interval and emits it as `stats.snapshot`, only while someone listens.
import type { CrawlEventBus } from '../../events/crawl-events';
import type { CrawlSnapshot } from '../../events/crawl-snapshot';

export class SnapshotTicker {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly events: CrawlEventBus,
    private readonly snapshot: () => CrawlSnapshot,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    if (this.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      // Subscribers are known by now (extensions register before the first request), but a snapshot walks every host: skip it when nobody listens.
      if (this.events.has('stats.snapshot')) this.events.emit('stats.snapshot', { snapshot: this.snapshot() });
    }, this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
