// Composition root of one crawl: builds every part from settings, runs the engine, returns the summary.
import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import type { Spider } from '../core/spider';
import { DownloaderChain } from '../downloader/downloader-chain';
import { CrawlEngine } from '../engine/crawl-engine';
import { buildSummary, type RunSummary } from '../engine/run-summary';
import { Stats } from '../engine/stats';
import { exportItems } from '../export/export-items';
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

  const hostSlots = new HostSlots({ policyFor: policyFromSettings(settings.politeness) });
  const frontier = await SqliteFrontier.open({
    dir: settings.storage.dir,
    spider: spider.name,
    runId: options.resume ? 'resume-latest' : 'new',
    hostKeyOf: (url: string) => hostKeyOf(url, settings.politeness.hostKey),
    hostSlots,
    clock: systemClock,
  });
  const store = SqliteItemStore.open(settings.storage.dir);
  const fetcher = new HttpFetcher(settings.http);
  const middlewares = defaultMiddlewares(settings, { fetcher });
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
    for (const middleware of middlewares) await middleware.open?.({ spider, settings, log, stats, nowMs: Date.now });
    statsLogger.start();
    await engine.run({ seed: true });
  } finally {
    statsLogger.stop();
    await pipeline.close().catch((error: unknown) => log.error({ err: error }, 'closing the item pipeline failed'));
    for (const middleware of middlewares) await middleware.close?.();
    await fetcher.close();
    summary = buildSummary({ runId: frontier.runId, spider: spider.name, ledger: await frontier.summary(), stats, interrupted: engine.isStopping });
    frontier.finishRun(summary.status);
    await frontier.close();
  }
  if (options.outputPath) {
    const exported = await exportItems(store, summary.runId, options.outputPath);
    log.info({ path: options.outputPath, items: exported }, 'items exported');
  }
  await store.close();
  return summary;
}
