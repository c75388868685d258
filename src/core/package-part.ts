// Loads one file of an installed package by its path beside the package's main file, for packages whose index loads far more than a crawl uses.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * `requirePart('cheerio', 'load-parse.js')` requires the file at that path relative to the folder of the
 * package's CommonJS main (`require.resolve('cheerio')`), or returns undefined when there is none.
 *
 * Why by path: a package index loads every feature at start (cheerio's index loads undici's whole index
 * for `fromURL`; Crawlee's loads its crawlers, sitemaps and CSV export), and an `exports` map, where there
 * is one, lists only the index. A path from the main file is what `exports` cannot forbid. The versions
 * are pinned exactly in package.json, and test/core/package-parts.test.ts checks that every part is the
 * very object the package's index exports, so an upgrade that moves a file fails there, loudly. At run time
 * a missing file makes the caller load the index instead: a slower start, the same objects.
 */
export function requirePart(packageName: string, file: string): unknown {
  const path = join(dirname(require.resolve(packageName)), file);
  return existsSync(path) ? require(path) : undefined;
}

/** The package's CommonJS index, for the parts `requirePart` did not find. */
export function requirePackage(packageName: string): Record<string, unknown> {
  return require(packageName) as Record<string, unknown>;
}
