// `pricecrawl settings [--get key]`, as `scrapy settings --get`: the settings a crawl would run with, secrets masked.
import { didYouMean } from '../core/closest-name';
import { SettingsError } from '../core/errors';
import { maskSecrets } from '../core/mask-secrets';
import { loadSettings } from '../settings/load-settings';
import { canonicalPath, settingPaths } from '../settings/schema-walk';
import { loadSpiderClass } from './spider-loader';
import { parsePairs } from './key-value-pairs';
import { makeSpider } from '../core/make-spider';

export interface SettingsCommandOptions {
  get?: string;
  spider?: string;
  arg: string[];
  set: string[];
  config?: string;
}

/**
 * The layers a crawl reads, in its order: the project's file, the spider's own `settings` (with `--spider`: they
 * depend on the spider, as Scrapy's custom_settings), the environment, `-s`. A string prints as it is, anything
 * else as JSON; URL credentials and secret-named values print masked, as in the crawl's start-up log.
 */
export async function settingsCommand(opts: SettingsCommandOptions): Promise<number> {
  const spider = opts.spider ? makeSpider(await loadSpiderClass(opts.spider), parsePairs(opts.arg, '-a'), opts.spider) : null;
  const { settings } = loadSettings({ configPath: opts.config, spiderSettings: spider?.settings, cliPairs: opts.set });
  let value: unknown = maskSecrets(settings);
  if (opts.get !== undefined) {
    const path = canonicalPath(opts.get.split('.'));
    if (!path) throw new SettingsError(`settings --get ${opts.get}: no such setting${didYouMean(opts.get, settingPaths())}`);
    for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
  }
  process.stdout.write(`${typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 2)}\n`);
  return 0;
}
