// `pricecrawl version [-v]`, as `scrapy version [-v]`: the package's version, and with -v the parts it runs on.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { packageRoot } from '../core/package-root';

/** What a bug report wants besides pricecrawl's own version: the parts whose behaviour a crawl depends on. */
const PARTS = ['@crawlee/core', 'undici', 'cheerio', 'pino', 'better-sqlite3', 'postgres', 'ioredis', 'playwright-core', 'zod'] as const;

interface Manifest {
  version?: string;
}

function manifestAt(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/**
 * A dependency's version as installed beside pricecrawl, found the way Node finds the package (its node_modules
 * lookup from pricecrawl's folder), not through its `exports`, which may not list package.json. `not installed`
 * rather than a guess when it is not there (an optional part).
 */
function installedVersion(name: string): string {
  const lookup = createRequire(join(packageRoot(), 'package.json')).resolve.paths(name) ?? [];
  const dir = lookup.map((modules) => join(modules, name)).find((candidate) => existsSync(join(candidate, 'package.json')));
  return dir ? (manifestAt(dir).version ?? 'unknown') : 'not installed';
}

export function pricecrawlVersion(): string {
  return manifestAt(packageRoot()).version ?? 'unknown';
}

export function versionText(verbose: boolean): string {
  const own = `pricecrawl ${pricecrawlVersion()}`;
  if (!verbose) return `${own}\n`;
  const rows: Array<[string, string]> = [['pricecrawl', pricecrawlVersion()], ['node', process.versions.node], ...PARTS.map((name): [string, string] => [name, installedVersion(name)]), ['platform', `${process.platform} ${process.arch}`]];
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, version]) => `${name.padEnd(width)} : ${version}`).join('\n') + '\n';
}
