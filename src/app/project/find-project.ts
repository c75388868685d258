// Finds the project a command runs in: the nearest folder with a pricecrawl.config.json, as Scrapy finds scrapy.cfg.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SettingsError } from '../../core/errors';
import { CONFIG_FILE_NAME, findConfigFile } from '../../settings/load-settings';
import { packageRoot } from '../../core/package-root';

export interface Project {
  /** The project's folder (where its config file is); the package's own folder outside any project. */
  root: string;
  /** The config file, or null outside a project. */
  configPath: string | null;
  /** Folders whose modules define the project's spiders, absolute. */
  spiderDirs: string[];
}

/** The layout keys a config file may set under `project` (paths relative to the config file). */
interface ProjectLayout {
  spiders?: string[];
}

/**
 * Walks up from `cwd`. Outside any project the "project" is the pricecrawl package itself, whose
 * spiders/ holds the demo spiders, so `pricecrawl list` and `crawl demo-jsonld` work anywhere.
 */
export function findProject(cwd: string = process.cwd()): Project {
  const configPath = findConfigFile(cwd);
  return configPath ? projectAt(dirname(configPath), configPath) : packageProject();
}

/** The pricecrawl package as a project: its demo spiders (used by `pricecrawl demo` from any folder). */
export function packageProject(): Project {
  const root = packageRoot();
  return { root, configPath: null, spiderDirs: [join(root, 'spiders')] };
}

/** A project rooted at `root` (tests and `--root` point at one directly). */
export function projectAt(root: string, configPath: string | null = existsSync(join(root, CONFIG_FILE_NAME)) ? join(root, CONFIG_FILE_NAME) : null): Project {
  const layout = configPath ? readLayout(configPath) : {};
  return { root, configPath, spiderDirs: (layout.spiders ?? ['spiders']).map((dir) => resolve(root, dir)) };
}

function readLayout(configPath: string): ProjectLayout {
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(configPath, 'utf8'));
  } catch (error) {
    throw new SettingsError(`${configPath}: not valid JSON (${(error as Error).message})`);
  }
  const layout = (config as { project?: unknown }).project;
  if (layout === undefined) return {};
  const spiders = (layout as ProjectLayout).spiders;
  if (spiders !== undefined && (!Array.isArray(spiders) || !spiders.every((dir) => typeof dir === 'string'))) {
    throw new SettingsError(`${configPath}: project.spiders must be a list of folders, e.g. ["spiders"]`);
  }
  return layout as ProjectLayout;
}
