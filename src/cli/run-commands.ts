// The command lines that run crawls and watch them: crawl, worker, status, schedule.
import { Option, type Command } from 'commander';
import { collect, FEED_APPEND_HELP, FEED_OVERWRITE_HELP, FRONTIER_HELP, SET_HELP, STORE_HELP } from './command-options';

export function addCrawlCommand(program: Command): void {
  program
    .command('crawl')
    .description('run a spider (by registry name, or a path to a spider file)')
    .addHelpText(
      'after',
      '\nExit codes: 0 finished clean; 1 accounting broken; 2 interrupted with work left, or refused (usage error,\n' +
        'spider cannot start, Redis unreachable, storage cannot be written); 3 an alarm with failRun fired;\n' +
        '4 finished, but work was lost: requests failed for transient reasons (429/5xx/timeouts/resets after\n' +
        'retries; LOST TO TRANSIENT FAILURES), a whole host gave no item (LOST WHOLE HOSTS), or the project\'s own\n' +
        'code threw on pages, items or events (LOST TO ERRORS IN CODE); the summary names each.\n' +
        'When several hold: 1, then 3, then 2, then 4.',
    )
    .argument('<spider>', 'spider name (see `pricecrawl list`) or ./path/to/spider.ts')
    .option('-s, --set <key=value>', SET_HELP, collect, [])
    .option('-a, --arg <key=value>', 'spider argument, e.g. -a baseUrl=http://127.0.0.1:8080 (repeatable)', collect, [])
    .option('-o, --output <file[:format]>', FEED_APPEND_HELP, collect, [])
    .option('-O, --overwrite-output <file[:format]>', FEED_OVERWRITE_HELP, collect, [])
    .option('--report [file]', 'write the run\'s HTML report when it ends (default ./report-<runId>.html)')
    .option('--storage <dir>', 'storage directory (frontier, items); same as -s storage.dir=<dir>')
    .option('--store <url>', STORE_HELP)
    .option('--config <file>', 'project settings file (default: the nearest pricecrawl.config.json in this folder or above)')
    .option('--resume', 'continue the latest unfinished run of this spider instead of starting a fresh one')
    .option('--frontier <url>', FRONTIER_HELP('shared frontier for many workers', 'the embedded SQLite one'))
    .option('--run <id>', 'run id to create or continue (default: a fresh one; the scheduler sets it)')
    .option('--processes <n>', 'crawl processes on this machine sharing the embedded frontier, a number or auto (one per core); each host is sent to by one of them at a time', '1')
    .addOption(new Option('--process-slot <k/n>', 'internal: the process k of n started by the first one').hideHelp())
    .addOption(new Option('--options-stdin', 'internal: spider arguments, -s pairs and the store as one JSON object on stdin (how the scheduler and --processes pass them off the command line)').hideHelp())
    .addOption(new Option('--full', 'discovery pages plus every known (not retired) SKU of the catalog').conflicts('due'))
    .option('--due', 'only the SKUs the recrawl planner says are due, plus discovery when its cadence is due')
    .option('--due-until <time>', 'with --due: also what falls due before this ISO time (the scheduler passes its next tick, so nothing waits a whole tick past its due time)')
    .addOption(new Option('--log-level <level>', 'log level').choices(['trace', 'debug', 'info', 'warn', 'error', 'silent']))
    .option('--log-file <file>', 'write the log to this file (JSON lines, appended) instead of stderr; same as -s log.file=<file>')
    .addOption(new Option('--cache', 'development: store each HTTP answer on disk and replay it on the next run instead of fetching (cache.enabled; pages and prices may be old)').conflicts(['due', 'full']))
    .action(async (spider: string, opts) => {
      // `--processes N`: the others start now, loading their modules while this one loads its own.
      const { forkCrawlProcesses } = await import('./crawl-processes-cli');
      const processes = forkCrawlProcesses(opts, spider);
      // Commands load lazily: `list` and `--help` should not pay for Crawlee's import (~1 s).
      const { crawlCommand } = await import('./crawl-command').catch((error: unknown) => {
        processes?.release();
        throw error;
      });
      process.exitCode = await crawlCommand(spider, opts, false, processes);
    });
}

export function addWorkerCommand(program: Command): void {
  program
    .command('worker')
    .description('join a running crawl on a shared frontier (any number of times, on any machine)')
    .argument('<spider>', 'the spider the crawl runs (same name or path, same -a arguments)')
    .option('--frontier <url>', FRONTIER_HELP('the shared frontier', 'none: refused'))
    .option('--run <id>', 'the run to join (default: the spider\'s latest running run; waits for it to start)')
    .option('-s, --set <key=value>', SET_HELP, collect, [])
    .option('-a, --arg <key=value>', 'spider argument (repeatable)', collect, [])
    .option('-o, --output <file[:format]>', FEED_APPEND_HELP, collect, [])
    .option('-O, --overwrite-output <file[:format]>', FEED_OVERWRITE_HELP, collect, [])
    .option('--storage <dir>', 'storage directory (items); same as -s storage.dir=<dir>')
    .option('--store <url>', STORE_HELP)
    .option('--config <file>', 'project settings file')
    .addOption(new Option('--log-level <level>', 'log level').choices(['trace', 'debug', 'info', 'warn', 'error', 'silent']))
    .option('--log-file <file>', 'write the log to this file (JSON lines, appended) instead of stderr; same as -s log.file=<file>')
    .action(async (spider: string, opts) => {
      const { crawlCommand } = await import('./crawl-command');
      process.exitCode = await crawlCommand(spider, opts, true);
    });
}

export function addStatusCommand(program: Command): void {
  program
    .command('status')
    .description('show a run while it goes or after: queues per host, the interval in force and why, leases, paused hosts, workers, counts')
    .option('--frontier <url>', FRONTIER_HELP('a shared frontier', 'the embedded frontier of the storage directory'))
    .option('--storage <dir>', 'the embedded files\' directory (storage.dir)')
    .option('--config <file>', 'project settings file (the configured intervals)')
    .option('--run <id>', 'the run (default: the latest run of --spider, else the latest run of any spider)')
    .option('--spider <name>', 'the spider whose latest run to show')
    .option('--json', 'print the status as one JSON object')
    .action(async (opts) => {
      const { statusCommand } = await import('./status-command');
      process.exitCode = await statusCommand(opts);
    });
}

export function addScheduleCommand(program: Command): void {
  program
    .command('schedule')
    .description('run spiders on the cron expressions in schedule.spiders (each run a `crawl --due` child process); SIGTERM stops it')
    .option('-s, --set <key=value>', 'override a setting (repeatable; passed on to every run)', collect, [])
    .option('--storage <dir>', 'storage directory (default: the storage.dir setting, ./crawl-storage)')
    .option('--config <file>', 'project settings file (default: the nearest pricecrawl.config.json in this folder or above)')
    .addOption(new Option('--log-level <level>', 'log level').choices(['trace', 'debug', 'info', 'warn', 'error', 'silent']))
    .action(async (opts) => {
      const { scheduleCommand } = await import('./schedule-command');
      process.exitCode = await scheduleCommand(opts);
    });
}
