// The spider registry of a project root (this repository by default): genspider and check work on any root.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SpiderClass } from '../core/spider';

export const DEFAULT_ROOT = resolve(import.meta.dirname, '../..');

export interface ProjectSpiders {
  spiderRegistry: Record<string, SpiderClass>;
  findSpider(name: string): SpiderClass;
}

export async function loadProjectSpiders(root: string = DEFAULT_ROOT): Promise<ProjectSpiders> {
  return (await import(pathToFileURL(resolve(root, 'spiders/index.ts')).href)) as ProjectSpiders;
}
