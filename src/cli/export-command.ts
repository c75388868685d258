// `pricecrawl export <runId | --spider name --latest> -o file`: a past run's items from the store to feed files.
import { SettingsError } from '../core/errors';
import { exportItems } from '../app/export/export-items';
import { feedSpecs } from '../app/export/feed-spec';
import { openExistingRunRecords, openStores, type StoreConfig } from '../../storage/open-backends';
import { storeConfigFromCli, withRunRecords, type StoreCliOptions } from './store-options';

export interface ExportOptions extends StoreCliOptions {
  spider?: string;
  latest?: boolean;
  output?: string[];
  overwriteOutput?: string[];
  /** Export a run a live crawl still writes: the items stored so far. */
  partial?: boolean;
}

export async function exportCommand(runIdArg: string | undefined, opts: ExportOptions): Promise<number> {
  const specs = feedSpecs(opts.output, opts.overwriteOutput);
  if (specs.length === 0) throw new SettingsError('export: name at least one feed with -o <file> (append) or -O <file> (overwrite)');
  const config = storeConfigFromCli(opts);
  const latest = runIdArg === undefined ? await latestRun(config, opts) : null;
  const runId = runIdArg ?? latest!.runId;
  const live = await liveCrawl(config, runId);
  if (live && !opts.partial) {
    throw new SettingsError(`export: ${live}: its feed would hold only the items stored so far. Export it when the run ends, or pass --partial for those`);
  }
  const stores = await openStores(config);
  try {
    const store = stores.items();
    if ((await store.countItems(runId)) === 0) throw new SettingsError(`export: run ${runId} has no items in ${stores.location}${latest ? emptyLatestHint(latest) : ' (see pricecrawl runs)'}`);
    for (const spec of specs) {
      const result = await exportItems(store, runId, spec);
      process.stdout.write(`${result.items} items of run ${runId} written to ${result.path} (${result.format})${live ? ` (partial: ${live})` : ''}\n`);
    }
    return 0;
  } finally {
    await stores.close();
  }
}

/**
 * Whether a live crawl still writes the run, said in words ("run X is still being crawled by process N"), else null.
 * Why: an export taken then printed a clean line and exit 0 for a feed holding part of the run, a scheduled export
 * racing its crawl handed on a catalog with products missing. A run record whose process is gone reads as crashed
 * (judgeRunRecord), not running; a store without run records has no crawl to ask about.
 */
async function liveCrawl(config: StoreConfig, runId: string): Promise<string | null> {
  const records = await openExistingRunRecords(config);
  if (!records) return null;
  try {
    const record = await records.get(runId);
    if (record?.outcome !== 'running') return null;
    return `run ${runId} is still being crawled${record.pid === null ? '' : ` by process ${record.pid}`}`;
  } finally {
    await records.close();
  }
}

interface LatestRun {
  runId: string;
  spider: string;
  mode: string | null;
  /** The spider's latest earlier run that stored items, if any. */
  withItems: string | null;
}

/** `--spider name --latest`: the spider's most recently started run, from the run records (storage dir, or PostgreSQL). */
async function latestRun(config: StoreConfig, opts: ExportOptions): Promise<LatestRun> {
  const spider = opts.spider;
  if (!spider || !opts.latest) throw new SettingsError('export: name the run (pricecrawl export <runId>) or use --spider <name> --latest');
  return withRunRecords(config, 'export', async (records) => {
    const runs = (await records.list(spider)).filter((run) => run.outcome !== 'scheduled');
    const latest = runs.at(-1);
    if (!latest) throw new SettingsError(`export: spider ${spider} has no runs in ${config.dir}`);
    const withItems = runs.slice(0, -1).filter((run) => (run.items ?? 0) > 0).at(-1)?.runId ?? null;
    return { runId: latest.runId, spider, mode: latest.mode, withItems };
  });
}

/**
 * A scheduled project's latest run is often a `--due` run with nothing due: still the latest, so it is not
 * swapped for another run without a word (the feed would hold other prices than asked for), but the line
 * names the run that has items, to export by its id.
 */
function emptyLatestHint(latest: LatestRun): string {
  const which = ` (the latest run of ${latest.spider}${latest.mode ? `, mode ${latest.mode}` : ''})`;
  if (!latest.withItems) return `${which}; see pricecrawl runs --spider ${latest.spider}`;
  return `${which}; its latest run with items is ${latest.withItems}: pricecrawl export ${latest.withItems} -o <file>`;
}
