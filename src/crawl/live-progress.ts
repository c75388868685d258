// The live progress block on a terminal: redrawn in place; log lines are written above it, never over it.
import { Writable } from 'node:stream';
import { prettyLogs } from '../log/logger';
import type { Settings } from '../settings/schema';
import type { CrawlSnapshot } from './crawl-snapshot';
import { progressBlock } from './progress-view';

const CLEAR_DOWN = '\x1b[0J';
const linesUp = (n: number) => (n > 0 ? `\x1b[${n}F` : '');

export class LiveProgress {
  private drawnLines = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly crawls: Array<{ spider: string; snapshot: () => CrawlSnapshot }> = [];

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly spider: string,
    private readonly intervalMs: number,
  ) {}

  /** On a terminal with human-readable logs: the block; JSON logs or no TTY keep the periodic stats line (null). */
  static forTerminal(settings: Settings, spider: string): LiveProgress | null {
    if (settings.progress.live === 'off' || !process.stderr.isTTY || !prettyLogs(settings.log.format)) return null;
    return new LiveProgress(process.stderr, spider, settings.progress.intervalMs);
  }

  /** Pretty log lines go through here: the block is erased, the line written, the block drawn again below it. */
  readonly logStream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      this.out.write(`${this.erase()}${chunk.toString()}${this.render()}`);
      done();
    },
  });

  start(snapshot: () => CrawlSnapshot): void {
    this.add(this.spider, snapshot);
  }

  /** One more crawl in the block (the demo runs several side by side); the first starts the refresh. */
  add(spider: string, snapshot: () => CrawlSnapshot): void {
    this.crawls.push({ spider, snapshot });
    this.draw();
    if (this.timer) return;
    this.timer = setInterval(() => this.draw(), this.intervalMs);
    this.timer.unref();
  }

  /** A crawl that ended keeps its last numbers (its clock and rates stop) while the others go on. */
  finish(spider: string): void {
    const crawl = this.crawls.find((entry) => entry.spider === spider);
    if (!crawl) return;
    const last = crawl.snapshot();
    crawl.snapshot = () => last;
  }

  /** Draws the final state once more and leaves it on screen. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.draw();
    this.drawnLines = 0;
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
    if (this.crawls.length === 0) return '';
    const lines = progressBlock(this.crawls.map(({ spider, snapshot }) => ({ spider, snap: snapshot() })));
    this.drawnLines = lines.length;
    return `${lines.join('\n')}\n`;
  }
}
