// Composition root of one crawl: builds every part from settings, runs the engine, returns the summary.
import type { Logger } from 'pino';
import { SpiderStartError } from '../../core/errors';
import { frontierRefusal, storageRefusal, storageStartRefusal } from './run-refusals';
import { storageFailureCode } from '../../engine/storage-failure';
import { bindSpiderLogger } from '../../core/spider-logger';
import { DownloaderChain } from '../../downloader/downloader-chain';
import { CrawlEngine } from '../../engine/crawl-engine';
import type { RunSummary } from '../../engine/run-summary';
import { Stats } from '../../engine/stats';
import { refetchUnstoredAcks } from './resume-items';
import { LiveFeeds } from '../export/live-feeds';
import { checkChromium } from '../../fetch/chromium-launch';
import { crawlFetchers } from './crawl-fetchers';
import { openFrontier, openRobotsCache, openRunRecords, openSessionStore, openStores } from '../../../storage/open-backends';
import { PipelineRunner } from '../../pipeline/pipeline-runner';
import { BatchWriter } from '../../pipeline/batch-writer';
import { hostKeyOf } from '../../politeness/host-key';
import { steadyNowMs } from '../../politeness/clock';
import { assembleCrawlComponents, loadCrawlComponents } from './crawl-components';
import { SpiderMiddlewareChain } from '../../spider-middleware/spider-chain';
import { openComponent } from '../../components/load-component';
import { openCatalogRun } from './catalog-run';
import { startRunRecord } from './run-record';
import { logStartup } from './startup-log';
import type { CrawlOptions } from './crawl-options';
import { endRecord, endRun, frontierStatus, runEndSteps, type EndStep } from './run-end';
import { durableEndSteps } from './durable-end';
import { RunObservers } from './run-observers';
import { SnapshotTicker } from './snapshot-ticker';
import { takeSnapshot } from '../../events/crawl-snapshot';
import { startMetricsServer, type MetricsServer } from './metrics-server';
import { preflight } from './preflight';
import { codeErrors } from '../../engine/code-errors';
import { claimSpider } from './spider-claim';
import { StartupClosers } from './startup-closers';
import { awaitRunOpen, CrawlProcesses, joinerHopLinks, joinFirstProcess } from './crawl-processes';
import { HopChannel } from './hop-channel';
import { shareWithOwners } from './owner-shares';
import { idleHooks } from './idle-hooks';
import { closedSummary } from './closed-summary';
import { usesBrowser } from './uses-browser';

export type { CrawlOptions } from './crawl-options';

export async function runCrawl(options: CrawlOptions): Promise<RunSummary> {
  const stats = new Stats();
  const log = options.log.child({ spider: options.spider.name });
  // What the spider logs (`this.logger`) goes where the crawl's lines go, bound as they are.
  bindSpiderLogger(options.spider, log);
  if (!options.processes) return crawl(options, stats, log, null);
  // Started (or, from the CLI, already forked) before anything opens: their start-up overlaps this one's.
  const processes = new CrawlProcesses(options.processes, stats, log);
  try {
    return await crawl(options, stats, log, processes);
  } catch (error) {
    // This process failed (often before the run opened): the others are let go, not left waiting, and awaited.
    processes.abandon();
    await processes.done();
    throw error;
  }
}

async function crawl(options: CrawlOptions, stats: Stats, log: Logger, processes: CrawlProcesses | null): Promise<RunSummary> {
  const { spider, loaded } = options;
  const { settings } = loaded;
  await preflight(settings);

  // A crawl configured for the browser fails at start, naming the apt package, not on its first page.
  if (usesBrowser(settings, spider)) checkChromium(settings.browser.executablePath);
  // The project's components and feed files are loaded (and so checked) before anything else is: a bad
  // module path, order or feed path is refused before a run exists.
  const project = await loadCrawlComponents(settings);
  const feeds = await LiveFeeds.open(options.feeds ?? []);
  // Until the run's own try below owns them, what start-up opened is closed again when a later step fails.
  const startup = new StartupClosers();
  startup.add(() => feeds.close());
  // Items, history, fetch log and blobs: the embedded files, or PostgreSQL (storage.url). Opened
  // first: an unreachable database fails the start before the frontier creates a run.
  const stores = await startup.step(() => openStores(settings.storage));
  startup.add(() => stores.close()); // an open PostgreSQL pool would keep the process alive after the error
  const joins = options.join === true || options.processSlot !== undefined;
  // A frontier.sqlite this user may only read refuses here first (the claim is written there), with the same line.
  const claim = await startup.step(() => claimSpider(settings, spider.name, { runId: options.runId, joins }, log).catch((error: unknown) => {
    throw storageStartRefusal(error, settings.storage.dir);
  }));
  startup.add(() => claim.release());
  // Writes into what every run of the spider shares are made under the claim: refused once another holder has it.
  const leaseMs = settings.storage.scheduleLeaseMs;
  if (claim.fence !== undefined) stores.fenceWith?.({ spider: spider.name, fence: claim.fence, leaseMs });
  const keyOf = (url: string) => hostKeyOf(url, settings.politeness.hostKey);
  // A joiner's links listen from here: the first process may ask it before its crawl is set up.
  const hopLinks = processes?.hopLinks() ?? (options.processSlot ? joinerHopLinks(options.processSlot) : null);
  if (hopLinks) startup.add(() => hopLinks.close());
  const { store, catalogRun, opened } = await startup.step(async () => {
    try {
      // Opened before the run exists: an items file this user cannot write refuses the start, where opened
      // later it left a run record "running" (then "crashed") and an unexplained exit 1.
      const items = stores.items();
      const catalog = await openCatalogRun({ spider, settings, mode: options.mode ?? 'discover', log, hostKeyOf: keyOf, catalog: stores.catalog(), dueUntilMs: options.dueUntilMs });
      const processSlot = options.processSlot ?? (options.processes ? { slot: 0, slots: options.processes.count } : undefined);
      // A joining process gets this far in parallel with the first one, then waits for the run to exist.
      const joined = options.processSlot ? await awaitRunOpen() : null;
      const runId = joined ? joined.runId : options.runId;
      const frontier = await openFrontier({ settings, spider: spider.name, hostKeyOf: keyOf, log, resume: options.resume, runId, join: options.join, processSlot, fence: claim.fence });
      await refetchUnstoredAcks(frontier, items, stats, log);
      // A joining process (a --processes slot, a Redis worker) claims nothing: it writes under the claim the run was opened with.
      const runFence = claim.fence === undefined ? (joined?.fence ?? frontier.runFence) : undefined;
      if (runFence !== undefined) stores.fenceWith?.({ spider: spider.name, fence: runFence, leaseMs });
      return { store: items, catalogRun: catalog, opened: frontier };
    } catch (error) {
      throw storageStartRefusal(error, settings.storage.dir);
    }
  });
  const { frontier } = opened;
  startup.add(() => frontier.close());
  // robots.txt is a plain file: it goes over HTTP even for hosts whose pages need the browser. Opened before
  // the processes are linked, so that everything another process may ask of this one is served at once.
  const localRobots = await startup.step(() => openRobotsCache(settings, frontier.runId));
  startup.add(() => localRobots.close());
  const hops = hopLinks && new HopChannel(hopLinks);
  if (hops) {
    startup.add(() => hops.close());
    opened.shareHops?.(hops);
  }
  const { gate, robotsCache } = shareWithOwners(opened, hops, localRobots, keyOf);
  processes?.runOpened(frontier.runId, (slot) => opened.takeOverSlot?.(slot), claim.fence);
  const record = await startup.step(async () => startRunRecord(await openRunRecords(settings.storage), settings, { runId: frontier.runId, spider: spider.name, mode: options.mode ?? 'discover' }));
  startup.add(() => record.close());
  const { httpFetcher, fetcher } = crawlFetchers(settings, spider.fetchMode, stats, keyOf);
  startup.add(() => fetcher.close());
  const writer = new BatchWriter(store, settings.pipeline, stats, log);
  if (feeds.size > 0) writer.afterDurable(feeds.writer(log, stats));
  // The project's middlewares, stages and extensions are constructed here: their constructors may throw.
  const components = await startup.step(() => assembleCrawlComponents({ settings, log, stats, spider: spider.name, runId: frontier.runId, deps: { fetcher: httpFetcher, stores, gate, robotsCache, openSessionStore: () => openSessionStore(settings, spider.name) }, writer, project }));
  startup.handOver();
  const { middlewares, events } = components;
  const pipelineCtx = { settings, log, stats, spider: spider.name, runId: frontier.runId, itemSchema: spider.itemSchema, events };
  const chain = new DownloaderChain(middlewares, fetcher);
  const pipeline = new PipelineRunner(components.stages, writer, pipelineCtx, events);
  const spiderChain = new SpiderMiddlewareChain(components.spiderMiddlewares, { spider, settings, log, stats, runId: frontier.runId, events });
  logStartup(log, { runId: frontier.runId, resumed: options.resume === true, loaded, middlewares: components.middlewareNames, spiderMiddlewares: components.spiderMiddlewareNames, stages: components.stageNames, extensions: components.extensionNames });

  const idle = idleHooks(spider, components.extensions, { stats, log, spiderChain }) ?? undefined;
  const engine = new CrawlEngine({ spider, settings, frontier, chain, spiderChain, items: pipeline, stats, log, seeds: catalogRun.seeds, events, idle });
  options.onEngine?.(engine);
  // Another holder may already crawl this spider: stop as a signal stops, resumable, the reason on record (exit 2).
  claim.onLost((loss) => {
    log.error({ spider: loss.spider, runId: frontier.runId, reason: loss.reason, detail: loss.detail }, 'the spider\'s claim was lost: stopping this run, another crawl of it may have started');
    engine.stop(loss.reason);
  });
  const snapshot = () => takeSnapshot({ stats, inFlight: () => frontier.inFlight(), hosts: (nowMs) => opened.gate.snapshot(nowMs), nowMs: steadyNowMs });
  // Stats line, timeline, alarms' verdict and the caller's observers listen on the bus; none sits in a chain.
  const observers = new RunObservers(events, { log, statsIntervalMs: settings.log.statsIntervalMs, observers: options.observers ?? [] });
  const ticker = new SnapshotTicker(events, snapshot, observers.snapshotEveryMs);
  let summary: RunSummary | null = null;
  let ledgerError: unknown = null;
  let endFailure: unknown = null;
  const storageFailures = { failed: (error: unknown) => engine.storageFailed(error), get error() { return engine.storageError; } };
  const durableEnd = (ended: RunSummary) => durableEndSteps({ settings, spider: spider.name, log, stores, items: store, catalogRun, record, storage: storageFailures, stopReason: () => engine.stopReason }, ended);
  let metrics: MetricsServer | null = null;
  let ranToEnd = false;
  const joined = options.processSlot ? joinFirstProcess((reason) => engine.stop(reason)) : null;
  // Stores and the metrics endpoint close however the run ends.
  try {
    try {
      await feeds.start(frontier.runId, settings.storage.dir, store);
      await pipeline.open();
      await components.open();
      events.emit('spider.opened', { spider: spider.name, runId: frontier.runId, resumed: options.resume === true });
      for (const mw of middlewares) await openComponent('middleware', mw.name, () => mw.open?.({ spider, settings, log, stats, nowMs: steadyNowMs, runId: frontier.runId }));
      for (const mw of components.spiderMiddlewares) await openComponent('spider-middleware', mw.name, () => mw.open?.({ spider, settings, log, stats, runId: frontier.runId, events }));
      ticker.start();
      options.onSnapshotSource?.(snapshot);
      metrics = await startMetricsServer(settings.metrics, { snapshot, stats, events: events.forOwner('metrics'), labels: { spider: spider.name, run: frontier.runId } }, log);
      await engine.run({ seed: options.join !== true && options.processSlot === undefined });
      ranToEnd = true;
    } catch (error) {
      // A store that cannot write as the run's parts open (raw capture opens the fetch log) stops the run as
      // it would mid-run: resumable, one refusal line, exit 2. Anything else is raised after the run's end.
      if (storageFailureCode(error) === null) throw error;
      engine.storageFailed(error);
    } finally {
      // The others end with the run (or stop with this one): the summary and the run's end wait for them.
      if (processes) {
        if (engine.isStopping || !ranToEnd) processes.stop();
        await processes.done();
      }
      joined?.dispose();
      hops?.close();
      ticker.stop();
      // A store that cannot write what a component flushes at close (raw capture's fetch-log rows) is the
      // run's storage failure, known before the summary: the run ends resumable with exit 2 and its record
      // says so. Logged only, it was a "finished" run (exit 0 on record) whose process then exited 2.
      const closeFailed = (fields: Record<string, unknown>, message: string) => (error: unknown) => {
        if (storageFailureCode(error) !== null) engine.storageFailed(error);
        else log.error({ err: error, ...fields }, message);
      };
      await pipeline.close().catch(closeFailed({}, 'closing the item pipeline failed'));
      await components.closeSinks();
      for (const middleware of middlewares) await Promise.resolve(middleware.close?.()).catch(closeFailed({ middleware: middleware.name }, 'closing a middleware failed'));
      for (const middleware of components.spiderMiddlewares) await Promise.resolve(middleware.close?.()).catch(closeFailed({ spiderMiddleware: middleware.name }, 'closing a spider middleware failed'));
      await fetcher.close();
      await robotsCache.close();
      // A frontier that is gone cannot say what was done: no summary then, but everything still closes.
      // The run's items, not this process's: after a resume the record and the summary count them all.
      const storedItems = await store.countItems(frontier.runId).catch(() => null);
      const ledger = await frontier.summary().catch((error: unknown) => {
        ledgerError = error;
        return null;
      });
      if (ledger !== null) {
        // A run whose parts failed to open (or whose pool broke) did not finish, however empty its ledger.
        const ending = () => ({ interrupted: engine.isStopping || !ranToEnd, stopReason: engine.stopReason, alarmsFailRun: observers.alarmsFailRun, timeline: observers.timeline.snapshot(), storedItems });
        summary = await closedSummary(ledger, ending, { spider, runId: frontier.runId, settings, stats, log, events, snapshot });
        await joined?.report(stats);
        metrics?.runEnded();
        // An extension that threw on spider.closed itself (a notifier) is counted too; a later rejection cannot be.
        summary.codeErrors = codeErrors(stats);
        try {
          endFailure = await endRun(opened, frontierStatus(summary), durableEnd(summary), storageFailures, log);
        } catch (error) {
          // The frontier refused to record the run's end (its claim or its finish: a server out of memory,
          // read-only after a failover, gone): the run stays running there, resumable, and ends as an
          // unreadable ledger does. Raised from here, the driver's bare text ended the run with exit 1 and
          // the frontier was never closed (its timers held the process until the CLI's last guard).
          ledgerError = error;
          summary = null;
        }
      }
      // After spider.closed, never before: an extension's close() may end what its handlers use (a file, a
      // client) or await the work they handed off. Closed before it, a notifier wrote to a closed client.
      await components.closeExtensions();
      await frontier.close();
    }
    if (summary === null) throw frontierRefusal(ledgerError ?? engine.frontierError, settings.frontier.url, spider.name, frontier.runId);
    const ended = summary;
    // Each step runs whatever failed before it, durable data first (endRun): an export that cannot be
    // written must not cost the price history or the catalog.
    const steps: EndStep[] = [];
    if (feeds.size > 0) steps.push(['feeds', async () => log.info({ paths: await feeds.finish(store) }, 'feeds written')]);
    if (options.onRunEnd) steps.push(['run end', async () => options.onRunEnd?.(ended)]);
    const failure = await runEndSteps(steps, log);
    endFailure ??= failure;
  } finally {
    await feeds.close();
    await stores.close().catch((error: unknown) => {
      if (storageFailureCode(error) === null) throw error;
      engine.storageFailed(error);
    });
    await metrics?.closeAfterFinalScrape();
    // The run record ends whatever failed above (a summary exists once the engine is done).
    try {
      if (summary) await endRecord(record, summary, engine, endFailure);
    } finally {
      await record.close().finally(() => claim.release());
    }
  }
  if (engine.storageError !== null) throw storageRefusal(engine.storageError, settings.storage.dir, spider.name);
  if (endFailure !== null) throw endFailure;
  if (engine.startError !== null) throw new SpiderStartError(spider.name, 'start()', engine.startError);
  return summary;
}
