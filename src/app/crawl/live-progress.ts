// The live progress block on a terminal: redrawn in place; log lines are written above it, never over it.
import { Writable } from 'node:stream';
import { prettyLogs } from '../../log/logger';
import type { Settings } from '../../settings/schema';
import type { CrawlSnapshot } from '../../events/crawl-snapshot';
import { progressBlock } from './progress-view';
import type { CrawlObserver } from './run-observers';

const CLEAR_DOWN = '\x1b[0J';
const linesUp = (n: number) => (n > 0 ? `\x1b[${n}F` : '');

/** An observer of one or more crawls (the demo runs several side by side): redrawn on each `stats.snapshot`. */
export class LiveProgress {
  private drawnLines = 0;
  private readonly crawls: Array<{ spider: string; snap: CrawlSnapshot | null }> = [];

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly intervalMs: number,
  ) {}

  /** On a terminal with human-readable logs: the block; JSON logs or no TTY keep the periodic stats line (null). */
  static forTerminal(settings: Settings): LiveProgress | null {
    if (settings.progress.live === 'off' || !process.stderr.isTTY || !prettyLogs(settings.log.format)) return null;
    return new LiveProgress(process.stderr, settings.progress.intervalMs);
  }

  /** Pretty log lines go through here: the block is erased, the line written, the block drawn again below it. */
  readonly logStream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      this.out.write(`${this.erase()}${chunk.toString()}${this.render()}`);
      done();
    },
  });

  /**
   * The observer of one crawl, for `runCrawl({ observers })`: it asks for a snapshot every redraw
   * interval (the stats line gives way to the block), and keeps the crawl's last numbers once it closed.
   */
  observer(spider: string): CrawlObserver {
    const crawl = { spider, snap: null as CrawlSnapshot | null };
    this.crawls.push(crawl);
    return {
      name: 'live-progress',
      snapshotEveryMs: this.intervalMs,
      replacesStatsLine: true,
      register: (events) => {
        events.on('stats.snapshot', ({ snapshot }) => this.update(crawl, snapshot));
        events.on('spider.closed', ({ snapshot }) => this.update(crawl, snapshot));
      },
    };
  }

  /** Draws the final state once more and leaves it on screen. */
  stop(): void {
    this.draw();
    this.drawnLines = 0;
  }

  private update(crawl: { snap: CrawlSnapshot | null }, snap: CrawlSnapshot): void {
    crawl.snap = snap;
    this.draw();
  }

  private draw(): void {
    this.out.write(`${this.erase()}${this.render()}`);
  }

  private erase(): string {
    const up = linesUp(this.drawnLines);
    this.drawnLines = 0;
    return `${up}${CLEAR_DOWN}`;
  }

  private render(): string {
    const shown = this.crawls.flatMap(({ spider, snap }) => (snap ? [{ spider, snap }] : []));
    if (shown.length === 0) return '';
    const lines = progressBlock(shown);
    this.drawnLines = lines.length;
    return `${lines.join('\n')}\n`;
  }
}
