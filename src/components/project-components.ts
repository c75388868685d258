// Loads the components a project adds in settings: middlewares, stages, item sinks and extensions.
import type { DownloaderMiddleware } from '../downloader/middleware';
import type { PipelineStage } from '../pipeline/stage';
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
  stages: AddedComponent<PipelineStage>[];
  sinks: LoadedSink[];
  extensions: LoadedExtension[];
}

/** Every module is loaded before the first request, so a bad one stops the start with one line. */
export async function loadProjectComponents(settings: Settings, projectRoot: string): Promise<ProjectComponents> {
  const middlewares: AddedComponent<DownloaderMiddleware>[] = [];
  for (const [name, entry] of Object.entries(settings.middlewares.add)) {
    const value = await loadComponent<DownloaderMiddleware>('middleware', name, entry, projectRoot);
    middlewares.push({ name, value, origin: entry.module, before: entry.before, after: entry.after });
  }
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
  return { middlewares, stages, sinks, extensions };
}

/** The project's own item stages (`pipeline.add`), alone: what `parse` and `check` run besides the built-ins. */
export async function loadProjectStages(settings: Settings, projectRoot: string): Promise<AddedComponent<PipelineStage>[]> {
  const stages: AddedComponent<PipelineStage>[] = [];
  for (const [name, entry] of Object.entries(settings.pipeline.add)) {
    const value = await loadComponent<PipelineStage>('stage', name, entry, projectRoot);
    stages.push({ name, value, origin: entry.module, before: entry.before, after: entry.after });
  }
  return stages;
}
