// The crawl as a library call: what `pricecrawl crawl` does, for a program that holds its spider class itself.
import { PricecrawlError } from '../../core/errors';
import type { Spider, SpiderClass } from '../../core/spider';
import { exitCodeFor, type RunSummary } from '../../engine/run-summary';
import type { CrawlEngine } from '../../engine/crawl-engine';
import { createLogger } from '../../log/logger';
import { loadSettings } from '../../settings/load-settings';
import type { SettingsOverrides } from '../../settings/schema';
import { feedSpecs } from '../export/feed-spec';
import type { CrawlMode } from '../schedule/run-seeds';
import { makeSpider } from '../../core/make-spider';

export interface RunCrawlOptions {
  /** The spider's class (made with `args`, as `-a` makes it) or a spider already made. */
  spider: SpiderClass | Spider;
  /** The spider's arguments, as `-a key=value` gives them (`this.args`). Only with a class. */
  args?: Readonly<Record<string, string>> | undefined;
  /** The top settings layer, as `-s` is on the command line: over the config file, the spider's settings and the environment. */
  settings?: SettingsOverrides | undefined;
  /** A config file to read instead of the nearest `pricecrawl.config.json` from the current folder up (`--config`). */
  configPath?: string | undefined;
  /** Feeds appended to, as `-o file[:format]`. */
  output?: readonly string[] | undefined;
  /** Feeds overwritten, as `-O file[:format]`. */
  overwriteOutput?: readonly string[] | undefined;
  /** Continue the spider's latest unfinished run (`--resume`). */
  resume?: boolean | undefined;
  /** `discover` (default: the start requests), `full` or `due` (`--full`, `--due`). */
  mode?: CrawlMode | undefined;
  /** Create or continue this run id (`--run`). */
  runId?: string | undefined;
  /** Aborting stops the crawl as Ctrl-C does: in-flight requests finish, the rest stays queued for `resume`. */
  signal?: AbortSignal | undefined;
}

export interface CrawlResult {
  summary: RunSummary;
  /** The exit code `pricecrawl crawl` would give this run (0 clean; see the README's CLI table). */
  exitCode: number;
}

/**
 * Settings are layered as for the command (defaults < config file < the spider's < environment < `settings`),
 * the project's components are the current folder's project's, and the logs go where the CLI's go (stderr).
 * A usage mistake rejects with a PricecrawlError whose message names the fix, as the command prints it.
 */
export async function runCrawl(options: RunCrawlOptions): Promise<CrawlResult> {
  const spider = spiderOf(options);
  const feeds = feedSpecs([...(options.output ?? [])], [...(options.overwriteOutput ?? [])], { name: spider.name, time: new Date() });
  const loaded = loadSettings({ configPath: options.configPath, spiderSettings: spider.settings, programSettings: options.settings });
  const log = createLogger(loaded.settings.log);
  let engine: CrawlEngine | null = null;
  const stop = () => engine?.stop('aborted');
  options.signal?.addEventListener('abort', stop, { once: true });
  // An abort before the engine exists stops it as soon as it does: the run opens, keeps its queue, and ends interrupted.
  const onEngine = (made: CrawlEngine) => {
    engine = made;
    if (options.signal?.aborted) stop();
  };
  try {
    // Loaded on the call, not with the package: a program that imports pricecrawl for its types or Spider loads no crawl machinery.
    const { runCrawl: runAssembledCrawl } = await import('./run-crawl');
    const summary = await runAssembledCrawl({ spider, loaded, log, resume: options.resume, mode: options.mode, runId: options.runId, feeds, onEngine });
    return { summary, exitCode: exitCodeFor(summary) };
  } finally {
    options.signal?.removeEventListener('abort', stop);
    log.flush();
  }
}

/** A class is made with the arguments; its constructor refusing them is the spider's start failure, as `-a` is. */
function spiderOf(options: RunCrawlOptions): Spider {
  if (typeof options.spider !== 'function') {
    if (options.args) throw new PricecrawlError('USAGE', `runCrawl: args are given to a spider's constructor; pass the class (spider: ${options.spider.constructor.name}) with args, or make the spider with them yourself`);
    return options.spider;
  }
  return makeSpider(options.spider, options.args ?? {});
}
