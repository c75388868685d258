// The contract of an item sink: where stored items also go (a webhook, a queue, a file), batch by batch.
import type { Logger } from 'pino';
import type { StoredItem } from '../ports/item-store';
import type { Settings } from '../settings/schema';
import type { Stats } from '../engine/stats';
import type { HookResult } from '../core/hook-result';

export interface ItemSinkContext {
  spider: string;
  runId: string;
  settings: Settings;
  /** The crawl's log, bound with the sink's name. */
  log: Logger;
  /** The run's counters: what a sink counts under `team/` is listed in the run summary. */
  stats: Stats;
}

/**
 * `write` gets each batch right after the run's own store committed it, in order, one batch at a
 * time. A durable sink (`pipeline.sinks.<name>.durable`, the default) holds the acknowledgement: the
 * batch's requests are marked handled only once it resolves; if it throws, they are not, and a
 * resumed or retried run sends the items again (at least once: key your writes by `sku`/`url` and
 * `runId`). A best-effort sink's failures are logged and cost nothing else.
 */
export interface ItemSinkComponent {
  readonly name?: string;
  open?(context: ItemSinkContext): HookResult;
  /** Awaited: a durable sink's batch counts as taken once this resolves. */
  write(items: readonly StoredItem[]): HookResult;
  close?(): HookResult;
}
