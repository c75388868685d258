// `pricecrawl export <runId | --spider name --latest> -o file`: a past run's items from the store to feed files.
import { SettingsError } from '../core/errors';
import { exportItems } from '../app/export/export-items';
import { feedSpecs } from '../app/export/feed-spec';
import { openStores, type StoreConfig } from '../../storage/open-backends';
import { storeConfigFromCli, withRunRecords, type StoreCliOptions } from './store-options';

export interface ExportOptions extends StoreCliOptions {
  spider?: string;
  latest?: boolean;
  output?: string[];
  overwriteOutput?: string[];
}

export async function exportCommand(runIdArg: string | undefined, opts: ExportOptions): Promise<number> {
  const specs = feedSpecs(opts.output, opts.overwriteOutput);
  if (specs.length === 0) throw new SettingsError('export: name at least one feed with -o <file> (append) or -O <file> (overwrite)');
  const config = storeConfigFromCli(opts);
  const runId = runIdArg ?? (await latestRun(config, opts));
  const stores = await openStores(config);
  try {
    const store = stores.items();
    if ((await store.countItems(runId)) === 0) throw new SettingsError(`export: run ${runId} has no items in ${stores.location} (see pricecrawl runs)`);
    for (const spec of specs) {
      const result = await exportItems(store, runId, spec);
      process.stdout.write(`${result.items} items of run ${runId} written to ${result.path} (${result.format})\n`);
    }
    return 0;
  } finally {
    await stores.close();
  }
}

/** `--spider name --latest`: the spider's most recently started run, from the run records (storage dir, or PostgreSQL). */
async function latestRun(config: StoreConfig, opts: ExportOptions): Promise<string> {
  const spider = opts.spider;
  if (!spider || !opts.latest) throw new SettingsError('export: name the run (pricecrawl export <runId>) or use --spider <name> --latest');
  return withRunRecords(config, 'export', async (records) => {
    const latest = (await records.list(spider)).filter((run) => run.outcome !== 'scheduled').at(-1);
    if (!latest) throw new SettingsError(`export: spider ${spider} has no runs in ${config.dir}`);
    return latest.runId;
  });
}
