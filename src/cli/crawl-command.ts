// `pricecrawl crawl <spider>`: settings, logger, signals, the crawl, the summary and the exit code.
import { SettingsError } from '../core/errors';
import { runCrawl } from '../app/crawl/run-crawl';
import { continueHint } from '../app/crawl/run-refusals';
import { feedSpecs } from '../app/export/feed-spec';
import { exitCodeFor } from '../engine/run-summary';
import { formatSummary } from './summary-text';
import type { CrawlEngine } from '../engine/crawl-engine';
import { loadSettings } from '../settings/load-settings';
import { LiveProgress } from '../app/crawl/live-progress';
import { createLogger } from '../log/logger';
import { maskSecretsInText } from '../core/mask-secrets';
import { onShutdownSignals } from './signals';
import { storeCliPairs } from './store-options';
import { loadSpiderClass } from './spider-loader';
import { parsePairs } from './key-value-pairs';
import { readStdinOptions } from '../app/crawl/stdin-options';
import { checkStartUrls, unknownCallbackMessages } from './spider-mistakes';
import { parseProcessSlot, refuseSharedFrontier, type ForkedCrawlProcesses } from './crawl-processes-cli';
import { makeSpider } from '../core/make-spider';

export interface CrawlCommandOptions {
  set: string[];
  arg: string[];
  /** `-o file[:format]` (repeatable): feeds appended to. */
  output?: string[];
  /** `-O file[:format]` (repeatable): feeds overwritten. */
  overwriteOutput?: string[];
  /** `--report [file]`: true for the default path. */
  report?: string | boolean;
  storage?: string;
  store?: string;
  config?: string;
  resume?: boolean;
  full?: boolean;
  due?: boolean;
  /** `--due-until <ISO time>`: with --due, also plan what falls due before then. */
  dueUntil?: string;
  logLevel?: string;
  /** `--log-file <file>`: same as -s log.file=<file>. */
  logFile?: string;
  /** Shared frontier URL (redis://…); same as -s frontier.url=<url>. */
  frontier?: string;
  /** Run id to create, continue or (worker) join. */
  run?: string;
  /** `--processes <n|auto>`: crawl processes sharing the embedded frontier. */
  processes?: string;
  /** `--process-slot k/n` (internal): this is process k of n, started by the first one on `run`. */
  processSlot?: string;
  /** `--cache`: same as -s cache.enabled=true (development: answers replayed from disk). */
  cache?: boolean;
  /** `--options-stdin` (internal): spider arguments, -s pairs and the store also on stdin (stdin-options.ts). */
  optionsStdin?: boolean;
}

/**
 * `join`: `pricecrawl worker`, which joins a run another process seeds instead of starting one.
 * `processes`: `--processes N`, the others already forked (main.ts); let go if this one fails to start.
 */
export async function crawlCommand(spiderName: string, opts: CrawlCommandOptions, join = false, processes?: ForkedCrawlProcesses): Promise<number> {
  try {
    return await crawlWith(spiderName, opts, join, processes);
  } catch (error) {
    processes?.release();
    throw error;
  }
}

async function crawlWith(spiderName: string, commandLine: CrawlCommandOptions, join: boolean, processes: ForkedCrawlProcesses | undefined): Promise<number> {
  const { opts, stdinArgs } = await withStdinOptions(commandLine);
  const dueUntil = dueUntilMs(opts);
  const SpiderClass = await loadSpiderClass(spiderName);
  const spider = makeSpider(SpiderClass, { ...stdinArgs, ...parsePairs(opts.arg, '-a') }, spiderName);
  // Named once the spider is known (%(name)s, %(time)s); an unsupported format is still refused before anything starts.
  const feeds = feedSpecs(opts.output, opts.overwriteOutput, { name: spider.name, time: new Date() });
  checkStartUrls(spider);
  const cliPairs = [...opts.set];
  cliPairs.push(...storeCliPairs(opts));
  if (opts.logLevel) cliPairs.push(`log.level=${opts.logLevel}`);
  if (opts.logFile) cliPairs.push(`log.file=${opts.logFile}`);
  if (opts.frontier) cliPairs.push(`frontier.url=${opts.frontier}`);
  if (opts.cache) cliPairs.push('cache.enabled=true');
  const processSlot = parseProcessSlot(opts.processSlot);
  const loaded = loadSettings({ configPath: opts.config, spiderSettings: spider.settings, cliPairs });
  refuseSharedFrontier(processes, loaded.settings.frontier.url);
  // A worker's frontier may come from the environment or the config file: a password on the command line is shown by ps.
  if (join && !loaded.settings.frontier.url) throw new SettingsError('worker: no shared frontier: pass --frontier redis://host:port, or set frontier.url (PRICECRAWL_FRONTIER__URL, the config file)');
  // --due and --full are the scheduler's runs: their prices feed the history and the catalog, which old pages must not.
  if (loaded.settings.cache.enabled && (opts.due || opts.full)) {
    throw new SettingsError(`cache.enabled replays stored answers, so a --${opts.due ? 'due' : 'full'} run would record old pages as today's prices; run it without the cache (cache.enabled is for developing a spider)`);
  }
  const live = processSlot ? null : LiveProgress.forTerminal(loaded.settings);
  const log = createLogger({ ...loaded.settings.log, prettyDestination: live?.logStream });
  let engine: CrawlEngine | null = null;
  const stopListening = onShutdownSignals((signal) => engine?.stop(signal));
  try {
    const summary = await runCrawl({
      spider, loaded, log, resume: opts.resume, mode: opts.full ? 'full' : opts.due ? 'due' : 'discover', dueUntilMs: dueUntil, runId: opts.run, join, feeds, onEngine: (e) => (engine = e),
      observers: live ? [live.observer(spider.name)] : [], processes, processSlot,
    }).finally(() => live?.stop());
    log.flush();
    // A process the first one started reports through it: the summary is the whole run's, printed there.
    if (processSlot) return 0;
    process.stdout.write(`\n${formatSummary(summary)}\n`);
    if (opts.report) {
      const { writeReport } = await import('../app/report/write-report');
      const path = await writeReport({ ...loaded.settings.storage, frontierUrl: loaded.settings.frontier.url }, summary.runId, typeof opts.report === 'string' ? opts.report : undefined);
      process.stdout.write(`\nreport written: ${path}\n`);
    }
    if (summary.status === 'interrupted' || (summary.status === 'stopped' && summary.ledger.pending > 0)) process.stdout.write(`\nwork is left: continue with  ${continueHint(spiderName, summary.runId, loaded.settings.frontier.url)}\n`);
    const mistakes = unknownCallbackMessages(spider, summary);
    for (const message of mistakes) process.stderr.write(`pricecrawl: ${message}\n`);
    // A callback name that does not exist exits 2 (exitCodeFor), the code the run record holds too.
    return exitCodeFor(summary);
  } finally {
    stopListening();
  }
}

/** What the parent passed on stdin, under what the command line says (its -s pairs come later, so they win). */
async function withStdinOptions(opts: CrawlCommandOptions): Promise<{ opts: CrawlCommandOptions; stdinArgs: Record<string, string> }> {
  if (!opts.optionsStdin) return { opts, stdinArgs: {} };
  const given = await readStdinOptions();
  return { opts: { ...opts, set: [...given.set, ...opts.set], store: opts.store ?? given.store }, stdinArgs: given.args };
}



/** `--due-until`: an ISO time, only beside --due (a plain or --full run plans no due set it could widen). */
function dueUntilMs(opts: CrawlCommandOptions): number | undefined {
  if (opts.dueUntil === undefined) return undefined;
  const atMs = Date.parse(opts.dueUntil);
  if (!opts.due) throw new SettingsError('crawl --due-until: only with --due (it widens the due set to what falls due before that time)');
  if (Number.isNaN(atMs)) throw new SettingsError(`crawl --due-until: "${opts.dueUntil}" is no ISO date and time (e.g. 2026-12-05T22:15:00Z)`);
  return atMs;
}
