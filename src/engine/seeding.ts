// What feeds the frontier besides the pages: spider.start() (the seeds) and, once the queue ran dry, the idle rounds.
import type { Logger } from 'pino';
import type { Spider, SpiderOutput } from '../core/spider';
import type { CrawlEventBus } from '../events/crawl-events';
import type { Frontier } from '../ports/frontier';
import type { Settings } from '../settings/schema';
import { frontierAddFailed, frontierRunLost } from './frontier-outage';
import { IdleRounds, type IdleSource } from './idle-rounds';
import { RequestSink } from './request-sink';
import { seedFrontier } from './seeder';
import type { Stats } from './stats';
import { storageFailureCode } from './storage-failure';
import type { UrlLengthLimit } from './url-length-limit';
import type { SpiderMiddlewareChain } from '../spider-middleware/spider-chain';

export interface SeedingDeps {
  spider: Spider;
  settings: Settings;
  frontier: Frontier;
  stats: Stats;
  log: Logger;
  seeds?: AsyncIterable<SpiderOutput>;
  events?: CrawlEventBus;
  idle?: IdleSource;
  /** The spider middlewares' `processStart` hooks the seeds pass (not the idle rounds': Scrapy's hook is the start's alone). */
  spiderChain?: SpiderMiddlewareChain;
  urlLimit: UrlLengthLimit;
  /** New requests were stored, or seeding ended: the pool may have work again. */
  wake: () => void;
  stop: (reason: string) => void;
  /** spider.start() threw: the crawl stops and the caller refuses the run. */
  startFailed: (error: unknown) => void;
  storageFailed: (error: unknown) => void;
  frontierFailed: (error: unknown, reason: string, message: string) => void;
}

/** Why a crawl stops when the frontier did not store what it was given. */
function frontierStopReason(error: unknown): string {
  return frontierRunLost(error) ? 'frontier/run-lost' : 'frontier/unreachable';
}

export class Seeding {
  private readonly stopSignal = new AbortController();
  /** start() has ended (or never ran in this process) and the frontier was told. */
  done = false;
  /** The idle rounds, in the process that seeds; null elsewhere or without idle hooks. */
  idle: IdleRounds | null = null;

  constructor(private readonly deps: SeedingDeps) {}

  /** Runs spider.start() when `seed` (else only marks seeding done); settles once seeding ended, however. */
  start(seed: boolean): Promise<void> {
    const { spider, frontier, settings, stats, log } = this.deps;
    const sink = this.newSink();
    this.idle = this.idleRounds(seed);
    const seeds = () => {
      const given = this.deps.seeds ?? spider.start();
      return this.deps.spiderChain?.start(given) ?? given;
    };
    const seeding = seed ? seedFrontier(seeds(), sink, stats, log, this.stopSignal.signal, settings.frontier.outageMs) : Promise.resolve();
    return seeding
      .catch((error: unknown) => {
        // The frontier stayed away past its outage limit while seeding: its failure, not start()'s.
        if (frontierAddFailed(error) && storageFailureCode(error) === null) {
          return this.deps.frontierFailed(error, frontierStopReason(error), 'the frontier did not store the seeds; stopping the crawl, what was seeded stays queued');
        }
        // A spider that cannot seed is broken: stop (what was seeded stays queued) and let the caller refuse the run.
        stats.inc('spider/errors/start');
        this.deps.startFailed(error);
      })
      .finally(async () => {
        if (seed) await frontier.seedingDone?.().catch((error: unknown) => log.error({ err: error }, 'could not mark seeding done'));
        this.done = true;
        this.deps.wake();
      });
  }

  /** No more seeds or idle rounds: what was queued stays queued. */
  abort(): void {
    this.stopSignal.abort();
  }

  /**
   * Only the process that seeds runs idle rounds: the others of a shared run see the queue dry while the
   * seeding one may still be asked for more, and each would ask its own hooks for the same pages again.
   */
  private idleRounds(seeds: boolean): IdleRounds | null {
    const { idle, stats, settings, log } = this.deps;
    if (!idle || !seeds) return null;
    return new IdleRounds({
      source: idle,
      sink: () => this.newSink(),
      stats,
      log,
      signal: this.stopSignal.signal,
      outageMs: settings.frontier.outageMs,
      wake: () => this.deps.wake(),
      maxRounds: settings.closeSpider.idleRounds,
      limitReached: () => this.deps.stop('closespider/idlerounds'),
      failed: (error) => {
        if (storageFailureCode(error) !== null) this.deps.storageFailed(error);
        else this.deps.frontierFailed(error, frontierStopReason(error), 'the frontier did not store what the idle hooks queued; stopping the crawl');
      },
    });
  }

  /** Where start()'s and the idle hooks' requests enter the frontier: batched, deduped, the URL length checked. */
  private newSink(): RequestSink {
    const { frontier, stats, settings, events, urlLimit } = this.deps;
    return new RequestSink(frontier, stats, settings.frontier.addBatchSize, () => this.deps.wake(), events, urlLimit);
  }
}
