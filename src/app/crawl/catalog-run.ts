// The SKU catalog around one crawl: seeds per run mode before it, the run's outcomes folded in after it.
import type { Logger } from 'pino';
import type { Spider, SpiderOutput } from '../../core/spider';
import type { RunSummary } from '../../engine/run-summary';
import { updateCatalog } from '../../catalog/update-catalog';
import type { RunLedgerReader } from '../../ports/run-ledger';
import type { Settings } from '../../settings/schema';
import { planSeeds, runSeeds, type CrawlMode } from '../schedule/run-seeds';
import { startupDetailLevel } from '../../log/startup-detail';
import type { CatalogStore } from '../../ports/catalog-store';
import type { ItemStore } from '../../ports/item-store';

export interface CatalogRun {
  seeds: AsyncIterable<SpiderOutput>;
  /**
   * After the run's items are durable: updates the catalog (and the discovery time when discovery finished).
   * `ledger` is the run's frontier (SQLite or Redis) as the composition root opened it; the caller closes it.
   */
  finish(summary: RunSummary, items: ItemStore, ledger: RunLedgerReader): Promise<void>;
}

/** `catalog` is the configured store (`stores.catalog()`: SQLite or PostgreSQL); the store set closes it, not this. */
export async function openCatalogRun(args: { spider: Spider; settings: Settings; mode: CrawlMode; log: Logger; hostKeyOf: (url: string) => string; catalog: CatalogStore; dueUntilMs?: number }): Promise<CatalogRun> {
  const { spider, settings, log, catalog } = args;
  const startedAtMs = Date.now();
  const plan = await planSeeds({ mode: args.mode, spider, catalog, settings: settings.schedule, nowMs: startedAtMs, hostKeyOf: args.hostKeyOf, dueUntilMs: args.dueUntilMs });
  const dueUntil = args.dueUntilMs === undefined ? undefined : new Date(args.dueUntilMs).toISOString();
  log[startupDetailLevel(args.settings)]({ mode: args.mode, discovery: plan.discovery, dueSkus: plan.planned?.length ?? null, dueUntil }, 'run plan');
  if (plan.nothingDue) log.warn(plan.nothingDue);
  return {
    seeds: runSeeds(spider, plan),
    finish: async (summary, items, ledger) => {
      const counts = await updateCatalog({ spider: spider.name, runId: summary.runId, nowMs: Date.now(), rules: settings.schedule, catalog, items, ledger, requestUrlOf: (sku, url) => catalogRequestUrl(spider, sku, url) });
      if (plan.discovery && summary.status === 'finished') await catalog.recordDiscovery(spider.name, startedAtMs);
      log.info(counts, 'sku catalog updated');
      // Not retired, but not seen either: a host whose every product page 404s needs a person (a restructure, a block page, a CDN).
      if (counts.hostsAllGone.length > 0) log.warn({ hosts: counts.hostsAllGone }, 'every known product page of these hosts answered 404/410 in this run: treated as a host failure, no SKU of theirs counted toward retirement');
    },
  };
}

/** The URL a --due or --full run requests a SKU's page at; null when the spider has none or its catalogRequest throws (the stored URL is asked alone then). */
function catalogRequestUrl(spider: Spider, sku: string, productUrl: string): string | null {
  try {
    return spider.catalogRequest(sku, productUrl)?.url ?? null;
  } catch {
    return null;
  }
}
