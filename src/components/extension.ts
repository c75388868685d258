// The contract of an extension: a project's observer of a crawl, subscribed to its typed events.
import type { Logger } from 'pino';
import type { CrawlEvents } from '../events/crawl-events';
import type { Settings } from '../settings/schema';
import type { Stats } from '../engine/stats';
import type { HookResult } from '../core/hook-result';
import type { CrawlRequest } from '../core/request';

export interface ExtensionContext {
  spider: string;
  runId: string;
  settings: Settings;
  log: Logger;
  /** The run's counters: what an extension counts under `team/` is listed in the run summary. */
  stats: Stats;
}

/** What an extension's `idle` hook is handed: Scrapy's `spider_idle` handler calling `engine.crawl(request)`. */
export interface IdleContext {
  /** Queues a request (durably, deduplicated against the run, depth 0); a value that is no CrawlRequest throws. */
  schedule(request: CrawlRequest): void;
  /** Which dry queue this is, from 1 in this process (again from 1 after `--resume`). */
  round: number;
  spider: string;
}

/**
 * Extensions watch; they cannot change what happens to a request or an item (that is what middlewares
 * and stages are for). A handler that throws is logged with the extension's name and the crawl goes on.
 * One thing they may add is work, once the queue ran dry: `idle` (a second pass over a catalog, the next
 * page of an API the run walks). It is awaited; the run ends only after a round in which no idle hook
 * (the spider's own `idle()` among them) queued a request the run did not already have. An `idle` that throws is the
 * extension's code error (exit 4); what it scheduled before the throw is queued all the same.
 */
export interface Extension {
  readonly name?: string;
  /** Subscribes to the crawl's events; an extension with only an `idle` hook may leave it out. */
  register?(events: CrawlEvents, context: ExtensionContext): HookResult;
  idle?(context: IdleContext): HookResult;
  close?(): HookResult;
}
