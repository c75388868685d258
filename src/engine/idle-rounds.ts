// Scrapy's `spider_idle`: once the queue ran dry, the idle hooks may queue more; the run ends only after a round that added nothing.
import type { Logger } from 'pino';
import type { SpiderOutput } from '../core/spider';
import type { RequestSink } from './request-sink';
import { seedFrontier } from './seeder';
import type { Stats } from './stats';

/**
 * What one idle round yields (the spider's `idle()` and the extensions' scheduled requests, composed by the
 * caller: src/app/crawl/idle-hooks.ts). `round` counts from 1 in this process. A hook's own throw is the
 * caller's to count; what reaches the engine as a rejection is the frontier's failure.
 */
export type IdleSource = (round: number) => AsyncIterable<SpiderOutput>;

export interface IdleRoundsDeps {
  source: IdleSource;
  sink: () => RequestSink;
  stats: Stats;
  log: Logger;
  signal: AbortSignal;
  outageMs: number;
  /** After a round: the pool looks again (new work, or the end). */
  wake: () => void;
  /** The frontier did not store a round's requests (they stay with the hook: it is asked again on --resume). */
  failed: (error: unknown) => void;
  /** Rounds after which the hooks are not asked again (closeSpider.idleRounds); 0 = no limit. */
  maxRounds: number;
  /** The queue ran dry after the last round allowed: the run stops as a closeSpider limit does. */
  limitReached: () => void;
}

export class IdleRounds {
  private rounds = 0;
  private running: Promise<void> | null = null;
  /** The last round added no request: nothing can add one any more, the run is over. */
  private dry = false;

  constructor(private readonly deps: IdleRoundsDeps) {}

  /**
   * The queue is empty and nothing runs. True once a round added nothing; otherwise starts a round (or lets
   * the one under way finish) and says false: the requests it adds go through the same durable frontier as
   * any page's links (deduplicated, depth 0 as seeds), and the pool is woken when it ends.
   */
  drained(): boolean {
    if (this.dry) return true;
    if (this.running === null && this.deps.maxRounds > 0 && this.rounds >= this.deps.maxRounds) {
      this.dry = true;
      this.deps.limitReached();
      return true;
    }
    if (this.running === null) this.running = this.round();
    return false;
  }

  /** Awaited before the run closes its frontier: a round started just before a stop finishes its writes. */
  async settled(): Promise<void> {
    await this.running;
  }

  private async round(): Promise<void> {
    const { stats, log } = this.deps;
    const round = ++this.rounds;
    const sink = this.deps.sink();
    stats.inc('idle/rounds');
    try {
      await seedFrontier(this.deps.source(round), sink, stats, log, this.deps.signal, this.deps.outageMs, 'idle');
      stats.inc('idle/requests', sink.added);
      log.info({ round, added: sink.added }, sink.added > 0 ? 'the queue ran dry; the idle hooks queued more' : 'the queue ran dry and the idle hooks added nothing; ending the run');
      this.dry = sink.added === 0;
    } catch (error) {
      this.dry = true;
      this.deps.failed(error);
    } finally {
      this.running = null;
      this.deps.wake();
    }
  }
}
