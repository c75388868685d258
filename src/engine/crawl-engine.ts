// The crawl lifecycle: seed, pull ready requests under the global ceiling, drain, shut down gracefully.
import type { Logger } from 'pino';
import { steadyNowMs } from '../politeness/clock';
import type { Spider, SpiderOutput } from '../core/spider';
import type { DownloaderChain } from '../downloader/downloader-chain';
import type { CrawlEventBus } from '../events/crawl-events';
import type { Frontier, Lease, Pick } from '../ports/frontier';
import type { Settings } from '../settings/schema';
import { AckTracker } from './ack-tracker';
import { isCloseSpiderReason, reachedLimit } from './close-spider';
import type { ItemProcessor } from './callback-runner';
import { GlobalPool } from './global-pool';
import { IdleRounds, type IdleSource } from './idle-rounds';
import { FrontierOutage, frontierAddFailed, frontierRunLost, judgePickFailure } from './frontier-outage';
import { createLoopBlockWatch, type LoopBlockWatch } from './loop-block-watch';
import { runRequestTask } from './request-task';
import { FAR_WAIT_STOP } from './run-summary';
import { storageFailureCode, storageStopReason } from './storage-failure';
import { RequestSink } from './request-sink';
import { seedFrontier } from './seeder';
import type { Stats } from './stats';
import { UrlLengthLimit } from './url-length-limit';
import { WakeTimer } from './wake-timer';

type PickType = Pick['type'];

/** Applies `use` now to a plain value, or after a promise settles: the synchronous path stays synchronous. */
function then<T, R>(value: T | Promise<T>, use: (value: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(use) : use(value);
}

export interface CrawlEngineDeps {
  spider: Spider;
  settings: Settings;
  frontier: Frontier;
  chain: DownloaderChain;
  items: ItemProcessor;
  stats: Stats;
  log: Logger;
  /** What seeding yields; `spider.start()` when absent (run modes add catalog requests, see src/app/schedule/run-seeds.ts). */
  seeds?: AsyncIterable<SpiderOutput>;
  /** The crawl's event bus, an optional port: the engine emits, it knows no subscriber. */
  events?: CrawlEventBus;
  /** What may queue more once the queue ran dry (the spider's and extensions' idle hooks); absent, a dry queue ends the run. */
  idle?: IdleSource;
}

export class CrawlEngine {
  private readonly pool: GlobalPool;
  private readonly acks: AckTracker;
  private readonly loopWatch: LoopBlockWatch | null;
  private readonly urlLimit: UrlLengthLimit;
  private readonly shutdown = new AbortController();
  private readonly stopSeeding = new AbortController();
  private readonly ready: Lease[] = [];
  private seedingDone = false;
  /** What spider.start() threw, if it did; the crawl stopped then. */
  startError: unknown = null;
  /** The first write a store could not make (disk full, read-only, I/O error); the crawl stopped then. */
  storageError: unknown = null;
  /** The frontier's last error once it failed for `frontier.outageMs` without a break; the crawl stopped then. */
  frontierError: unknown = null;
  private readonly outage: FrontierOutage;
  private idle: IdleRounds | null = null;
  private stopping = false;
  private reason: string | null = null;
  private running = 0;
  /** A host's slot opens then: pick and dispatch in that timer's turn (GlobalPool.checkNow says why). */
  private readonly wakeTimer = new WakeTimer(() => this.pool.checkNow());
  /** The pool's run is over (done or failed): no wake-up may start a pick after it. */
  private poolEnded = false;
  /** When the frontier's last 'wait' said the next request may go (Infinity: a slot release decides). */
  private nextReadyAtMs = Infinity;

  constructor(private readonly deps: CrawlEngineDeps) {
    const ackLimit = Math.max(64, deps.settings.pipeline.batchSize * 4);
    this.acks = new AckTracker(ackLimit, () => {
      this.checkLimits(); // an ack is when a request's failure is counted
      this.wake();
    });
    this.outage = new FrontierOutage(deps.settings.frontier.outageMs);
    this.urlLimit = new UrlLengthLimit(deps.settings.urlLength.limit, deps.stats, deps.log, deps.events);
    this.loopWatch = createLoopBlockWatch({ thresholdMs: deps.settings.watchdog.blockedLoopMs, stats: deps.stats, log: deps.log });
    this.pool = new GlobalPool(deps.settings.concurrency, {
      isTaskReady: () => this.isTaskReady(),
      runTask: () => this.runTask(),
      isFinished: () => this.isFinished(),
    });
  }

  /** Crawls until the frontier is exhausted or `stop()` was called. `seed` runs spider.start(). */
  async run(options: { seed: boolean }): Promise<void> {
    const { spider, frontier, settings, stats, log } = this.deps;
    const sink = this.newSink();
    this.idle = this.idleRounds(options.seed);
    const seeding = options.seed ? seedFrontier(this.deps.seeds ?? spider.start(), sink, stats, log, this.stopSeeding.signal, settings.frontier.outageMs) : Promise.resolve();
    const seeded = seeding
      .catch((error: unknown) => {
        // The frontier stayed away past its outage limit while seeding: its failure, not start()'s.
        if (frontierAddFailed(error) && storageFailureCode(error) === null) {
          return this.frontierFailed(error, frontierRunLost(error) ? 'frontier/run-lost' : 'frontier/unreachable', 'the frontier did not store the seeds; stopping the crawl, what was seeded stays queued');
        }
        // A spider that cannot seed is broken: stop (what was seeded stays queued) and let the caller refuse the run.
        stats.inc('spider/errors/start');
        this.startError = error;
        this.stop('spider start() failed');
      })
      .finally(async () => {
        if (options.seed) await frontier.seedingDone?.().catch((error: unknown) => log.error({ err: error }, 'could not mark seeding done'));
        this.seedingDone = true;
        this.wake();
      });
    // A ref'd heartbeat: keeps the process alive while only unref'd timers and pending writes remain, and
    // re-checks the frontier in case a wake-up was missed.
    const heartbeat = setInterval(() => {
      this.checkLimits();
      this.wake();
    }, 1000);
    const { timeoutSec } = this.deps.settings.closeSpider;
    const timeout = timeoutSec > 0 ? setTimeout(() => this.stop('closespider/timeout'), timeoutSec * 1000) : null;
    this.loopWatch?.start();
    try {
      await this.pool.run();
    } catch (error) {
      // The pool could not start or broke: seeding stops (what was queued stays queued), and below nothing
      // picks again (a wake timer would retry against a frontier the caller is about to close, forever).
      this.stopSeeding.abort();
      throw error;
    } finally {
      this.poolEnded = true;
      this.wakeTimer.clear();
      this.loopWatch?.stop();
      clearInterval(heartbeat);
      if (timeout) clearTimeout(timeout);
    }
    await seeded;
    await this.idle?.settled();
    await this.acks.drain();
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
      signal: this.stopSeeding.signal,
      outageMs: settings.frontier.outageMs,
      wake: () => this.wake(),
      maxRounds: settings.closeSpider.idleRounds,
      limitReached: () => this.stop('closespider/idlerounds'),
      failed: (error) => {
        if (storageFailureCode(error) !== null) this.storageFailed(error);
        else this.frontierFailed(error, frontierRunLost(error) ? 'frontier/run-lost' : 'frontier/unreachable', 'the frontier did not store what the idle hooks queued; stopping the crawl');
      },
    });
  }

  /** Where start()'s and the idle hooks' requests enter the frontier: batched, deduped, the URL length checked. */
  private newSink(): RequestSink {
    const { frontier, stats, settings, events } = this.deps;
    return new RequestSink(frontier, stats, settings.frontier.addBatchSize, () => this.wake(), events, this.urlLimit);
  }

  /** Graceful stop: no new requests; in-flight ones get `graceMs`, then are cut off and stay queued. */
  stop(reason: string): void {
    if (this.stopping) return;
    this.stopping = true;
    this.reason = reason;
    this.stopSeeding.abort();
    const fields = { reason, inFlight: this.running, graceMs: this.deps.settings.shutdown.graceMs };
    if (isCloseSpiderReason(reason)) this.deps.log.info(fields, 'close-spider limit reached: finishing in-flight requests, the rest stays queued');
    else this.deps.log.warn(fields, 'stopping: finishing in-flight requests');
    for (const lease of this.ready.splice(0)) {
      lease.cancelReservation();
      void this.deps.frontier.defer(lease.request, steadyNowMs(), { countAttempt: false, reason: 'shutdown' });
    }
    setTimeout(() => this.shutdown.abort(), this.deps.settings.shutdown.graceMs).unref();
    this.wake();
  }

  /**
   * A store cannot write: every further request would fail or be re-fetched for nothing, so stop (what is
   * unsettled stays queued for `--resume` once there is space again). Logged once, with the code.
   */
  storageFailed(error: unknown): void {
    if (this.storageError !== null) return;
    this.storageError = error;
    this.deps.log.error({ code: storageFailureCode(error), storageDir: this.deps.settings.storage.dir }, 'a store cannot write; stopping the crawl');
    this.stop(storageStopReason(error));
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Why `stop()` was called (a signal name, `closespider/itemcount`...); null while it was not. */
  get stopReason(): string | null {
    return this.reason;
  }

  /** closeSpider.* count limits: checked after each page and each acknowledged outcome. */
  private checkLimits(): void {
    if (this.stopping) return;
    const limit = reachedLimit(this.deps.settings.closeSpider, this.deps.stats);
    if (limit) this.stop(limit);
  }

  private isTaskReady(): boolean | Promise<boolean> {
    if (this.stopping || this.acks.isFull) return false;
    if (this.ready.length > 0) return true;
    return then(this.pick(), (type) => type === 'lease' || this.ready.length > 0);
  }

  /**
   * Reserves the next ready request's host slot now; the pool runs it right after. The embedded frontier
   * answers synchronously (no promise on the hot path); a shared one answers after a round trip.
   */
  private pick(): PickType | Promise<PickType> {
    let pick: ReturnType<Frontier['next']>;
    try {
      pick = this.deps.frontier.next(steadyNowMs());
    } catch (error) {
      return this.pickFailed(error);
    }
    return pick instanceof Promise ? pick.then((p) => this.take(p), (error: unknown) => this.pickFailed(error)) : this.take(pick);
  }

  private take(pick: Pick): PickType {
    const outageMs = this.outage.recovered(steadyNowMs());
    if (outageMs !== null) this.deps.log.warn({ outageMs }, 'the frontier answers again');
    if (pick.type === 'lease') {
      if (this.stopping) {
        // Arrived after stop() (a round trip was under way): hand it straight back.
        pick.lease.cancelReservation();
        void this.deps.frontier.defer(pick.lease.request, steadyNowMs(), { countAttempt: false, reason: 'shutdown' });
        return 'wait';
      }
      this.ready.push(pick.lease);
    } else if (pick.type === 'wait') {
      this.nextReadyAtMs = pick.readyAtMs ?? pick.atMs;
      this.wakeAt(pick.atMs);
    }
    // The frontier is drained: the last items would otherwise wait for their batch to age (batchMaxAgeMs)
    // before their requests are acknowledged and the run can end.
    else if (this.acks.size > 0) this.deps.items.flush?.();
    return pick.type;
  }

  /** A shared frontier may be unreachable for a moment: try again shortly, and stop once it stayed away for `frontier.outageMs`. */
  private pickFailed(error: unknown): PickType {
    const nowMs = steadyNowMs();
    const verdict = judgePickFailure(error, this.outage, nowMs, { spider: this.deps.spider.name, runId: this.deps.frontier.runId });
    if (verdict.kind === 'storage') this.storageFailed(error);
    else if (verdict.kind === 'stop') this.frontierFailed(error, verdict.reason, verdict.message, verdict.outageMs);
    else {
      // Once per outage: a retry a second for up to `frontier.outageMs` (minutes) would bury the log in
      // identical stacks; the retries stay visible at debug level and the recovery is logged.
      if (verdict.first) this.deps.log.warn({ err: error, outageLimitMs: this.deps.settings.frontier.outageMs }, 'the frontier did not answer; retrying every second until it does or the outage limit passes');
      else this.deps.log.debug({ err: error }, 'the frontier still does not answer; retrying');
      this.wakeAt(nowMs + 1000);
    }
    return 'wait';
  }

  /** The first frontier failure that ends the crawl is kept (the run's end names it) and stops it. */
  private frontierFailed(error: unknown, reason: string, message: string, outageMs?: number): void {
    if (this.frontierError !== null) return;
    this.frontierError = error;
    this.deps.log.error({ err: error, outageMs }, message);
    this.stop(reason);
  }

  private async runTask(): Promise<void> {
    const lease = this.ready.shift();
    if (!lease) return;
    this.running++;
    try {
      await runRequestTask(lease, {
        ...this.deps,
        acks: this.acks,
        runId: this.deps.frontier.runId,
        shutdownSignal: this.shutdown.signal,
        wake: () => this.wake(),
        storageFailed: (error) => this.storageFailed(error),
        loopWatch: this.loopWatch,
        urlLimit: this.urlLimit,
      });
    } catch (error) {
      this.deps.log.error({ err: error, url: lease.request.url }, 'request task failed unexpectedly');
    } finally {
      this.running--;
      this.checkLimits();
    }
  }

  private isFinished(): boolean | Promise<boolean> {
    if (this.running > 0 || this.acks.size > 0 || this.ready.length > 0) return false;
    if (this.stopping) return true;
    if (!this.seedingDone) return false;
    if (this.deps.frontier.inFlight() > 0) return false;
    return then(this.pick(), (pick) => {
      if (pick === 'lease') this.wake();
      if (pick === 'wait' && this.waitsTooLong()) return true;
      const dry = pick === 'empty' && this.ready.length === 0 && this.running === 0;
      if (!dry || this.stopping) return dry;
      return this.idle?.drained() ?? true;
    });
  }

  /**
   * Nothing runs and every pending request waits past frontier.maxIdleWaitMs (a Retry-After of a year
   * kept a run asleep for a year): stop instead, leaving them queued; the summary says interrupted.
   */
  private waitsTooLong(): boolean {
    const waitMs = this.nextReadyAtMs - steadyNowMs();
    if (!Number.isFinite(waitMs) || waitMs <= this.deps.settings.frontier.maxIdleWaitMs || this.running > 0 || this.ready.length > 0) return false;
    this.deps.log.warn({ nextAt: new Date(this.nextReadyAtMs).toISOString(), maxIdleWaitMs: this.deps.settings.frontier.maxIdleWaitMs }, 'every pending request waits longer than frontier.maxIdleWaitMs; ending the run, they stay queued for --resume');
    this.stop(FAR_WAIT_STOP);
    return true;
  }

  private wake(): void {
    if (!this.poolEnded) this.pool.notify();
  }

  private wakeAt(atMs: number): void {
    if (!Number.isFinite(atMs) || this.poolEnded) return; // every pending host is at its cap: a slot release wakes us
    this.wakeTimer.at(atMs);
  }
}
