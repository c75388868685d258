// The live progress block on a terminal: redrawn in place; log lines are written above it, never over it.
import { Writable } from 'node:stream';
import type { CrawlSnapshot } from './crawl-snapshot';
import { progressLines } from './progress-view';

const CLEAR_DOWN = '\x1b[0J';
const linesUp = (n: number) => (n > 0 ? `\x1b[${n}F` : '');

export class LiveProgress {
  private drawnLines = 0;
  private timer: NodeJS.Timeout | null = null;
  private snapshot: (() => CrawlSnapshot) | null = null;

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly spider: string,
    private readonly intervalMs: number,
  ) {}

  /** Pretty log lines go through here: the block is erased, the line written, the block drawn again below it. */
  readonly logStream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      this.out.write(`${this.erase()}${chunk.toString()}${this.render()}`);
      done();
    },
  });

  start(snapshot: () => CrawlSnapshot): void {
    this.snapshot = snapshot;
    this.draw();
    this.timer = setInterval(() => this.draw(), this.intervalMs);
    this.timer.unref();
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
    if (!this.snapshot) return '';
    const lines = progressLines(this.spider, this.snapshot());
    this.drawnLines = lines.length;
    return `${lines.join('\n')}\n`;
  }
}
