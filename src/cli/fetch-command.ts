// `pricecrawl fetch <url> [--browser]`: one request through the crawler's fetcher; prints what a spider would see.
import type { BrowserRequestOptions } from '../core/browser-options';
import { CrawlRequest } from '../core/request';
import type { CrawlResponse } from '../core/response';
import { SettingsError } from '../core/errors';
import type { JsonObject } from '../core/json';
import { maskSecrets } from '../core/mask-secrets';
import { credentialsSentFor, withoutCredentials } from '../core/sent-credentials';
import { fetchOnce } from '../app/fetch/fetch-once';
import { namedSpider, throughProjectMiddlewares } from './one-off-middlewares';
import { loadSettings } from '../settings/load-settings';
import { findProject } from '../app/project/find-project';
import { recordFixture } from '../app/contracts/record-fixture';
import { parsePairs } from './key-value-pairs';
import { binaryDigest, isBinaryBody, shownLines, shownText, terminalLine } from './terminal-text';
import { urlArgument } from './url-argument';

export interface FetchCommandOptions {
  browser?: boolean;
  html?: boolean;
  capture: string[];
  waitFor?: string;
  set: string[];
  config?: string;
  /** `<spider>/<name>`: record the page as a contract fixture of that spider. */
  save?: string;
  /** With `save`: the callback the fixture runs (default parse). */
  callback?: string;
  /** With `save`: the request's meta as JSON, as the previous callback would set it. */
  meta?: string;
  /** With `save`: spider arguments (`key=value`); with `spider`, its arguments. */
  arg: string[];
  /** The spider the project's middlewares see (name or file), with its settings; default a spider named `default`. */
  spider?: string;
  root?: string;
}

export async function fetchCommand(url: string, opts: FetchCommandOptions): Promise<number> {
  urlArgument('fetch', url);
  // A page recorded for a spider is fetched as that spider's: its settings, and the spider its middlewares see.
  const spider = await namedSpider(opts.spider ?? savedFor(opts.save), parsePairs(opts.arg, '-a'), opts.root);
  const { settings } = loadSettings({ cliPairs: opts.set, configPath: opts.config, spiderSettings: spider?.settings });
  const browser: BrowserRequestOptions = { capture: opts.capture, ...(opts.waitFor ? { waitFor: { selector: opts.waitFor } } : {}) };
  const request = new CrawlRequest({ url, browser, callback: opts.callback ?? 'parse', meta: parseMeta(opts.meta) });
  const res = await fetchOnce(settings, request, opts.browser ? 'browser' : 'http', await throughProjectMiddlewares(settings, spider, 'fetch'));
  if (opts.save) return await saveAsFixture(res, opts.save, opts);
  // What the server quotes back of the credentials the fetch sent (an echo service's body and headers) is not shown.
  process.stdout.write(withoutCredentials(opts.html ? htmlOf(res) : digest(res), credentialsSentFor(res, settings.http.headers)));
  return res.status < 400 ? 0 : 1;
}

/**
 * `--html`: the page as text, never a binary body's bytes; shown as the digest is (shownText): a page may echo
 * the URL it was asked for with its credentials, or an API's error body quote a password.
 */
function htmlOf(res: CrawlResponse): string {
  if (isBinaryBody(res.body, res.header('content-type') ?? '')) return `${binaryDigest(res.body)}\n`;
  return shownText(res.text);
}

/**
 * Status, headers, size and hash, then a readable digest of the page instead of its whole HTML.
 * Everything in it came from the server: it is stripped of escape sequences before it is printed, and the
 * URLs in it (the one asked for, each redirect) lose their credentials and tokens.
 */
export function digest(res: CrawlResponse): string {
  return shownText(digestLines(res));
}

function digestLines(res: CrawlResponse): string {
  const lines = [`${res.status} ${res.url}  (${res.fetchMode}, ${res.body.length} bytes, ${res.encoding}, ${res.timings.finishedAtMs - res.timings.startedAtMs} ms)`];
  if (res.redirectChain.length > 0) lines.push(`redirects: ${res.redirectChain.join(' → ')}`);
  lines.push(`rawHash: ${res.rawHash}`, '', 'headers:');
  // Secret-named headers by name (the shop's Set-Cookie session for us), as the logger and a saved fixture show them.
  for (const [name, value] of Object.entries(maskSecrets(res.headers)).sort(([a], [b]) => a.localeCompare(b))) lines.push(`  ${name}: ${Array.isArray(value) ? value.join(' | ') : value}`);
  const contentType = res.header('content-type') ?? '';
  if (isBinaryBody(res.body, contentType) && res.fetchMode !== 'browser') {
    lines.push('', `body: ${binaryDigest(res.body)}`);
  } else if (/html/i.test(contentType) || res.fetchMode === 'browser') {
    const $ = res.$;
    // A copy of the body loses its scripts, not the page: `res.$` is the response's own cached DOM, which
    // the shell hands on (and res.structuredProduct() reads its JSON-LD scripts).
    const body = $('body').clone();
    body.find('script, style, noscript').remove();
    lines.push('', `title: ${oneLine($('title').first().text())}`, `links: ${$('a[href]').length}`);
    lines.push('text:', `  ${oneLine(body.text()).slice(0, 600)}`);
  } else {
    lines.push('', 'body:', `  ${oneLine(res.text).slice(0, 600)}`);
  }
  for (const captured of res.captured) lines.push('', `captured ${captured.status} ${captured.url} (${captured.contentType}):`, `  ${oneLine(captured.text).slice(0, 600)}`);
  return `${lines.join('\n')}\n`;
}

/** A page's text as one line of the digest: its line breaks would print lines of the page's choosing ('headers:' and a header). */
const oneLine = (text: string): string => terminalLine(text).replace(/\s+/g, ' ').trim();

const SAVE_TARGET = /^[^/]+\/[^/]+$/;

/** The spider of `--save <spider>/<name>`; a malformed target is refused where it is saved. */
const savedFor = (target: string | undefined): string | undefined => (target && SAVE_TARGET.test(target) ? target.split('/')[0] : undefined);

async function saveAsFixture(res: CrawlResponse, target: string, opts: FetchCommandOptions): Promise<number> {
  if (!SAVE_TARGET.test(target)) throw new SettingsError(`--save ${target}: expected <spider>/<name>, e.g. --save demo-jsonld/product`);
  const callback = opts.callback ?? 'parse';
  const saved = await recordFixture(res, { root: opts.root ?? findProject().root, target, callback, args: parsePairs(opts.arg, '-a'), cliPairs: opts.set });
  const { items = 0, requests = 0 } = saved.expect;
  process.stdout.write(withoutCredentials(shownText(`saved ${res.status} ${res.url} (${res.body.length} bytes) as ${saved.sidecar}\n`), saved.sent));
  process.stdout.write(`${callback}() gave ${items} item(s) and ${requests} request(s) on it; those are now its expectations: review them, then  pricecrawl check ${target.split('/')[0]}\n`);
  // The callback's error may quote the page it failed on, line breaks and all: one line of ours.
  if (saved.error) process.stdout.write(`${shownLines([`warning: ${callback}() failed on this page: ${saved.error}`])}\n`);
  return 0;
}

/** `--meta` as a request's meta: a JSON object, or a clear error. */
export function parseMeta(text: string | undefined): JsonObject {
  if (text === undefined) return {};
  try {
    const meta: unknown = JSON.parse(text);
    if (typeof meta === 'object' && meta !== null && !Array.isArray(meta)) return meta as JsonObject;
  } catch {
    // reported below
  }
  throw new SettingsError(`--meta ${text}: expected a JSON object, e.g. --meta '{"page":1}'`);
}
