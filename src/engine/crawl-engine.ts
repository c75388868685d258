// The crawl lifecycle: seed, pull ready requests under the global ceiling, drain, shut down gracefully.
import type { Logger } from 'pino';
import { steadyNowMs } from '../politeness/clock';
import type { Spider, SpiderOutput } from '../core/spider';
import type { DownloaderChain } from '../downloader/downloader-chain';
import type { CrawlEventBus } from '../events/crawl-events';
import type { Frontier } from '../ports/frontier';
import type { Settings } from '../settings/schema';
import { AckTracker } from './ack-tracker';
import { isCloseSpiderReason, reachedLimit } from './close-spider';
import type { ItemProcessor } from './callback-runner';
import { GlobalPool } from './global-pool';
import type { IdleSource } from './idle-rounds';
import { LeasePicker } from './lease-picker';
import { createLoopBlockWatch, type LoopBlockWatch } from './loop-block-watch';
import { runRequestTask } from './request-task';
import { FAR_WAIT_STOP } from './run-summary';
import { Seeding } from './seeding';
import { storageFailureCode, storageStopReason } from './storage-failure';
import type { Stats } from './stats';
import { HostJudgements } from './host-judgements';
import { UrlLengthLimit } from './url-length-limit';
import { WakeTimer } from './wake-timer';
import type { SpiderMiddlewareChain } from '../spider-middleware/spider-chain';

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
  /** The spider middlewares: seeds and callback outputs pass them before the frontier and the pipeline. */
  spiderChain?: SpiderMiddlewareChain;
}

export class CrawlEngine {
  private readonly pool: GlobalPool;
  private readonly acks: AckTracker;
  private readonly loopWatch: LoopBlockWatch | null;
  private readonly urlLimit: UrlLengthLimit;
  /** Each send waits while an answer of its host that may pause it is judged (`politeness/held-for-answer` counts the waits). */
  private readonly judgements: HostJudgements;
  private readonly shutdown = new AbortController();
  /** What spider.start() threw, if it did; the crawl stopped then. */
  startError: unknown = null;
  /** The first write a store could not make (disk full, read-only, I/O error); the crawl stopped then. */
  storageError: unknown = null;
  /** The frontier's last error once it failed for `frontier.outageMs` without a break; the crawl stopped then. */
  frontierError: unknown = null;
  private stopping = false;
  private reason: string | null = null;
  private running = 0;
  /** A host's slot opens then: pick and dispatch in that timer's turn (GlobalPool.checkNow says why). */
  private readonly wakeTimer = new WakeTimer(() => this.pool.checkNow());
  /** The pool's run is over (done or failed): no wake-up may start a pick after it. */
  private poolEnded = false;
  /** The leases picked and not yet run (lease-picker.ts). */
  private readonly picker: LeasePicker;
  /** start() and the idle rounds (seeding.ts). */
  private readonly seeding: Seeding;

  constructor(private readonly deps: CrawlEngineDeps) {
    const ackLimit = Math.max(64, deps.settings.pipeline.batchSize * 4);
    this.acks = new AckTracker(ackLimit, () => {
      this.checkLimits(); // an ack is when a request's failure is counted
      this.wake();
    });
    this.picker = new LeasePicker({
      ...deps,
      spiderName: deps.spider.name,
      acks: this.acks,
      isStopping: () => this.stopping,
      wakeAt: (atMs) => this.wakeAt(atMs),
      storageFailed: (error) => this.storageFailed(error),
      frontierFailed: (error, reason, message, outageMs) => this.frontierFailed(error, reason, message, outageMs),
    });
    this.urlLimit = new UrlLengthLimit(deps.settings.urlLength.limit, deps.stats, deps.log, deps.events);
    this.judgements = new HostJudgements(() => deps.stats.inc('politeness/held-for-answer'));
    this.loopWatch = createLoopBlockWatch({ thresholdMs: deps.settings.watchdog.blockedLoopMs, stats: deps.stats, log: deps.log });
    this.seeding = new Seeding({
      ...deps,
      urlLimit: this.urlLimit,
      wake: () => this.wake(),
      stop: (reason) => this.stop(reason),
      startFailed: (error) => {
        this.startError = error;
        this.stop('spider start() failed');
      },
      storageFailed: (error) => this.storageFailed(error),
      frontierFailed: (error, reason, message) => this.frontierFailed(error, reason, message),
    });
    this.pool = new GlobalPool(deps.settings.concurrency, {
      isTaskReady: () => this.isTaskReady(),
      runTask: () => this.runTask(),
      isFinished: () => this.isFinished(),
    });
  }

  /** Crawls until the frontier is exhausted or `stop()` was called. `seed` runs spider.start(). */
  async run(options: { seed: boolean }): Promise<void> {
    const seeded = this.seeding.start(options.seed);
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
      this.seeding.abort();
      throw error;
    } finally {
      this.poolEnded = true;
      this.wakeTimer.clear();
      this.loopWatch?.stop();
      clearInterval(heartbeat);
      if (timeout) clearTimeout(timeout);
    }
    await seeded;
    await this.seeding.idle?.settled();
    await this.acks.drain();
  }

  /** Graceful stop: no new requests; in-flight ones get `graceMs`, then are cut off and stay queued. */
  stop(reason: string): void {
    if (this.stopping) return;
    this.stopping = true;
    this.reason = reason;
    this.seeding.abort();
    const fields = { reason, inFlight: this.running, graceMs: this.deps.settings.shutdown.graceMs };
    if (isCloseSpiderReason(reason)) this.deps.log.info(fields, 'close-spider limit reached: finishing in-flight requests, the rest stays queued');
    else this.deps.log.warn(fields, 'stopping: finishing in-flight requests');
    for (const lease of this.picker.ready.splice(0)) this.picker.handBack(lease);
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
    if (this.picker.ready.length > 0) return true;
    return then(this.picker.pick(), (type) => type === 'lease' || this.picker.ready.length > 0);
  }

  /** The first frontier failure that ends the crawl is kept (the run's end names it) and stops it. */
  private frontierFailed(error: unknown, reason: string, message: string, outageMs?: number): void {
    if (this.frontierError !== null) return;
    this.frontierError = error;
    this.deps.log.error({ err: error, outageMs }, message);
    this.stop(reason);
  }

  private async runTask(): Promise<void> {
    const lease = this.picker.ready.shift();
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
        judgements: this.judgements,
      });
    } catch (error) {
      this.deps.log.error({ err: error, url: lease.request.url }, 'request task failed unexpectedly');
    } finally {
      this.running--;
      this.checkLimits();
    }
  }

  private isFinished(): boolean | Promise<boolean> {
    if (this.running > 0 || this.acks.size > 0 || this.picker.ready.length > 0) return false;
    if (this.stopping) return true;
    if (!this.seeding.done) return false;
    if (this.deps.frontier.inFlight() > 0) return false;
    return then(this.picker.pick(), (pick) => {
      if (pick === 'lease') this.wake();
      if (pick === 'wait' && this.waitsTooLong()) return true;
      const dry = pick === 'empty' && this.picker.ready.length === 0 && this.running === 0;
      if (!dry || this.stopping) return dry;
      return this.seeding.idle?.drained() ?? true;
    });
  }

  /**
   * Nothing runs and every pending request waits past frontier.maxIdleWaitMs (a Retry-After of a year
   * kept a run asleep for a year): stop instead, leaving them queued; the summary says interrupted.
   */
  private waitsTooLong(): boolean {
    const { nextReadyAtMs } = this.picker;
    const waitMs = nextReadyAtMs - steadyNowMs();
    if (!Number.isFinite(waitMs) || waitMs <= this.deps.settings.frontier.maxIdleWaitMs || this.running > 0 || this.picker.ready.length > 0) return false;
    this.deps.log.warn({ nextAt: new Date(nextReadyAtMs).toISOString(), maxIdleWaitMs: this.deps.settings.frontier.maxIdleWaitMs }, 'every pending request waits longer than frontier.maxIdleWaitMs; ending the run, they stay queued for --resume');
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
