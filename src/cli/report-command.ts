// `pricecrawl report <runId>`: writes the run's self-contained HTML report (charts inlined, no network).
import { writeReport } from '../app/report/write-report';
import { storeConfigFromCli, type StoreCliOptions } from './store-options';

export interface ReportOptions extends StoreCliOptions {
  output?: string;
}

export async function reportCommand(runId: string, opts: ReportOptions): Promise<number> {
  const path = await writeReport(storeConfigFromCli(opts), runId, opts.output);
  process.stdout.write(`report written: ${path}\n`);
  return 0;
}
