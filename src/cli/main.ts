// The `pricecrawl` command line: parses arguments, runs a command, turns known errors into one clear line.
import { Command, Option } from 'commander';
import { ignoreClosedPipes } from './closed-pipe';
import { ignoreFileSizeSignal } from './file-size-limit';
import { reportCommandFailure } from './report-failure';
import { shownText } from './terminal-text';
import { pricecrawlVersion } from './version-command';

ignoreClosedPipes();
ignoreFileSizeSignal();

const collect = (value: string, previous: string[]) => [...previous, value];
const STORE_HELP = 'items, history, fetch log, raw pages and run records: sqlite: (default, files in the storage directory) or postgres://user@host:port/db';

const FEED_APPEND_HELP = 'feed of the run\'s items, written as they are stored; appends to the file (repeatable). Format from the extension (.jsonl .json .csv .xml) or file:format';
const FEED_OVERWRITE_HELP = 'like -o, but overwrites the file (repeatable)';

const program = new Command()
  .name('pricecrawl')
  .description('Polite, exact, durable competitor price crawling')
  .option('--debug', 'print stack traces for errors')
  .version(pricecrawlVersion(), '-V, --version', 'print pricecrawl\'s version (`pricecrawl version -v`: also the parts it runs on)')
  .showHelpAfterError()
  // A command line the parser refuses (an unknown option, --full with --due, a missing argument) is a usage
  // error: exit 2, as `crawl --help` says and as argparse and Scrapy do; commander's own code for it is 1,
  // which the exit codes give to broken accounting. Help and --version still exit 0. Subcommands inherit it.
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
  // The parser quotes what it did not take (`unknown option '--stroe=postgres://user:pw@db/prices'`): its
  // errors are printed as any other. Subcommands made below inherit this.
  .configureOutput({ outputError: (text, write) => write(shownText(text)) });

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
  .option('-s, --set <key=value>', 'override a setting by dotted path, e.g. -s politeness.minIntervalMs=500 (repeatable)', collect, [])
  .option('-a, --arg <key=value>', 'spider argument, e.g. -a baseUrl=http://127.0.0.1:8080 (repeatable)', collect, [])
  .option('-o, --output <file[:format]>', FEED_APPEND_HELP, collect, [])
  .option('-O, --overwrite-output <file[:format]>', FEED_OVERWRITE_HELP, collect, [])
  .option('--report [file]', 'write the run\'s HTML report when it ends (default ./report-<runId>.html)')
  .option('--storage <dir>', 'storage directory (frontier, items); same as -s storage.dir=<dir>')
  .option('--store <url>', STORE_HELP)
  .option('--config <file>', 'project settings file (default: the nearest pricecrawl.config.json in this folder or above)')
  .option('--resume', 'continue the latest unfinished run of this spider instead of starting a fresh one')
  .option('--frontier <url>', 'shared frontier for many workers, redis://host:port (default: embedded SQLite)')
  .option('--run <id>', 'run id to create or continue (default: a fresh one; the scheduler sets it)')
  .option('--processes <n>', 'crawl processes on this machine sharing the embedded frontier, a number or auto (one per core); each host is sent to by one of them at a time', '1')
  .addOption(new Option('--process-slot <k/n>', 'internal: the process k of n started by the first one').hideHelp())
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

program
  .command('worker')
  .description('join a running crawl on a shared frontier (any number of times, on any machine)')
  .argument('<spider>', 'the spider the crawl runs (same name or path, same -a arguments)')
  .requiredOption('--frontier <url>', 'the shared frontier, redis://host:port')
  .option('--run <id>', 'the run to join (default: the spider\'s latest running run; waits for it to start)')
  .option('-s, --set <key=value>', 'override a setting (repeatable)', collect, [])
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

program
  .command('status')
  .description('show a run while it goes or after: queues per host, the interval in force and why, leases, paused hosts, workers, counts')
  .option('--frontier <url>', 'a shared frontier, redis://host:port (default: the embedded frontier of the storage directory)')
  .option('--storage <dir>', 'the embedded files\' directory (storage.dir)')
  .option('--config <file>', 'project settings file (the configured intervals)')
  .option('--run <id>', 'the run (default: the latest run of --spider, else the latest run of any spider)')
  .option('--spider <name>', 'the spider whose latest run to show')
  .option('--json', 'print the status as one JSON object')
  .action(async (opts) => {
    const { statusCommand } = await import('./status-command');
    process.exitCode = await statusCommand(opts);
  });

program
  .command('version')
  .description('print pricecrawl\'s version, as `scrapy version`; -v adds Node\'s and its parts\' versions and the platform, for a bug report')
  .option('-v, --verbose', 'also the versions of Node and the parts pricecrawl runs on, and the platform')
  .action(async (opts: { verbose?: boolean }) => {
    const { versionText } = await import('./version-command');
    process.stdout.write(versionText(opts.verbose === true));
  });

program
  .command('list')
  .description('list the registered spiders')
  .action(async () => {
    const { listCommand } = await import('./list-command');
    process.exitCode = await listCommand();
  });

program
  .command('settings')
  .description('print the settings a crawl would run with (as `scrapy settings --get`): the project file, the spider\'s own (--spider), the environment and -s; secrets masked')
  .option('--get <key>', 'one setting or section, by its dotted path (politeness.minIntervalMs)')
  .option('--spider <name>', 'include this spider\'s own settings (name or ./path/to/spider.ts)')
  .option('-a, --arg <key=value>', 'spider argument (repeatable)', collect, [])
  .option('-s, --set <key=value>', 'override a setting (repeatable)', collect, [])
  .option('--config <file>', 'project settings file')
  .action(async (opts) => {
    const { settingsCommand } = await import('./settings-command');
    process.exitCode = await settingsCommand(opts);
  });

program
  .command('demo')
  .description('start the bundled demo shops on loopback, crawl them politely, print the summary, write SQLite')
  .option('--storage <dir>', 'storage directory (default: the storage.dir setting, ./crawl-storage)')
  .option('--store <url>', STORE_HELP)
  .option('-s, --set <key=value>', 'override a setting (repeatable)', collect, [])
  .option('--drift', 'drift mode: a third of the locale shop\'s pages lose their price markup (null-price alarm) and the JSON-LD shop\'s listings change template from page 3 (listing-drop alarm)')
  .option('--price-shift <n>', 'price-change round: run again with another n to see `pricecrawl changes`', (v) => Number.parseInt(v, 10))
  .option('--serve', 'only serve the shops (no crawl) until Ctrl-C, e.g. to follow docs/spider-authoring.md')
  .option('--port <n>', 'with --serve: fixed ports n (JSON-LD), n+1 (microdata), n+2 (locale), n+3 (JS)', (v) => Number.parseInt(v, 10))
  .action(async (opts) => {
    if (opts.serve) {
      const { demoServe } = await import('./demo-serve');
      process.exitCode = await demoServe(opts);
      return;
    }
    const { demoCommand } = await import('./demo-command');
    process.exitCode = await demoCommand(opts);
  });

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

program
  .command('fetch')
  .description('fetch one URL as the crawler would and print status, headers, size and a digest (or the HTML)')
  .argument('<url>', 'absolute http(s) URL')
  .option('--browser', 'render it in Chromium (the browser fetcher) instead of plain HTTP')
  .option('--html', 'print the (rendered) HTML instead of the digest')
  .option('--capture <pattern>', 'with --browser: also print XHR/fetch responses whose URL contains this (repeatable)', collect, [])
  .option('--wait-for <selector>', 'with --browser: wait until this CSS selector is in the DOM')
  .option('-s, --set <key=value>', 'override a setting (repeatable)', collect, [])
  .option('--config <file>', 'project settings file')
  .option('--save <spider/name>', 'record the page (exact bytes + headers) as the contract fixture spiders/fixtures/<spider>/<name>.{html,json}')
  .option('--callback <name>', 'with --save: the spider callback the fixture runs (default parse)')
  .option('--meta <json>', 'with --save: the request meta the callback reads, as a JSON object')
  .option('--spider <name>', "the spider the project's downloader middlewares see, with its settings (default: one named `default`)")
  .option('-a, --arg <key=value>', 'with --save or --spider: spider argument (repeatable)', collect, [])
  .option('--root <dir>', 'project root holding spiders/ (default: the project the current folder is in)')
  .action(async (url: string, opts) => {
    const { fetchCommand } = await import('./fetch-command');
    process.exitCode = await fetchCommand(url, opts);
  });

program
  .command('parse')
  .description('fetch one URL as the spider would, run one callback on it, print its items (after the pipeline, drops with reasons) and requests; saves nothing')
  .argument('<url>', 'absolute http(s) URL')
  .option('-c, --callback <name>', 'the spider callback to run', 'parse')
  .option('--spider <name>', 'spider name or ./path/to/spider.ts (default: the registered spider whose allowedDomains take the URL)')
  .option('-a, --arg <key=value>', 'spider argument (repeatable)', collect, [])
  .option('--meta <json>', 'the request meta the callback reads, as a JSON object')
  .option('-s, --set <key=value>', 'override a setting (repeatable)', collect, [])
  .option('--config <file>', 'project settings file')
  .action(async (url: string, opts) => {
    const { parseCommand } = await import('./parse-command');
    process.exitCode = await parseCommand(url, opts);
  });

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

program
  .command('report')
  .description('write a run\'s self-contained HTML report: requests over time per host (429s marked), latency, items and drops, price changes')
  .argument('<runId>', 'the run (see `pricecrawl runs`)')
  .option('-o, --output <file>', 'the HTML file to write (default ./report-<runId>.html)')
  .option('--storage <dir>', 'storage directory (default: the storage.dir setting, ./crawl-storage)')
  .option('--store <url>', STORE_HELP)
  .option('--frontier <url>', 'the shared frontier the run ran on, redis://host:port (default: the one its settings snapshot names)')
  .option('--config <file>', 'project settings file')
  .action(async (runId: string, opts) => {
    const { reportCommand } = await import('./report-command');
    process.exitCode = await reportCommand(runId, opts);
  });

program
  .command('export')
  .description('write a past run\'s items from the store to feed files (JSONL, JSON, CSV, XML), with rawHash, scrapedAt, runId, source')
  .argument('[runId]', 'the run (see `pricecrawl runs`); or --spider <name> --latest')
  .option('--spider <name>', 'with --latest: the spider whose latest run to export')
  .option('--latest', 'the latest run of --spider')
  .option('-o, --output <file[:format]>', 'append to this feed (repeatable)', collect, [])
  .option('-O, --overwrite-output <file[:format]>', 'overwrite this feed (repeatable)', collect, [])
  .option('--storage <dir>', 'storage directory (default: the storage.dir setting, ./crawl-storage)')
  .option('--store <url>', STORE_HELP)
  .option('--config <file>', 'project settings file')
  .action(async (runId: string | undefined, opts) => {
    const { exportCommand } = await import('./export-command');
    process.exitCode = await exportCommand(runId, opts);
  });

program
  .command('startproject')
  .description('write a new project (package.json depending on this pricecrawl, config, an example spider, middleware, sink and extension)')
  .argument('<dir>', 'the new project folder (must not exist or be empty)')
  .action(async (dir: string) => {
    const { startprojectCommand } = await import('./startproject-command');
    process.exitCode = await startprojectCommand(dir);
  });

program
  .command('genspider')
  .description('write a typed spider into spiders/, register it, and write contract stubs into spiders/fixtures/<name>/')
  .argument('<name>', 'spider name, kebab-case (acme-shop)')
  .argument('<domain>', 'the site: host, host:port or start URL (shop.example, 127.0.0.1:8081)')
  .addOption(new Option('--template <template>', 'spider template').choices(['basic', 'browser', 'structured', 'rate-matrix', 'api', 'sitemap']).default('basic'))
  .option('--root <dir>', 'project root holding spiders/ (default: the project the current folder is in)')
  .action(async (name: string, domain: string, opts) => {
    const { genspiderCommand } = await import('./genspider-command');
    process.exitCode = await genspiderCommand(name, domain, opts);
  });

program
  .command('shell')
  .description('an interactive REPL with a fetched or saved page bound: res, $ (cheerio), res.json(), parsePrice, Decimal')
  .argument('<target>', 'an http(s) URL, a saved fixture (spiders/fixtures/<spider>/<name>.html) or any HTML file')
  .option('--browser', 'render the URL in Chromium first')
  .option('--url <url>', 'for a plain HTML file: the URL its links resolve against')
  .option('--spider <name>', "the spider the project's downloader middlewares see, with its settings (default: one named `default`)")
  .option('-a, --arg <key=value>', 'with --spider: spider argument (repeatable)', collect, [])
  .option('-s, --set <key=value>', 'override a setting (repeatable)', collect, [])
  .action(async (target: string, opts) => {
    const { shellCommand } = await import('./shell-command');
    process.exitCode = await shellCommand(target, opts);
  });

program
  .command('check')
  .description('run spider contracts offline against saved fixture pages (spiders/fixtures/<spider>/); exit 1 on a failure')
  .argument('[spider]', 'only this spider')
  .option('-s, --set <key=value>', 'override a setting (repeatable)', collect, [])
  .option('--config <file>', 'project settings file')
  .option('--root <dir>', 'project root holding spiders/ (default: the project the current folder is in)')
  .action(async (spider: string | undefined, opts) => {
    const { checkCommand } = await import('./check-command');
    process.exitCode = await checkCommand(spider, opts);
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  reportCommandFailure(error);
}
