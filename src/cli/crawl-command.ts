// `pricecrawl crawl <spider>`: settings, logger, signals, the crawl, the summary and the exit code.
import { runCrawl } from '../crawl/run-crawl';
import { exitCodeFor, formatSummary } from '../engine/run-summary';
import type { CrawlEngine } from '../engine/crawl-engine';
import { loadSettings } from '../settings/load-settings';
import { createLogger } from '../log/logger';
import { onShutdownSignals } from './signals';
import { storeCliPairs } from './store-options';
import { loadSpiderClass, parsePairs } from './spider-loader';

export interface CrawlCommandOptions {
  set: string[];
  arg: string[];
  output?: string;
  storage?: string;
  store?: string;
  config?: string;
  resume?: boolean;
  full?: boolean;
  due?: boolean;
  logLevel?: string;
  /** Shared frontier URL (redis://…); same as -s frontier.url=<url>. */
  frontier?: string;
  /** Run id to create, continue or (worker) join. */
  run?: string;
}

/** `join`: `pricecrawl worker`, which joins a run another process seeds instead of starting one. */
export async function crawlCommand(spiderName: string, opts: CrawlCommandOptions, join = false): Promise<number> {
  const SpiderClass = await loadSpiderClass(spiderName);
  const spider = new SpiderClass(parsePairs(opts.arg, '-a'));
  const cliPairs = [...opts.set];
  cliPairs.push(...storeCliPairs(opts));
  if (opts.logLevel) cliPairs.push(`log.level=${opts.logLevel}`);
  if (opts.frontier) cliPairs.push(`frontier.url=${opts.frontier}`);
  const loaded = loadSettings({ configPath: opts.config, spiderSettings: spider.settings, cliPairs });
  const log = createLogger(loaded.settings.log);
  let engine: CrawlEngine | null = null;
  const stopListening = onShutdownSignals((signal) => engine?.stop(signal));
  try {
    const summary = await runCrawl({ spider, loaded, log, resume: opts.resume, mode: opts.full ? 'full' : opts.due ? 'due' : 'discover', runId: opts.run, join, outputPath: opts.output, onEngine: (e) => (engine = e) });
    log.flush();
    process.stdout.write(`\n${formatSummary(summary)}\n`);
    if (summary.status === 'interrupted') process.stdout.write(`\nwork is left: continue with  ${continueHint(spiderName, summary.runId, loaded.settings.frontier.url)}\n`);
    return exitCodeFor(summary);
  } finally {
    stopListening();
  }
}

function continueHint(spider: string, runId: string, frontierUrl: string): string {
  if (frontierUrl === '') return `pricecrawl crawl ${spider} --resume`;
  return `pricecrawl worker ${spider} --frontier ${frontierUrl} --run ${runId}`;
}
