// Composition root of one crawl: builds every part from settings, runs the engine, returns the summary.
import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Spider } from '../core/spider';
import { DownloaderChain } from '../downloader/downloader-chain';
import { CrawlEngine } from '../engine/crawl-engine';
import { buildSummary, type RunSummary } from '../engine/run-summary';
import { Stats } from '../engine/stats';
import { exportItems } from '../export/export-items';
import { BrowserFetcher } from '../fetch/browser-fetcher';
import { checkChromium } from '../fetch/chromium-launch';
import { FetchRouter, fetchModeResolver } from '../fetch/fetch-router';
import { HttpFetcher } from '../fetch/http-fetcher';
import { SqliteFrontier } from '../frontier/sqlite-frontier';
import { PipelineRunner } from '../pipeline/pipeline-runner';
import { BatchWriter } from '../pipeline/batch-writer';
import { hostKeyOf } from '../politeness/host-key';
import { HostSlots } from '../politeness/host-slots';
import { policyFromSettings } from '../politeness/host-policy';
import { systemClock } from '../politeness/clock';
import type { LoadedSettings } from '../settings/load-settings';
import { defaultMiddlewares } from '../../middlewares/index';
import { PriceChangeLog } from '../../storage/sqlite/price-changes';
import { defaultPipeline } from '../../pipelines/index';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { logStartup } from './startup-log';
import { StatsLogger } from './stats-logger';

export interface CrawlOptions {
  spider: Spider;
  loaded: LoadedSettings;
  log: Logger;
  /** Continue the latest unfinished run of this spider instead of starting a fresh one. */
  resume?: boolean;
  /** Feed export path (.jsonl or .csv), written after the run. */
  outputPath?: string;
  /** Receives the engine as soon as it exists, so signal handlers can stop it. */
  onEngine?: (engine: CrawlEngine) => void;
}

export async function runCrawl(options: CrawlOptions): Promise<RunSummary> {
  const { spider, loaded } = options;
  const { settings } = loaded;
  const stats = new Stats();
  const log = options.log.child({ spider: spider.name });
  mkdirSync(settings.storage.dir, { recursive: true });

  const keyOf = (url: string) => hostKeyOf(url, settings.politeness.hostKey);
  const hostSlots = new HostSlots({ policyFor: policyFromSettings(settings.politeness) });
  const frontier = await SqliteFrontier.open({
    dir: settings.storage.dir,
    spider: spider.name,
    runId: options.resume ? 'resume-latest' : 'new',
    hostKeyOf: keyOf,
    hostSlots,
    clock: systemClock,
  });
  const store = SqliteItemStore.open(settings.storage.dir);
  // A crawl configured for the browser fails at start, naming the apt package, not on its first page.
  if (usesBrowser(settings, spider)) checkChromium(settings.browser.executablePath);
  const httpFetcher = new HttpFetcher(settings.http);
  const fetcher = new FetchRouter({
    http: httpFetcher,
    browser: () => new BrowserFetcher(settings.browser, { stats, contextKeyOf: (request) => ({ key: keyOf(request.url) }) }),
    modeFor: fetchModeResolver(settings, spider.fetchMode, keyOf),
    hostKeyOf: keyOf,
    stats,
  });
  // robots.txt is a plain file: it goes over HTTP even for hosts whose pages need the browser.
  const middlewares = defaultMiddlewares(settings, { fetcher: httpFetcher });
  const chain = new DownloaderChain(middlewares, fetcher);
  const pipelineCtx = { settings, log, stats, spider: spider.name, runId: frontier.runId };
  const writer = new BatchWriter(store, settings.pipeline, stats);
  const pipeline = new PipelineRunner(defaultPipeline(settings), writer, pipelineCtx);
  logStartup(log, { runId: frontier.runId, resumed: options.resume === true, loaded, middlewares: chain.names, stages: pipeline.stageNames });

  const engine = new CrawlEngine({ spider, settings, frontier, chain, items: pipeline, stats, log });
  options.onEngine?.(engine);
  const statsLogger = new StatsLogger(log, stats, frontier, settings.log.statsIntervalMs);
  let summary: RunSummary;
  try {
    await pipeline.open();
    for (const middleware of middlewares) await middleware.open?.({ spider, settings, log, stats, nowMs: Date.now, runId: frontier.runId });
    statsLogger.start();
    await engine.run({ seed: true });
  } finally {
    statsLogger.stop();
    await pipeline.close().catch((error: unknown) => log.error({ err: error }, 'closing the item pipeline failed'));
    for (const middleware of middlewares) await middleware.close?.();
    await fetcher.close();
    summary = buildSummary({ runId: frontier.runId, spider: spider.name, ledger: await frontier.summary(), stats, interrupted: engine.isStopping, alarmsFailRun: settings.pipeline.nullPriceAlarm.failRun });
    frontier.finishRun(summary.status);
    await frontier.close();
  }
  if (options.outputPath) {
    const exported = await exportItems(store, summary.runId, options.outputPath);
    log.info({ path: options.outputPath, items: exported }, 'items exported');
  }
  await store.close();
  // Items are durable now: compare them with each SKU's previous observation (price history).
  const changes = PriceChangeLog.open(settings.storage.dir);
  try {
    const recorded = changes.recordRun(spider.name, summary.runId);
    if (recorded > 0) log.info({ changes: recorded }, 'price changes recorded');
  } finally {
    changes.close();
  }
  return summary;
}

function usesBrowser(settings: LoadedSettings['settings'], spider: Spider): boolean {
  return settings.fetchMode === 'browser' || spider.fetchMode === 'browser' || Object.values(settings.politeness.hosts).some((host) => host.fetchMode === 'browser');
}
