// The durable steps of a run's end, in order: price history, the SKU catalog, the run record.
import type { Logger } from 'pino';
import type { RunSummary } from '../../engine/run-summary';
import type { Settings } from '../../settings/schema';
import type { CrawlStores } from '../../ports/crawl-stores';
import type { ItemStore } from '../../ports/item-store';
import { openRunLedger } from '../../../storage/open-backends';
import type { CatalogRun } from './catalog-run';
import type { RunRecorder } from './run-record';
import { recordedSummary, type EndStep } from './run-end';

export interface DurableEndParts {
  settings: Settings;
  spider: string;
  log: Logger;
  stores: CrawlStores;
  items: ItemStore;
  catalogRun: CatalogRun;
  record: RunRecorder;
  /** The run's storage failure so far, read when the record is written. */
  storage: { readonly error: unknown };
  /** Why the run stopped early, read when the record is written; null when it ran out of work. */
  stopReason: () => string | null;
}

/**
 * Items are durable by the run's end. With many workers only the one that claims the run's end compares it
 * with the previous one and folds it into the SKU catalog; endRun runs each step whatever failed before it.
 */
export function durableEndSteps(parts: DurableEndParts, ended: RunSummary): EndStep[] {
  const { settings, spider, log, stores, record } = parts;
  // A run on the development HTTP cache replayed old answers under today's time: its prices are no
  // observation of today, so they feed neither the change history nor the catalog's streaks and due dates.
  const replayed = settings.cache.enabled;
  return [
    ['price history', async () => {
      if (replayed) return void log.warn('price history not fed: this run replayed answers from the HTTP cache (cache.enabled)');
      const recorded = await stores.history().recordRun(spider, ended.runId);
      if (recorded > 0) log.info({ changes: recorded }, 'price changes recorded');
      for (const runId of await record.diedBeforeTheirEnd()) {
        const late = await stores.history().recordRun(spider, runId);
        log.warn({ diedRunId: runId, changes: late }, 'price changes of a run that died before its end recorded now');
      }
    }],
    ['catalog', async () => {
      if (replayed) return void log.warn('SKU catalog not fed: this run replayed answers from the HTTP cache (cache.enabled)');
      // The frontier that ran the run (SQLite or Redis) says what it lost, for the catalog's failure streaks.
      const ledger = await openRunLedger({ frontierUrl: settings.frontier.url, dir: settings.storage.dir });
      await parts.catalogRun.finish(ended, parts.items, ledger).finally(() => ledger.close());
    }],
    // The record's end is what `runs` and `report` read. Written only after the frontier's `finished` (as it
    // was), a process killed in between left a run that no `--resume` would continue and whose record never
    // got its outcome, exit code or summary: `runs` called it crashed and the next --resume fetched the
    // whole site again as a new run. It is written again at the very end (the same row, idempotent).
    ['run record', () => record.end(recordedSummary(ended, parts.storage, parts.stopReason()))],
  ];
}
