// What a caller hands runCrawl: the spider, its settings, and how this run starts, seeds and is watched.
import type { Logger } from 'pino';
import type { Spider } from '../../core/spider';
import type { CrawlEngine } from '../../engine/crawl-engine';
import type { RunSummary } from '../../engine/run-summary';
import type { CrawlSnapshot } from '../../events/crawl-snapshot';
import type { ProcessSlot } from '../../ports/frontier';
import type { LoadedSettings } from '../../settings/load-settings';
import type { FeedSpec } from '../export/feed-spec';
import type { CrawlMode } from '../schedule/run-seeds';
import type { CrawlProcessesOption } from './crawl-processes';
import type { CrawlObserver } from './run-observers';

export interface CrawlOptions {
  spider: Spider;
  loaded: LoadedSettings;
  log: Logger;
  /** Continue the latest unfinished run of this spider instead of starting a fresh one. */
  resume?: boolean;
  /** What to seed: `discover` (default: start requests), `full` (+ every known SKU), `due` (the planner's due set). */
  mode?: CrawlMode;
  /** `due`: also plan what falls due before this time (`--due-until`: the scheduler's next tick). */
  dueUntilMs?: number;
  /** Feeds (-o/-O): written after each durable item batch while the run goes on, completed at its end. */
  feeds?: readonly FeedSpec[];
  /** Create (or continue) this run id instead of a fresh one (the scheduler picks it, so it can record a run that dies early). */
  runId?: string;
  /** Join a run another process seeds on a shared frontier (`pricecrawl worker`): no spider.start(). */
  join?: boolean;
  /** Receives the engine as soon as it exists, so signal handlers can stop it. */
  onEngine?: (engine: CrawlEngine) => void;
  /** Receives a read-only snapshot function once the crawl starts (tests compare it with what observers saw). */
  onSnapshotSource?: (snapshot: () => CrawlSnapshot) => void;
  /** Observers the caller brings (the live progress block), subscribed to the crawl's events under their names. */
  observers?: readonly CrawlObserver[];
  /** Awaited once the run has ended and its summary is built, while the metrics endpoint (metrics.port) still answers: a last scrape (which also ends its grace period, metrics.graceMs). */
  onRunEnd?: (summary: RunSummary) => Promise<void> | void;
  /** `crawl --processes N` on the embedded frontier: this process seeds and starts the N-1 others, which join its run. */
  processes?: CrawlProcessesOption;
  /** This process is one the first one started (slot ≥ 1): it joins the first one's run once open and reports its counters back. */
  processSlot?: ProcessSlot;
}
