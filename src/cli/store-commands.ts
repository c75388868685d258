// The command lines that read what runs stored: raw, changes, runs, report, export.
import type { Command } from 'commander';
import { collect, FRONTIER_HELP, STORE_HELP } from './command-options';

export function addRawCommand(program: Command): void {
  program
    .command('raw')
    .description('print the exact response bytes stored under a raw hash (an item\'s rawHash)')
    .argument('<hash>', 'sha256 hex of the bytes')
    .option('--storage <dir>', 'storage directory (default: the storage.dir setting, ./crawl-storage)')
    .option('--store <url>', STORE_HELP)
    .action(async (hash: string, opts) => {
      const { rawCommand } = await import('./raw-command');
      process.exitCode = await rawCommand(hash, opts);
    });
}

export function addChangesCommand(program: Command): void {
  program
    .command('changes')
    .description('list price, currency and availability changes between runs (price history)')
    .option('--spider <name>', 'only this spider')
    .option('--since <when>', 'only changes observed since an ISO date/time or a duration ago (24h, 7d, 30m)')
    .option('--json', 'one JSON object per line instead of a table')
    .option('--storage <dir>', 'storage directory (default: the storage.dir setting, ./crawl-storage)')
    .option('--store <url>', STORE_HELP)
    .action(async (opts) => {
      const { changesCommand } = await import('./changes-command');
      process.exitCode = await changesCommand(opts);
    });
}

export function addRunsCommand(program: Command): void {
  program
    .command('runs')
    .description('list past and running crawls: mode, trigger, outcome, counts, settings snapshot hash')
    .option('--spider <name>', 'only this spider')
    .option('--json', 'one JSON object per line instead of a table')
    .option('--storage <dir>', 'storage directory (default: the storage.dir setting, ./crawl-storage)')
    .option('--store <url>', STORE_HELP)
    .option('--config <file>', 'project settings file')
    .action(async (opts) => {
      const { runsCommand } = await import('./runs-command');
      process.exitCode = await runsCommand(opts);
    });
}

export function addReportCommand(program: Command): void {
  program
    .command('report')
    .description('write a run\'s self-contained HTML report: requests over time per host (429s marked), latency, items and drops, price changes')
    .argument('<runId>', 'the run (see `pricecrawl runs`)')
    .option('-o, --output <file>', 'the HTML file to write (default ./report-<runId>.html)')
    .option('--storage <dir>', 'storage directory (default: the storage.dir setting, ./crawl-storage)')
    .option('--store <url>', STORE_HELP)
    .option('--frontier <url>', FRONTIER_HELP('the shared frontier the run ran on', 'the one its settings snapshot names'))
    .option('--config <file>', 'project settings file')
    .action(async (runId: string, opts) => {
      const { reportCommand } = await import('./report-command');
      process.exitCode = await reportCommand(runId, opts);
    });
}

export function addExportCommand(program: Command): void {
  program
    .command('export')
    .description('write a past run\'s items from the store to feed files (JSONL, JSON, CSV, XML), with rawHash, scrapedAt, runId, source')
    .argument('[runId]', 'the run (see `pricecrawl runs`); or --spider <name> --latest')
    .option('--spider <name>', 'with --latest: the spider whose latest run to export')
    .option('--latest', 'the latest run of --spider')
    .option('-o, --output <file[:format]>', 'append to this feed (repeatable)', collect, [])
    .option('-O, --overwrite-output <file[:format]>', 'overwrite this feed (repeatable)', collect, [])
    .option('--partial', 'export a run a live crawl still writes: the items stored so far (refused without it)')
    .option('--storage <dir>', 'storage directory (default: the storage.dir setting, ./crawl-storage)')
    .option('--store <url>', STORE_HELP)
    .option('--config <file>', 'project settings file')
    .action(async (runId: string | undefined, opts) => {
      const { exportCommand } = await import('./export-command');
      process.exitCode = await exportCommand(runId, opts);
    });
}
