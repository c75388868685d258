// `--storage dir` and `--store url` of the CLI commands, turned into settings pairs and a store config.
import type { StoreConfig } from '../../storage/open-backends';
import { loadSettings } from '../settings/load-settings';

export interface StoreCliOptions {
  /** `--storage <dir>`: the embedded files' directory (storage.dir). */
  storage?: string;
  /** `--store <url>`: sqlite: or postgres://… (storage.url). */
  store?: string;
  config?: string;
}

/** The `-s` pairs the two flags stand for (flags win over -s, as they are added last). */
export function storeCliPairs(opts: StoreCliOptions): string[] {
  const pairs: string[] = [];
  if (opts.storage) pairs.push(`storage.dir=${opts.storage}`);
  if (opts.store) pairs.push(`storage.url=${opts.store}`);
  return pairs;
}

/** For commands that only read stores (`changes`, `raw`): config file, env and the flags, layered as for a crawl. */
export function storeConfigFromCli(opts: StoreCliOptions): StoreConfig {
  return loadSettings({ configPath: opts.config, cliPairs: storeCliPairs(opts) }).settings.storage;
}
