// `pricecrawl parse <url> --callback name`: one page fetched as the spider would, its callback run, what it yields printed; nothing saved.
import { SettingsError } from '../core/errors';
import { credentialsSentFor, withoutCredentials } from '../core/sent-credentials';
import { CrawlRequest } from '../core/request';
import type { Spider } from '../core/spider';
import { isAllowedUrl } from '../downloader/offsite-rules';
import { runCallbackDry, type FixtureOutcome } from '../app/contracts/run-fixture';
import { fetchOnce } from '../app/fetch/fetch-once';
import { throughProjectMiddlewares } from './one-off-middlewares';
import { fetchModeResolver } from '../fetch/fetch-router';
import { hostKeyOf } from '../politeness/host-key';
import { loadSettings } from '../settings/load-settings';
import { toJsonValue } from '../pipeline/json-value';
import { findProject } from '../app/project/find-project';
import { loadSpiderRegistry } from '../app/project/spider-registry';
import { parseMeta } from './fetch-command';
import { loadSpiderClass } from './spider-loader';
import { parsePairs } from './key-value-pairs';
import { shownLines, terminalSafeJson } from './terminal-text';
import { urlArgument } from './url-argument';
import { makeSpider } from '../core/make-spider';

export interface ParseCommandOptions {
  callback: string;
  spider?: string;
  arg: string[];
  set: string[];
  config?: string;
  /** The request's meta as JSON, as the callback that links here would set it. */
  meta?: string;
}

export async function parseCommand(url: string, opts: ParseCommandOptions): Promise<number> {
  urlArgument('parse', url);
  const args = parsePairs(opts.arg, '-a');
  const spider = opts.spider ? makeSpider(await loadSpiderClass(opts.spider), args, opts.spider) : await spiderForUrl(url, args);
  const { settings } = loadSettings({ configPath: opts.config, spiderSettings: spider.settings, cliPairs: opts.set });
  const request = new CrawlRequest({ url, callback: opts.callback, meta: parseMeta(opts.meta) });
  const mode = fetchModeResolver(settings, spider.fetchMode, (u) => hostKeyOf(u, settings.politeness.hostKey))(request);
  const response = await fetchOnce(settings, request, mode, await throughProjectMiddlewares(settings, spider, 'parse'));
  // A redirect may have moved a token the fetch sent under a plain name (`?auth=…` → `?x=…`): not shown either.
  const sent = credentialsSentFor(response, settings.http.headers);
  process.stdout.write(withoutCredentials(`${shownLines([`${response.status} ${response.url}  (${response.fetchMode}, ${response.body.length} bytes) → ${spider.name}.${opts.callback}()`])}\n`, sent));
  const outcome = await runCallbackDry(spider, response, settings, 'parse', findProject().root);
  process.stdout.write(withoutCredentials(formatOutcome(outcome), sent));
  return outcome.error ? 1 : 0;
}

/** The registered spider whose allowedDomains take the URL (as `scrapy parse` guesses); asks for --spider when none or several do. */
async function spiderForUrl(url: string, args: Record<string, string>): Promise<Spider> {
  const matches: Spider[] = [];
  const registry = await loadSpiderRegistry(findProject());
  for (const SpiderClass of registry.names().map((name) => registry.find(name))) {
    let spider: Spider;
    try {
      spider = new SpiderClass(args);
    } catch {
      continue; // needs arguments this call does not give: it cannot be the one meant
    }
    if (spider.allowedDomains.length > 0 && isAllowedUrl(url, spider.allowedDomains)) matches.push(spider);
  }
  if (matches.length === 1) return matches[0];
  const which = matches.length === 0 ? 'no registered spider allows this host' : `several spiders allow this host (${matches.map((s) => s.name).join(', ')})`;
  throw new SettingsError(`parse ${url}: ${which}; name one with --spider <name|file.ts>`);
}

/** JSON on one line, with the controls JSON leaves raw (C1, DEL, bidi overrides) escaped too: the same value, safe to print. */
function line(value: unknown): string {
  return terminalSafeJson(JSON.stringify(toJsonValue(value)));
}

/** A dropped item, and under it the stage's detail (on its one line, as every entry: see formatOutcome). */
function dropLines({ item, reason, detail }: FixtureOutcome['droppedItems'][number]): string[] {
  return [`  ${reason}: ${line(item)}`, ...(detail ? [`    ${detail.trim()}`] : [])];
}

export function formatOutcome(outcome: FixtureOutcome): string {
  const out: string[] = [''];
  out.push(`items after the pipeline (${outcome.items.length}):`, ...outcome.items.map((item) => `  ${line(item)}`));
  const byMiddleware = Object.entries(outcome.spiderMiddlewares);
  if (byMiddleware.length > 0) out.push('', `spider middlewares: ${byMiddleware.map(([what, n]) => `${what} ${n}`).join(', ')}`);
  if (outcome.droppedItems.length > 0) out.push('', `dropped by the pipeline (${outcome.droppedItems.length}):`, ...outcome.droppedItems.flatMap(dropLines));
  out.push('', `requests (${outcome.requests.length}):`, ...outcome.requests.map((r) => `  ${r.callback}  ${r.method} ${r.url}${r.errback === null ? '' : `  errback ${r.errback}`}${Object.keys(r.meta).length > 0 ? `  meta ${line(r.meta)}` : ''}`));
  const skipped = Object.entries(outcome.skippedLinks);
  if (skipped.length > 0) out.push('', `links skipped: ${skipped.map(([reason, n]) => `${reason} ${n}`).join(', ')}`);
  if (outcome.error) out.push('', `callback failed (${outcome.error.reason}): ${outcome.error.message}`);
  // A callback's error often quotes the page (`no price in "…"`), line breaks and all: each entry stays on its
  // line, so the page cannot print a list of items of its own. The requests and dropped items name URLs as the
  // spider built them, tokens and all: masked.
  return `${shownLines(out)}\n`;
}
