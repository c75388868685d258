// Finds a spider class by registry name or loads it from a file path given on the command line.
import { existsSync } from 'node:fs';
import { register } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PricecrawlError } from '../core/errors';
import { isSpiderClass } from '../core/package-brand';
import type { SpiderClass } from '../core/spider';
import { findSpider } from '../../spiders/index';

/** Spider files by extension: TypeScript and JavaScript, ES modules and CommonJS. */
const SPIDER_FILE = /\.(ts|mts|cts|js|mjs|cjs)$/;
/** Marks the URL of a spider file so the format hook below loads it as an ES module. */
const ESM_MARK = 'pricecrawl-spider-esm';

/**
 * A spider file is ours to interpret: `.ts` and `.js` outside a `"type": "module"` package would load
 * as CommonJS (and fail on `import`, or on the require cycle back into the engine), so files given by
 * path load as ES modules whatever folder they sit in. The hook runs after tsx's (hooks chain last
 * registered first), keeps its URL and only sets the format; `.cts`/`.cjs` keep theirs.
 */
const FORMAT_HOOK = `export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  return result.url.includes(${JSON.stringify(ESM_MARK)}) ? { ...result, format: 'module' } : result;
}`;

let hookRegistered = false;

function registerFormatHook(): void {
  if (hookRegistered) return;
  register(`data:text/javascript,${encodeURIComponent(FORMAT_HOOK)}`);
  hookRegistered = true;
}

export async function loadSpiderClass(nameOrPath: string): Promise<SpiderClass> {
  if (!SPIDER_FILE.test(nameOrPath)) return findSpider(nameOrPath);
  const path = resolve(nameOrPath);
  if (!existsSync(path)) throw new PricecrawlError('SPIDER_NOT_FOUND', `spider file ${path} does not exist`);
  const url = pathToFileURL(path);
  if (!/\.c[tj]s$/.test(path)) {
    registerFormatHook();
    url.search = ESM_MARK;
  }
  const module = (await import(url.href)) as Record<string, unknown>;
  const found = Object.values(module).find(isSpiderClass);
  if (!found) throw new PricecrawlError('SPIDER_NOT_FOUND', `${path} exports no Spider subclass`);
  return found as SpiderClass;
}

/** `key=value` pairs into an object; a pair without `=` is a clear error. */
export function parsePairs(pairs: string[], flag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new PricecrawlError('SETTINGS_INVALID', `${flag} ${pair}: expected key=value`);
    out[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return out;
}
