// The `pricecrawl` command line: parses arguments, runs a command, turns known errors into one clear line.
import { Command } from 'commander';
import { collect, STORE_HELP } from './command-options';
import { ignoreClosedPipes } from './closed-pipe';
import { reportCrashesSafely } from './crash-output';
import { ignoreFileSizeSignal } from './file-size-limit';
import { reportCommandFailure } from './report-failure';
import { shownText } from './terminal-text';
import { pricecrawlVersion } from './version-command';
import { addCrawlCommand, addWorkerCommand, addStatusCommand, addScheduleCommand } from './run-commands';
import { addRawCommand, addChangesCommand, addRunsCommand, addReportCommand, addExportCommand } from './store-commands';
import { addFetchCommand, addParseCommand, addSettingsCommand, addStartprojectCommand, addGenspiderCommand, addShellCommand, addCheckCommand } from './project-commands';

reportCrashesSafely();
ignoreClosedPipes();
ignoreFileSizeSignal();

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

addCrawlCommand(program);
addWorkerCommand(program);
addStatusCommand(program);

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

addSettingsCommand(program);

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

addRawCommand(program);
addChangesCommand(program);
addFetchCommand(program);
addParseCommand(program);
addScheduleCommand(program);
addRunsCommand(program);
addReportCommand(program);
addExportCommand(program);
addStartprojectCommand(program);
addGenspiderCommand(program);
addShellCommand(program);
addCheckCommand(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  reportCommandFailure(error);
}
