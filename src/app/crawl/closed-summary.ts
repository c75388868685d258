// The run's summary once its ledger is read: spider.closed is heard first (extensions, then the spider), the summary built after.
import type { Logger } from 'pino';
import type { Spider } from '../../core/spider';
import { HOP_HOST_PREFIX } from '../../engine/request-task';
import { buildSummary, type RunSummary } from '../../engine/run-summary';
import type { Stats } from '../../engine/stats';
import type { CrawlEventBus } from '../../events/crawl-events';
import type { CrawlSnapshot } from '../../events/crawl-snapshot';
import type { LedgerSummary } from '../../ports/frontier';
import type { Settings } from '../../settings/schema';
import { unusedHostSettingLine, unusedHostSettings } from '../../settings/unused-host-settings';
import { callSpiderClosed } from './spider-closed';

/**
 * How the run went, besides its ledger: what buildSummary judges the status by. Read at each build: the
 * alarms that hear spider.closed may fail the run, and the summary built after it must say so.
 */
export type RunEnding = Omit<Parameters<typeof buildSummary>[0], 'runId' | 'spider' | 'ledger' | 'stats'>;

export interface ClosedSummaryContext {
  spider: Spider;
  runId: string;
  settings: Settings;
  stats: Stats;
  log: Logger;
  events: CrawlEventBus;
  snapshot: () => CrawlSnapshot;
}

export async function closedSummary(ledger: LedgerSummary, ending: () => RunEnding, ctx: ClosedSummaryContext): Promise<RunSummary> {
  const { settings, stats, log, events, snapshot } = ctx;
  const build = () => buildSummary({ runId: ctx.runId, spider: ctx.spider.name, ledger, stats, ...ending() });
  const { status } = build();
  const { planned, succeeded, failed, pending } = ledger;
  // The extensions' last event; an alarm judges what is left on it (the built-ins hear it first), so the
  // summary is built after it, with those alarms.
  const closed = { spider: ctx.spider.name, runId: ctx.runId, reason: status, planned, succeeded, failed, pending, snapshot: snapshot() };
  events.emit('spider.closed', closed);
  await callSpiderClosed(ctx.spider, closed, settings.http.callbackTimeoutMs, stats, log);
  const summary = build();
  // A per-host setting for a host the run never crawled (a misspelt key) never applied: said, not fatal.
  summary.unusedHostSettings = unusedHostSettings(settings, ctx.spider.settings, [...Object.keys(ledger.byHost), ...Object.keys(stats.byPrefix(HOP_HOST_PREFIX))]);
  for (const entry of summary.unusedHostSettings) log.warn({ setting: entry.setting, host: entry.host, suggestion: entry.suggestion }, unusedHostSettingLine(entry));
  return summary;
}
