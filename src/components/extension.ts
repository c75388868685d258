// The contract of an extension: a project's observer of a crawl, subscribed to its typed events.
import type { Logger } from 'pino';
import type { CrawlEvents } from '../events/crawl-events';
import type { Settings } from '../settings/schema';
import type { Stats } from '../engine/stats';
import type { HookResult } from '../core/hook-result';

export interface ExtensionContext {
  spider: string;
  runId: string;
  settings: Settings;
  log: Logger;
  /** The run's counters: what an extension counts under `team/` is listed in the run summary. */
  stats: Stats;
}

/**
 * Extensions watch; they cannot change what happens to a request or an item (that is what middlewares
 * and stages are for). A handler that throws is logged with the extension's name and the crawl goes on.
 */
export interface Extension {
  readonly name?: string;
  register(events: CrawlEvents, context: ExtensionContext): HookResult;
  close?(): HookResult;
}
