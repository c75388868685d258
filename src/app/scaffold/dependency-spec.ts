// What a new project's package.json names as its pricecrawl: the checkout it came from, or what was installed.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';

/**
 * A checkout (`npx pricecrawl startproject` in the repo) is depended on by path, as before. An installed copy
 * (`npm install pricecrawl`, `npx pricecrawl`) lives in another folder's node_modules or npm's npx cache: a
 * path to it ties the team's project to a folder that `npm prune` or a cache clean removes. Such a copy is
 * named the way it was installed, read from npm's hidden lockfile beside it: the tarball file it came from
 * (absolute, so it resolves from the new folder), a git or URL spec as written, or, from a registry or
 * when no lockfile says, the version itself (`^0.1.0`).
 */
export function pricecrawlDependency(packageDir: string): string {
  const modules = dirname(packageDir);
  if (basename(modules) !== 'node_modules') return `file:${packageDir}`;
  const version = (JSON.parse(readFileSync(resolve(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  const resolved = lockedSource(modules);
  if (resolved === null || isRegistryTarball(resolved)) return `^${version}`;
  if (!resolved.startsWith('file:')) return resolved;
  const written = resolved.slice('file:'.length);
  // npm writes a tarball path relative to the folder that installed it (the parent of node_modules).
  const tarball = isAbsolute(written) ? written : resolve(dirname(modules), written);
  return /\.(tgz|tar\.gz)$/.test(tarball) && existsSync(tarball) ? `file:${tarball}` : `^${version}`;
}

/** `resolved` of node_modules/pricecrawl in npm's hidden lockfile (npm 7 and later), or null. */
function lockedSource(modules: string): string | null {
  try {
    const lock = JSON.parse(readFileSync(resolve(modules, '.package-lock.json'), 'utf8')) as { packages?: Record<string, { resolved?: unknown }> };
    const resolved = lock.packages?.['node_modules/pricecrawl']?.resolved;
    return typeof resolved === 'string' && resolved !== '' ? resolved : null;
  } catch {
    return null; // another package manager, or an install without one: the version is what is known
  }
}

/** A registry's tarball URL (`…/pricecrawl/-/pricecrawl-0.1.0.tgz`): the version says the same, registry-neutral. */
function isRegistryTarball(resolved: string): boolean {
  return /^https?:\/\//.test(resolved) && /\/pricecrawl\/-\/pricecrawl-[^/]+\.tgz$/.test(resolved);
}
