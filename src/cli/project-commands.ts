// The command lines for writing a project's spiders: fetch, parse, settings, startproject, genspider, shell, check.
import { Option, type Command } from 'commander';
import { collect } from './command-options';
import { TEMPLATE_NAMES } from '../app/scaffold/template-names';

export function addFetchCommand(program: Command): void {
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
}

export function addParseCommand(program: Command): void {
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
}

export function addStartprojectCommand(program: Command): void {
  program
    .command('startproject')
    .description('write a new project (package.json depending on this pricecrawl, config, an example spider, middleware, sink and extension)')
    .argument('<dir>', 'the new project folder (must not exist or be empty)')
    .action(async (dir: string) => {
      const { startprojectCommand } = await import('./startproject-command');
      process.exitCode = await startprojectCommand(dir);
    });
}

export function addGenspiderCommand(program: Command): void {
  program
    .command('genspider')
    .description('write a typed spider into spiders/, register it, and write contract stubs into spiders/fixtures/<name>/')
    .argument('<name>', 'spider name, kebab-case (acme-shop)')
    .argument('<domain>', 'the site: host, host:port or start URL (shop.example, 127.0.0.1:8081)')
    .addOption(new Option('--template <template>', 'spider template').choices(TEMPLATE_NAMES).default('basic'))
    .option('--root <dir>', 'project root holding spiders/ (default: the project the current folder is in)')
    .action(async (name: string, domain: string, opts) => {
      const { genspiderCommand } = await import('./genspider-command');
      process.exitCode = await genspiderCommand(name, domain, opts);
    });
}

export function addShellCommand(program: Command): void {
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
}

export function addCheckCommand(program: Command): void {
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
}

export function addSettingsCommand(program: Command): void {
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
}
