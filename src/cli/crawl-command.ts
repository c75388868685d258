// `pricecrawl crawl <spider>`: settings, logger, signals, the crawl, the summary and the exit code.
import { runCrawl } from '../crawl/run-crawl';
import { exitCodeFor, formatSummary } from '../engine/run-summary';
import type { CrawlEngine } from '../engine/crawl-engine';
import { loadSettings } from '../settings/load-settings';
import { createLogger } from '../log/logger';
import { onShutdownSignals } from './signals';
import { loadSpiderClass, parsePairs } from './spider-loader';

export interface CrawlCommandOptions {
  set: string[];
  arg: string[];
  output?: string;
  storage?: string;
  config?: string;
  resume?: boolean;
  full?: boolean;
  due?: boolean;
  runId?: string;
  logLevel?: string;
}

export async function crawlCommand(spiderName: string, opts: CrawlCommandOptions): Promise<number> {
  const SpiderClass = await loadSpiderClass(spiderName);
  const spider = new SpiderClass(parsePairs(opts.arg, '-a'));
  const cliPairs = [...opts.set];
  if (opts.storage) cliPairs.push(`storage.dir=${opts.storage}`);
  if (opts.logLevel) cliPairs.push(`log.level=${opts.logLevel}`);
  const loaded = loadSettings({ configPath: opts.config, spiderSettings: spider.settings, cliPairs });
  const log = createLogger(loaded.settings.log);
  let engine: CrawlEngine | null = null;
  const stopListening = onShutdownSignals((signal) => engine?.stop(signal));
  try {
    const summary = await runCrawl({ spider, loaded, log, resume: opts.resume, mode: opts.full ? 'full' : opts.due ? 'due' : 'discover', runId: opts.runId, outputPath: opts.output, onEngine: (e) => (engine = e) });
    log.flush();
    process.stdout.write(`\n${formatSummary(summary)}\n`);
    if (summary.status === 'interrupted') process.stdout.write(`\nwork is left: continue with  pricecrawl crawl ${spiderName} --resume\n`);
    return exitCodeFor(summary);
  } finally {
    stopListening();
  }
}
