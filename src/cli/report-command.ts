// `pricecrawl report <runId>`: writes the run's self-contained HTML report (charts inlined, no network).
import { writeReport } from '../app/report/write-report';
import { loadSettings } from '../settings/load-settings';
import { storeCliPairs, type StoreCliOptions } from './store-options';

export interface ReportOptions extends StoreCliOptions {
  output?: string;
  /** `--frontier <url>`: the shared frontier a run ran on, to list its failed requests (same as -s frontier.url=<url>). */
  frontier?: string;
}

export async function reportCommand(runId: string, opts: ReportOptions): Promise<number> {
  const cliPairs = [...storeCliPairs(opts), ...(opts.frontier ? [`frontier.url=${opts.frontier}`] : [])];
  const { settings } = loadSettings({ configPath: opts.config, cliPairs });
  const path = await writeReport({ ...settings.storage, frontierUrl: settings.frontier.url, readOnly: true }, runId, opts.output);
  process.stdout.write(`report written: ${path}\n`);
  return 0;
}
