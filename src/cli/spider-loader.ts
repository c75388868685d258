// Finds a spider class by registry name or loads it from a file path given on the command line.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PricecrawlError } from '../core/errors';
import { Spider, type SpiderClass } from '../core/spider';
import { findSpider } from '../../spiders/index';

export async function loadSpiderClass(nameOrPath: string): Promise<SpiderClass> {
  if (!/\.(ts|js|mjs)$/.test(nameOrPath)) return findSpider(nameOrPath);
  const path = resolve(nameOrPath);
  if (!existsSync(path)) throw new PricecrawlError('SPIDER_NOT_FOUND', `spider file ${path} does not exist`);
  const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  const found = Object.values(module).find((value): value is SpiderClass => typeof value === 'function' && value.prototype instanceof Spider);
  if (!found) throw new PricecrawlError('SPIDER_NOT_FOUND', `${path} exports no Spider subclass`);
  return found;
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
