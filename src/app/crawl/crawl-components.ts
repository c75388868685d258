// Assembles one crawl's components: the built-in chains and extensions with the project's own, and its sinks.
import type { Logger } from 'pino';
import { assembleExtensions, orderExtensions } from '../../../extensions/index';
import { assembleMiddlewares, orderMiddlewares, type MiddlewareDeps } from '../../../middlewares/index';
import { assembleStages, orderStages } from '../../../pipelines/index';
import { assembleSpiderMiddlewares, orderSpiderMiddlewares } from '../../../spider-middlewares/index';
import type { SpiderMiddleware } from '../../spider-middleware/spider-middleware';
import type { Extension } from '../../components/extension';
import { openComponent } from '../../components/load-component';
import { loadProjectComponents, type LoadedExtension, type LoadedSink, type ProjectComponents } from '../../components/project-components';
import type { NamedComponent } from '../../components/order-components';
import type { DownloaderMiddleware } from '../../downloader/middleware';
import type { Stats } from '../../engine/stats';
import { CrawlEventBus } from '../../events/crawl-events';
import type { BatchWriter } from '../../pipeline/batch-writer';
import type { PipelineStage } from '../../pipeline/stage';
import { findProject } from '../project/find-project';
import type { IdleExtension } from './idle-hooks';
import type { Settings } from '../../settings/schema';

export interface CrawlComponents {
  middlewares: DownloaderMiddleware[];
  /** In list order: the first nearest the engine, the last nearest the spider. */
  spiderMiddlewares: SpiderMiddleware[];
  stages: PipelineStage[];
  /** Names in order, with where an added one came from, for the start-up log. */
  middlewareNames: string[];
  spiderMiddlewareNames: string[];
  stageNames: string[];
  extensionNames: string[];
  events: CrawlEventBus;
  /** The extensions, for their idle hooks (idle-hooks.ts). */
  extensions: IdleExtension[];
  /** Opens sinks and registers extensions (after the stores, before the first request). */
  open(): Promise<void>;
  /** Closes the sinks once the pipeline wrote its last batch; a failure is logged with the sink's name. */
  closeSinks(): Promise<void>;
  /** Closes the extensions after they heard `spider.closed`, their last event; a failure is logged with the name. */
  closeExtensions(): Promise<void>;
}

/**
 * The project's own components, loaded, and the order of every chain checked, before the crawl opens
 * anything: a misspelt module path or `after` is refused with one line and leaves no run behind (a run
 * opened first stayed `running` for ever, and `status` showed it as the latest run).
 */
export async function loadCrawlComponents(settings: Settings): Promise<ProjectComponents> {
  const project = await loadProjectComponents(settings, findProject().root);
  orderMiddlewares(settings, project.middlewares);
  orderSpiderMiddlewares(settings, project.spiderMiddlewares);
  orderStages(settings, project.stages);
  orderExtensions(settings, addedExtensions(project.extensions));
  return project;
}

const addedExtensions = (loaded: readonly LoadedExtension[]) => loaded.map(({ name, extension, origin }) => ({ name, value: extension, origin }));

/** The crawl's chains and bus, from the project's components that `loadCrawlComponents` loaded. */
export function assembleCrawlComponents(args: { settings: Settings; log: Logger; stats: Stats; spider: string; runId: string; deps: MiddlewareDeps; writer: BatchWriter; project: ProjectComponents }): CrawlComponents {
  const { settings, log, stats, spider, runId, writer, project } = args;
  const middlewares = assembleMiddlewares(settings, args.deps, project.middlewares);
  const spiderMiddlewares = assembleSpiderMiddlewares(settings, project.spiderMiddlewares);
  const stages = assembleStages(settings, project.stages);
  const events = new CrawlEventBus(log, args.stats);
  const extensions = assembleExtensions(settings, { stats: args.stats, log, events }, addedExtensions(project.extensions));
  for (const { sink, durable } of project.sinks) writer.afterDurable(async (items) => void (await sink.write(items)), { holdsAck: durable });
  // item.stored is per item, after the run's store and every durable sink took its batch.
  writer.afterDurable((items) => {
    if (events.has('item.stored')) for (const item of items) events.emit('item.stored', { item });
  });
  return {
    middlewares: middlewares.map((c) => c.value),
    spiderMiddlewares: spiderMiddlewares.map((c) => c.value),
    stages: stages.map((c) => c.value),
    middlewareNames: middlewares.map(shownName),
    spiderMiddlewareNames: spiderMiddlewares.map(shownName),
    stageNames: [...stages.map(shownName), ...project.sinks.map((s) => `sink ${s.name}${s.durable ? '' : ' (best effort)'} (${s.origin})`)],
    extensionNames: extensions.map(shownName),
    events,
    extensions: extensions.map(({ name, value }) => ({ name, extension: value })),
    open: async () => {
      for (const { name, sink } of project.sinks) await openComponent('sink', name, () => sink.open?.({ spider, runId, settings, stats, log: log.child({ sink: name }) }));
      // An extension the project configured that cannot register (an alarm among them) would leave the run
      // unwatched while looking as asked: it stops the start as a stage that cannot open does.
      for (const { name, value: extension } of extensions) {
        await openComponent('extension', name, () => extension.register?.(events.forOwner(name), { spider, runId, settings, stats, log: log.child({ extension: name }) }));
      }
    },
    closeSinks: async () => closeAll(project.sinks.map(({ name, sink }) => ({ name, value: sink })), log),
    closeExtensions: async () => closeAll(extensions, log),
  };
}

const shownName = (component: NamedComponent<unknown>) => (component.origin === 'built-in' ? component.name + (component.moved ? ` (${component.moved})` : '') : `${component.name} (${component.origin})`);

async function closeAll(components: ReadonlyArray<{ name: string; value: Pick<LoadedSink['sink'] | Extension, 'close'> }>, log: Logger): Promise<void> {
  for (const component of components) {
    try {
      await component.value.close?.();
    } catch (error) {
      log.error({ err: error, component: component.name }, 'closing a sink or an extension failed');
    }
  }
}
