// Layers settings (defaults < config file < spider < env < CLI), validates once, freezes the result.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { SettingsError } from '../core/errors';
import { closestName, didYouMean } from '../core/closest-name';
import { canonicalPath, isHostKeyedAt, keysAt, parseSettingValue, settingPaths } from './schema-walk';
import { hostKeySpelling } from '../politeness/host-key';
import { unnamedCrawler } from '../robots/crawler-names';
import type { z } from 'zod';
import { settingsSchema, type Settings, type SettingsOverrides } from './schema';
import { componentEntryHint } from './component-entry-hint';
import { parse as parseLossless } from 'lossless-json';

export const CONFIG_FILE_NAME = 'pricecrawl.config.json';
const ENV_PREFIX = 'PRICECRAWL_';

/** `runCrawl`: the settings a program passes to `runCrawl({ settings })`, its `-s`. */
export type LayerName = 'config' | 'spider' | 'env' | 'cli' | 'runCrawl';
export interface SettingsLayer {
  name: LayerName;
  /** Where the layer came from, for messages (file path, env var, `-s`). */
  origin: string;
  values: Record<string, unknown>;
  /** A layer of several sources says each key's own (the environment: `politeness.minIntervalMs` → its variable's name). */
  keyOrigins?: Record<string, string>;
}

export interface LoadedSettings {
  settings: Settings;
  /** Each overridden leaf's dotted path → the layer that set it last, for the start-up log. */
  overrides: Record<string, { value: unknown; layer: LayerName }>;
  /** Things worth a warning that are no reason to stop (an environment name that looks like a misspelt setting). */
  warnings: string[];
}

type Tree = Record<string, unknown>;
const isPlainObject = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);

function setPath(tree: Tree, path: string[], value: unknown): void {
  let node = tree;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Tree;
  }
  node[path[path.length - 1]] = value;
}

/** Deep merge of plain objects; arrays and scalars replace. Records every leaf's layer. */
function mergeInto(target: Tree, source: Tree, layer: LayerName, overrides: LoadedSettings['overrides'], prefix: string[] = []): void {
  const hostKeyed = prefix.length > 0 && isHostKeyedAt(prefix);
  for (const [written, value] of Object.entries(source)) {
    const key = hostKeyed ? sameHostKey(target, written) : written;
    const path = [...prefix, key];
    if (isPlainObject(value)) {
      if (!isPlainObject(target[key])) target[key] = {};
      mergeInto(target[key] as Tree, value, layer, overrides, path);
    } else {
      target[key] = value;
      overrides[path.join('.')] = { value, layer };
    }
  }
}

/**
 * The key a lower layer already gave the host `written` names, else `written`: a spider's entry for
 * `shop.example` overrides the config file's `Shop.Example` field by field, as any setting of a higher layer
 * does. Merged under both spellings, the two were refused as "name the same host" (each layer alone is fine).
 */
function sameHostKey(target: Tree, written: string): string {
  const host = hostKeySpelling(written);
  if (host === null || written in target) return written;
  return Object.keys(target).find((key) => hostKeySpelling(key) === host) ?? written;
}

export function readConfigFile(path: string): SettingsLayer | null {
  if (!existsSync(path)) return null;
  try {
    // Not JSON.parse: it keeps the last of a key given twice without a word, so a component entry copied
    // under the same name would replace the first one, and a setting written twice would take the later value.
    return { name: 'config', origin: path, values: parseLossless(readFileSync(path, 'utf8'), null, Number) as Tree };
  } catch (error) {
    throw new SettingsError(`${path}: not valid JSON (${(error as Error).message})`);
  }
}

/**
 * `PRICECRAWL_POLITENESS__MIN_INTERVAL_MS=500` → politeness.minIntervalMs = 500. Only names with the
 * section separator `__` are settings: a team's own `PRICECRAWL_TOKEN` or `PRICECRAWL_HOME` is none of
 * ours, so it is ignored, and one that looks like a misspelt setting is warned about (with the name it
 * probably meant): an environment belongs to more programs than this one. A name with the separator is
 * ours by the documented convention, so one that names no setting stops the crawl as `-s` does: a
 * misspelt `PRICECRAWL_SESSIONS__PROXY_URLZ` only warned, and every request left from our own address.
 */
export function envLayer(env: NodeJS.ProcessEnv): SettingsLayer & { warnings: string[] } {
  const values: Tree = {};
  const warnings: string[] = [];
  const keyOrigins: Record<string, string> = {};
  for (const [name, raw] of Object.entries(env)) {
    if (!name.startsWith(ENV_PREFIX) || raw === undefined) continue;
    const rest = name.slice(ENV_PREFIX.length);
    const path = rest.includes('__') ? canonicalPath(rest.split('__'), true) : null;
    if (path) {
      setPath(values, path, parseSettingValue(path, raw));
      keyOrigins[path.join('.')] = name;
      continue;
    }
    const meant = closestName(rest, envSettingNames());
    if (rest.includes('__')) {
      throw new SettingsError(`environment variable ${name} names no setting${meant ? `; did you mean ${ENV_PREFIX}${meant}?` : ''} (names with "__" after ${ENV_PREFIX} are settings: fix or unset it)`);
    }
    if (meant) warnings.push(`environment variable ${name} is not a setting and is ignored; did you mean ${ENV_PREFIX}${meant}?`);
  }
  return { name: 'env', origin: 'environment', values, warnings, keyOrigins };
}

/** Every setting leaf as an environment name without the prefix (`POLITENESS__MIN_INTERVAL_MS`). */
function envSettingNames(): string[] {
  const upper = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
  return settingPaths().map((path) => path.split('.').map(upper).join('__'));
}

/** `-s politeness.minIntervalMs=500` pairs. */
export function cliLayer(pairs: string[]): SettingsLayer {
  const values: Tree = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new SettingsError(`-s ${pair}: expected key=value, e.g. -s politeness.minIntervalMs=500`);
    const key = pair.slice(0, eq);
    const path = canonicalPath(key.split('.'));
    if (!path) throw new SettingsError(`-s ${key}: no such setting${didYouMean(key, settingPaths())}`);
    setPath(values, path, parseSettingValue(path, pair.slice(eq + 1)));
  }
  return { name: 'cli', origin: '-s', values };
}

export function resolveSettings(layers: SettingsLayer[], warnings: string[] = []): LoadedSettings {
  // Each layer is checked on its own first: a bad value stops the start even where a higher layer overrides
  // it. The config file serves every spider, and its typo would otherwise stop only the spiders that do not
  // override the key, or none until one is written. (Rules across fields, such as proxies with sessions off,
  // can still fail the merged settings only: that check follows.)
  for (const layer of layers) {
    const alone = settingsSchema.safeParse(layer.values);
    // The environment's bad value names its variable: "(from env PRICECRAWL_POLITENESS__MIN_INTERVAL_MS)".
    if (!alone.success) throw invalidSettings(alone.error.issues, (key) => (layer.keyOrigins?.[key] ? `${layer.name} ${layer.keyOrigins[key]}` : layer.name));
  }
  const merged: Tree = {};
  const overrides: LoadedSettings['overrides'] = {};
  for (const layer of layers) mergeInto(merged, layer.values, layer.name, overrides);
  const result = settingsSchema.safeParse(merged);
  if (!result.success) {
    const layerOf = (key: string) => overrides[key]?.layer ?? layers.find((l) => key.split('.').reduce<unknown>((n, k) => (isPlainObject(n) ? n[k] : undefined), l.values) !== undefined)?.name;
    throw invalidSettings(result.error.issues, layerOf);
  }
  const unnamed = unnamedCrawler(result.data);
  if (unnamed) throw new SettingsError(`invalid settings:\n  robots.userAgentToken: ${unnamed}`);
  return { settings: deepFreeze(result.data), overrides, warnings };
}

/** One line per bad key: its dotted path, what is wrong, the layer it came from, and the setting it probably meant. */
function invalidSettings(issues: readonly z.core.$ZodIssue[], layerOf: (key: string) => string | undefined): SettingsError {
  const lines = issues.flatMap(unionBranchIssues).map((issue) => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k].join('.')) : [issue.path.join('.')];
    return keys
      .map((key, index) => {
        const from = layerOf(key);
        const what = issue.code === 'unrecognized_keys' ? 'unknown setting' : issue.message;
        const hint = componentEntryHint(issue, key) || (issue.code === 'unrecognized_keys' ? unknownKeyHint(issue.path, issue.keys[index], key) : '');
        return `  ${key || '(root)'}: ${what}${from ? ` (from ${from})` : ''}${hint}`;
      })
      .join('\n');
  });
  return new SettingsError(`invalid settings:\n${lines.join('\n')}`);
}

/**
 * A union's own issue says "Invalid input" whatever was wrong. When the value got past one branch's type (an
 * object for an object branch), that branch's issues name the keys (`extensions.x.modul: unknown setting; did you
 * mean "extensions.x.module"?`); otherwise the union's message stands (its schema says what it accepts).
 */
function unionBranchIssues(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const reached = issue.errors.find((branch) => branch.some((inner) => inner.path.length > 0 || inner.code === 'unrecognized_keys'));
  return reached ? reached.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })).flatMap(unionBranchIssues) : [issue];
}

/**
 * The setting an unknown key probably meant. Below a record (`politeness.hosts["shop.example"]`) no dotted path
 * lists the block's keys, so the key is compared with its siblings: a host block's `maxConcurrencyPerHost`
 * (the global name) is its `maxConcurrency`.
 */
function unknownKeyHint(parent: readonly PropertyKey[], written: string, dotted: string): string {
  const siblings = parent.length > 0 ? keysAt(parent) : null;
  const near = siblings ? closestName(written, siblings) : null;
  if (near !== null) return `; did you mean "${[...parent, near].join('.')}"?`;
  return didYouMean(dotted, settingPaths());
}

export interface LoadSettingsOptions {
  cwd?: string;
  configPath?: string;
  spiderSettings?: SettingsOverrides;
  env?: NodeJS.ProcessEnv;
  cliPairs?: string[];
  /** A program's own top layer (`runCrawl({ settings })`), checked and named like the others. */
  programSettings?: SettingsOverrides;
}

export function loadSettings(options: LoadSettingsOptions = {}): LoadedSettings {
  const cwd = options.cwd ?? process.cwd();
  const configPath = options.configPath ? resolve(cwd, options.configPath) : findConfigFile(cwd);
  const config = configPath === null ? null : readConfigFile(configPath);
  if (options.configPath && !config) throw new SettingsError(`config file ${configPath} does not exist`);
  const layers: SettingsLayer[] = [];
  // A file named with --config may live anywhere (configs/prod.json): its relative paths stay the current folder's.
  if (config) layers.push(options.configPath ? config : anchorStorageDir(config));
  if (options.spiderSettings) layers.push({ name: 'spider', origin: 'spider.settings', values: options.spiderSettings as Tree });
  const env = envLayer(options.env ?? process.env);
  layers.push(env);
  layers.push(cliLayer(options.cliPairs ?? []));
  if (options.programSettings) layers.push({ name: 'runCrawl', origin: 'runCrawl({ settings })', values: options.programSettings as Tree });
  return resolveSettings(layers, env.warnings);
}

/**
 * The project's config file: the nearest `pricecrawl.config.json` in `cwd` or above, as Scrapy finds
 * scrapy.cfg. Commands find the project's spiders from a subfolder (src/app/project/find-project.ts), so
 * they must find its settings, middlewares and stages there too, not run without them.
 */
export function findConfigFile(cwd: string): string | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const path = join(dir, CONFIG_FILE_NAME);
    if (existsSync(path)) return path;
    if (dirname(dir) === dir) return null;
  }
}

/**
 * A project keeps one storage dir wherever in it a command runs: a relative `storage.dir` of the project's
 * config file (or the default, `./crawl-storage`) is the project folder's, as a component's `module` path
 * is. One given on the command line or in the environment stays relative to where the command runs.
 */
function anchorStorageDir(config: SettingsLayer): SettingsLayer {
  const storage = isPlainObject(config.values.storage) ? config.values.storage : {};
  const dir = typeof storage.dir === 'string' ? storage.dir : './crawl-storage';
  if (isAbsolute(dir)) return config;
  return { ...config, values: { ...config.values, storage: { ...storage, dir: resolve(dirname(config.origin), dir) } } };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
