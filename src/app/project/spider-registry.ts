// The spiders of a project by name: from its spiders/index registry when it has one, else from every module in its spider folders.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { didYouMean } from '../../core/closest-name';
import { PricecrawlError } from '../../core/errors';
import { isSpiderClass } from '../../core/package-brand';
import type { SpiderClass } from '../../core/spider';
import type { Project } from './find-project';
import { importSpiderModule } from './spider-module';
import { projectFrame } from '../../core/code-location';

export interface SpiderRegistry {
  /** Names, sorted. */
  names(): string[];
  /** The class registered under `name`; a clear error (with a did-you-mean) otherwise. */
  find(name: string): SpiderClass;
}

/** Every module a spider may be written in, CommonJS (`.cjs`, `.cts`) too: a spider file given by path loads from any of them. */
const MODULE = /^(?!.*\.d\.[mc]?ts$).*\.(ts|mts|cts|js|mjs|cjs)$/;
const INDEX = /^index\.(ts|mts|cts|js|mjs|cjs)$/;

export async function loadSpiderRegistry(project: Project): Promise<SpiderRegistry> {
  const byName = new Map<string, SpiderClass>();
  for (const dir of project.spiderDirs) {
    if (!existsSync(dir)) continue;
    const files = readdirSync(dir).filter((file) => MODULE.test(file)).sort();
    const index = files.find((file) => INDEX.test(file));
    const registry = index ? ((await importSpiderModule(join(dir, index))).spiderRegistry as Record<string, unknown> | undefined) : undefined;
    // A registry (what genspider maintains) names the spiders exactly; without one every module is scanned.
    const found = registry ? Object.entries(registry) : await scan(dir, files);
    for (const [name, value] of found) add(byName, name, value, dir);
  }
  return {
    names: () => [...byName.keys()].sort(),
    find(name) {
      const found = byName.get(name);
      if (found) return found;
      const known = [...byName.keys()].sort();
      const hint = didYouMean(name, known);
      throw new PricecrawlError('SPIDER_NOT_FOUND', `no spider named "${name}"${hint}; known spiders: ${known.join(', ') || 'none'} (in ${project.spiderDirs.join(', ')}; or pass a path to a spider file)${hint ? '' : outsideProject(project)}`);
    },
  };
}

/**
 * A team's spider asked for outside its project (a cron job's cwd, another terminal) meets only the bundled
 * demo spiders: say why, since `--config` names settings, not where the project's spiders are.
 */
function outsideProject(project: Project): string {
  if (project.configPath !== null) return '';
  return `; no pricecrawl.config.json in ${process.cwd()} or above, so this is no project: run the command in your project's folder (or any folder inside it)`;
}

/** Every exported Spider subclass of the folder's modules, under its `name`. */
async function scan(dir: string, files: string[]): Promise<Array<[string, unknown]>> {
  const found: Array<[string, unknown]> = [];
  for (const file of files) {
    for (const value of Object.values(await importSpiderModule(join(dir, file)))) {
      if (isSpiderClass(value)) found.push([spiderName(value as SpiderClass, join(dir, file)), value]);
    }
  }
  return found;
}

/** A spider's name is an instance field: read it from an instance made without arguments. */
function spiderName(SpiderClass: SpiderClass, file: string): string {
  try {
    return new SpiderClass().name;
  } catch (error) {
    const at = projectFrame(error);
    throw new PricecrawlError('SPIDER_NOT_FOUND', `${file}: ${SpiderClass.name} cannot be constructed without arguments to read its name (${(error as Error).message}${at ? ` at ${at}` : ''})`);
  }
}

function add(byName: Map<string, SpiderClass>, name: string, value: unknown, dir: string): void {
  if (!isSpiderClass(value)) throw new PricecrawlError('SPIDER_NOT_FOUND', `${dir}: the registry entry "${name}" is not a Spider subclass`);
  const existing = byName.get(name);
  if (existing && existing !== value) throw new PricecrawlError('SPIDER_NOT_FOUND', `two spiders are named "${name}" (${existing.name} and ${(value as SpiderClass).name}); names must be unique in a project`);
  byName.set(name, value as SpiderClass);
}
