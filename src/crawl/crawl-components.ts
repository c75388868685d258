// Assembles one crawl's components: the built-in chains with the project's own, its sinks and its extensions.
import type { Logger } from 'pino';
import { assembleMiddlewares, type MiddlewareDeps } from '../../middlewares/index';
import { assembleStages } from '../../pipelines/index';
import { loadProjectComponents, type LoadedExtension, type LoadedSink } from '../components/project-components';
import type { NamedComponent } from '../components/order-components';
import type { DownloaderMiddleware } from '../downloader/middleware';
import { CrawlEventBus } from '../events/crawl-events';
import type { BatchWriter } from '../pipeline/batch-writer';
import type { PipelineStage } from '../pipeline/stage';
import { findProject } from '../project/find-project';
import type { Settings } from '../settings/schema';

export interface CrawlComponents {
  middlewares: DownloaderMiddleware[];
  stages: PipelineStage[];
  /** Names in order, with where an added one came from, for the start-up log. */
  middlewareNames: string[];
  stageNames: string[];
  events: CrawlEventBus;
  /** Opens sinks and registers extensions (after the stores, before the first request). */
  open(): Promise<void>;
  /** Closes sinks and extensions; a failure is logged with the component's name. */
  close(): Promise<void>;
}

export async function assembleCrawlComponents(args: { settings: Settings; log: Logger; spider: string; runId: string; deps: MiddlewareDeps; writer: BatchWriter }): Promise<CrawlComponents> {
  const { settings, log, spider, runId, writer } = args;
  const project = await loadProjectComponents(settings, findProject().root);
  const middlewares = assembleMiddlewares(settings, args.deps, project.middlewares);
  const stages = assembleStages(settings, project.stages);
  const events = new CrawlEventBus(log);
  for (const { sink, durable } of project.sinks) writer.afterDurable((items) => sink.write(items), { holdsAck: durable });
  // item.stored is per item, after the run's store and every durable sink took its batch.
  writer.afterDurable((items) => {
    if (events.has('item.stored')) for (const item of items) events.emit('item.stored', { item });
  });
  return {
    middlewares: middlewares.map((c) => c.value),
    stages: stages.map((c) => c.value),
    middlewareNames: middlewares.map(shownName),
    stageNames: [...stages.map(shownName), ...project.sinks.map((s) => `sink ${s.name}${s.durable ? '' : ' (best effort)'} (${s.origin})`)],
    events,
    open: async () => {
      for (const { sink } of project.sinks) await sink.open?.({ spider, runId });
      for (const { name, extension } of project.extensions) {
        try {
          await extension.register(events.forOwner(name), { spider, runId, settings, log: log.child({ extension: name }) });
        } catch (error) {
          log.error({ err: error, extension: name }, 'extension failed to register; the crawl goes on without it');
        }
      }
    },
    close: async () => closeAll([...project.sinks, ...project.extensions], log),
  };
}

const shownName = (component: NamedComponent<unknown>) => (component.origin === 'built-in' ? component.name : `${component.name} (${component.origin})`);

async function closeAll(components: ReadonlyArray<LoadedSink | LoadedExtension>, log: Logger): Promise<void> {
  for (const component of components) {
    const target = 'sink' in component ? component.sink : component.extension;
    try {
      await target.close?.();
    } catch (error) {
      log.error({ err: error, component: component.name }, 'closing a project component failed');
    }
  }
}
