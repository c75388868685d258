// `--storage dir` and `--store url` of the CLI commands, turned into settings pairs and a store config.
import { SettingsError } from '../core/errors';
import type { RunRecordStore } from '../ports/run-record-store';
import { openExistingRunRecords, type StoreConfig } from '../../storage/open-backends';
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
  return { ...loadSettings({ configPath: opts.config, cliPairs: storeCliPairs(opts) }).settings.storage, readOnly: true };
}

/** Runs `use` on the run records of the configured stores (frontier.sqlite in storage.dir, or PostgreSQL); `command` names the refusal. */
export async function withRunRecords<T>(config: StoreConfig, command: string, use: (records: RunRecordStore) => Promise<T>): Promise<T> {
  const records = await openExistingRunRecords(config);
  if (!records) throw new SettingsError(`${command}: no runs in ${config.dir} (run a crawl first, or pass --storage or --store)`);
  try {
    return await use(records);
  } finally {
    await records.close();
  }
}
