// `pricecrawl shell <url|file>`: a REPL with a response bound (res, $, the price parser), like `scrapy shell`.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import repl from 'node:repl';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { PassThrough } from 'node:stream';
import { fixtureSpecSchema } from '../app/contracts/fixture-file';
import { fixtureResponse } from '../app/contracts/run-fixture';
import { CrawlRequest } from '../core/request';
import type { CheerioAPI } from 'cheerio';
import type { CrawlResponse } from '../core/response';
import { Decimal } from '../core/money';
import { fetchOnce } from '../app/fetch/fetch-once';
import { namedSpider, throughProjectMiddlewares } from './one-off-middlewares';
import { parsePrice } from '../prices/parse-price';
import { loadSettings } from '../settings/load-settings';
import { digest } from './fetch-command';
import { scrapySelectorHint } from './scrapy-selector-hint';
import { parsePairs } from './key-value-pairs';
import { shownValue } from './terminal-text';
import { credentialsSentFor, withoutCredentials } from '../core/sent-credentials';
import { looksLikeHost, urlArgument } from './url-argument';
import { SettingsError } from '../core/errors';

export interface ShellOptions {
  browser?: boolean;
  /** For a plain saved file: the URL links resolve against. */
  url?: string;
  set: string[];
  /** The spider the project's middlewares see (name or file), with its settings. */
  spider?: string;
  /** With `spider`: its arguments (`key=value`). */
  arg: string[];
}

/** A saved page: a fixture (with its .json sidecar: URL, headers, meta) or any file (URL from --url, else a placeholder). */
function responseFromFile(path: string, url: string | undefined): CrawlResponse {
  const sidecar = path.replace(/\.html?$/, '.json');
  const body = readFileSync(path);
  const spec = fixtureSpecSchema.parse(existsSync(sidecar) && sidecar !== path ? JSON.parse(readFileSync(sidecar, 'utf8')) : { url: url ?? `http://saved-page.invalid/${basename(path)}`, headers: { 'content-type': path.endsWith('.json') ? 'application/json' : 'text/html' } });
  return fixtureResponse({ spider: '', name: path, spec: url ? { ...spec, url } : spec, body });
}

/** A saved page's path; a missing one that reads as a URL without its scheme is refused as that URL. */
function savedPage(target: string): string {
  const path = resolve(target);
  if (existsSync(path)) return path;
  if (looksLikeHost(target)) urlArgument('shell', target);
  throw new SettingsError(`shell ${target}: no such file, and not an http(s) URL; give a saved page or a URL such as https://shop.example/p/1`);
}

/** The settings a fetch of the shell uses: the command line's over the named spider's. */
async function shellSettings(opts: ShellOptions) {
  const spider = await namedSpider(opts.spider, parsePairs(opts.arg, '-a'));
  return { spider, settings: loadSettings({ cliPairs: opts.set, spiderSettings: spider?.settings }).settings };
}

async function fetchResponse(url: string, opts: ShellOptions): Promise<CrawlResponse> {
  const { spider, settings } = await shellSettings(opts);
  return fetchOnce(settings, new CrawlRequest({ url }), opts.browser ? 'browser' : 'http', await throughProjectMiddlewares(settings, spider, 'shell'));
}

export async function shellCommand(target: string, opts: ShellOptions): Promise<number> {
  const res = /^https?:\/\//.test(target) ? await fetchResponse(target, opts) : responseFromFile(savedPage(target), opts.url);
  const interactive = process.stdin.isTTY === true;
  if (interactive) {
    process.stdout.write(`${digest(res).split('\n').slice(0, 3).join('\n')}\n`);
    process.stdout.write('bound: res (CrawlResponse), $ (cheerio: res.$), parsePrice(text, {currencyHint, locale, defaultCurrency}), Decimal; res.json(), res.urljoin(href), res.follow(href, callback)\n');
    process.stdout.write('       fetch(url) loads another page into res and $ (as in scrapy shell; await optional); view() writes the page to a file to open in a browser\n');
  }
  const input = interactive ? process.stdin : new PassThrough();
  // inspect escapes control characters in strings but not bidi overrides, and an error's message goes
  // out raw: what the page put there is shown as text. A URL's credentials and tokens and the shop's
  // Set-Cookie session are masked, as fetch prints them: a shell fed lines writes into a CI log.
  // What the current page quotes back of the credentials its fetch sent (an echo service's body and headers) too.
  const settingsHeaders = (await shellSettings(opts)).settings.http.headers;
  const writer = (value: unknown) => withoutCredentials(shownValue(value), credentialsSentFor(server.context.res as CrawlResponse, settingsHeaders));
  const server = repl.start({ prompt: interactive ? 'pricecrawl> ' : '', input, output: process.stdout, terminal: interactive, useGlobal: false, writer });
  const bind = (response: CrawlResponse) => Object.assign(server.context, { res: response, $: explainingSelectors(response.$) });
  bind(res);
  const loads = waitForLoads(server);
  Object.assign(server.context, {
    parsePrice,
    Decimal,
    /** Like scrapy shell's fetch(): the page becomes `res` and `$`; resolves to its first digest line. */
    fetch: (url: string) =>
      loads(async () => {
        const next = await fetchResponse(new URL(url, (server.context.res as CrawlResponse).url).toString(), opts);
        bind(next);
        return digest(next).split('\n')[0];
      }),
    /** Like scrapy shell's view(): the page as a file (links resolve against its URL); resolves to the path. */
    view: () => viewFile(server.context.res as CrawlResponse),
  });
  if (input instanceof PassThrough) await feedLineByLine(server, input);
  await once(server, 'exit');
  return 0;
}

/**
 * A line whose value is a load the shell started (`fetch(url)` typed without await, as in scrapy shell) is
 * answered once the load is done, with its result. Before, it printed `Promise { <pending> }` and the next
 * lines read the old page as `res` while the new one was still on its way.
 */
function waitForLoads(server: repl.REPLServer): (load: () => Promise<string>) => Promise<string> {
  const started = new WeakSet<Promise<string>>();
  const evaluate = server.eval;
  // The REPL reads its eval at each line; its typings call it read-only, since repl.start takes one (but no default to wrap).
  const replaced: repl.REPLEval = (code, context, file, done) =>
    evaluate.call(server, code, context, file, (error, value: unknown) => {
      if (error === null && value instanceof Promise && started.has(value)) void value.then((result) => done(null, result), (failure: Error) => done(failure, undefined));
      else done(error, value);
    });
  (server as { eval: repl.REPLEval }).eval = replaced;
  return (load) => {
    const promise = load();
    started.add(promise);
    return promise;
  };
}

/**
 * Piped input, one line at a time, each fed once the previous one is evaluated: the REPL itself reads a
 * pipe ahead, so `await fetch(url)` would still be running while the following lines read the old page.
 */
async function feedLineByLine(server: repl.REPLServer, input: PassThrough): Promise<void> {
  let evaluated: () => void = () => undefined;
  // The REPL shows its prompt again once a line is done, whether it printed a result, an error, or waits
  // for the rest of a multi-line expression: the one signal common to all three.
  const displayPrompt = server.displayPrompt.bind(server);
  server.displayPrompt = (preserveCursor?: boolean) => {
    displayPrompt(preserveCursor);
    evaluated();
  };
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim() === '') continue; // the REPL evaluates nothing for a blank line: nothing to wait for
    const done = new Promise<void>((resolve) => (evaluated = resolve));
    input.write(`${line}\n`);
    await done;
  }
  input.end();
}

/** `$` that answers a Scrapy-only pseudo-selector with the cheerio call to use instead of css-select's bare error. */
function explainingSelectors($: CheerioAPI): CheerioAPI {
  return new Proxy($, {
    apply(target, thisArg, args: unknown[]) {
      const hint = typeof args[0] === 'string' ? scrapySelectorHint(args[0]) : null;
      if (hint) {
        const error = new Error(hint);
        error.stack = `Error: ${hint}`; // the answer, not a trace through this proxy
        throw error;
      }
      return Reflect.apply(target, thisArg, args) as unknown;
    },
  });
}

/** The body with a `<base href>` so relative links and styles resolve against the page's URL when opened from disk. */
function viewFile(res: CrawlResponse): string {
  const path = join(mkdtempSync(join(tmpdir(), 'pricecrawl-view-')), 'page.html');
  const base = `<base href="${res.url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  const html = /<base\s/i.test(res.text) ? res.text : /<head[^>]*>/i.test(res.text) ? res.text.replace(/<head[^>]*>/i, (head) => head + base) : base + res.text;
  writeFileSync(path, html);
  return path;
}
