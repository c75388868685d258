// Finds a spider class by name in the current project, or loads it from a file path given on the command line.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { PricecrawlError } from '../core/errors';
import { isSpiderClass } from '../core/package-brand';
import type { SpiderClass } from '../core/spider';
import { findProject, type Project } from '../app/project/find-project';
import { importSpiderModule } from '../app/project/spider-module';
import { loadSpiderRegistry } from '../app/project/spider-registry';

/** Spider files by extension: TypeScript and JavaScript, ES modules and CommonJS. */
const SPIDER_FILE = /\.(ts|mts|cts|js|mjs|cjs)$/;

export async function loadSpiderClass(nameOrPath: string, project: Project = findProject()): Promise<SpiderClass> {
  if (!SPIDER_FILE.test(nameOrPath)) return (await loadSpiderRegistry(project)).find(nameOrPath);
  const path = resolve(nameOrPath);
  if (!existsSync(path)) throw new PricecrawlError('SPIDER_NOT_FOUND', `spider file ${path} does not exist`);
  const found = Object.values(await importSpiderModule(path)).find(isSpiderClass);
  if (!found) throw new PricecrawlError('SPIDER_NOT_FOUND', `${path} exports no Spider subclass`);
  return found as SpiderClass;
}
