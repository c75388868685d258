// Loads the components a project adds in settings: downloader and spider middlewares, stages, item sinks and extensions.
import type { DownloaderMiddleware } from '../downloader/middleware';
import type { PipelineStage } from '../pipeline/stage';
import type { SpiderMiddleware } from '../spider-middleware/spider-middleware';
import type { Settings } from '../settings/schema';
import type { ItemSinkComponent } from './item-sink-component';
import type { Extension } from './extension';
import { loadComponent } from './load-component';
import type { AddedComponent } from './order-components';

export interface LoadedSink {
  name: string;
  durable: boolean;
  sink: ItemSinkComponent;
  origin: string;
}

export interface LoadedExtension {
  name: string;
  extension: Extension;
  origin: string;
}

export interface ProjectComponents {
  middlewares: AddedComponent<DownloaderMiddleware>[];
  spiderMiddlewares: AddedComponent<SpiderMiddleware>[];
  stages: AddedComponent<PipelineStage>[];
  sinks: LoadedSink[];
  extensions: LoadedExtension[];
}

/** Every module is loaded before the first request, so a bad one stops the start with one line. */
export async function loadProjectComponents(settings: Settings, projectRoot: string): Promise<ProjectComponents> {
  const middlewares = await loadProjectMiddlewares(settings, projectRoot);
  const spiderMiddlewares = await loadProjectSpiderMiddlewares(settings, projectRoot);
  const stages = await loadProjectStages(settings, projectRoot);
  const sinks: LoadedSink[] = [];
  for (const [name, entry] of Object.entries(settings.pipeline.sinks).sort(([a], [b]) => a.localeCompare(b))) {
    sinks.push({ name, durable: entry.durable, sink: await loadComponent<ItemSinkComponent>('sink', name, entry, projectRoot), origin: entry.module });
  }
  const extensions: LoadedExtension[] = [];
  for (const [name, entry] of Object.entries(settings.extensions)) {
    if (entry === false) continue; // a built-in switched off (extensions/index.ts)
    extensions.push({ name, extension: await loadComponent<Extension>('extension', name, entry, projectRoot), origin: entry.module });
  }
  return { middlewares, spiderMiddlewares, stages, sinks, extensions };
}

/** The project's own downloader middlewares (`middlewares.add`), alone: what `fetch`, `parse` and `shell` send through. */
export function loadProjectMiddlewares(settings: Settings, projectRoot: string): Promise<AddedComponent<DownloaderMiddleware>[]> {
  return loadAdded<DownloaderMiddleware>('middleware', settings.middlewares.add, projectRoot);
}

/** The project's own spider middlewares (`spiderMiddlewares.add`), alone: what `parse` and `check` run the callback's outputs through. */
export function loadProjectSpiderMiddlewares(settings: Settings, projectRoot: string): Promise<AddedComponent<SpiderMiddleware>[]> {
  return loadAdded<SpiderMiddleware>('spider-middleware', settings.spiderMiddlewares.add, projectRoot);
}

/** The project's own item stages (`pipeline.add`), alone: what `parse` and `check` run besides the built-ins. */
export function loadProjectStages(settings: Settings, projectRoot: string): Promise<AddedComponent<PipelineStage>[]> {
  return loadAdded<PipelineStage>('stage', settings.pipeline.add, projectRoot);
}

/** Components a chain places among its built-ins by `before`/`after`, loaded in the order the settings give them. */
async function loadAdded<T extends object>(kind: 'middleware' | 'spider-middleware' | 'stage', entries: Settings['middlewares']['add'], projectRoot: string): Promise<AddedComponent<T>[]> {
  const added: AddedComponent<T>[] = [];
  for (const [name, { module, ...entry }] of Object.entries(entries)) {
    // No module: the built-in of this name, moved (orderComponents refuses a name no built-in has).
    const value = module === undefined ? undefined : await loadComponent<T>(kind, name, { ...entry, module }, projectRoot);
    added.push({ name, value, origin: module ?? 'built-in', before: entry.before, after: entry.after });
  }
  return added;
}
