// `pricecrawl shell <url|file>`: a REPL with a response bound (res, $, the price parser), like `scrapy shell`.
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import repl from 'node:repl';
import { once } from 'node:events';
import { fixtureSpecSchema } from '../contracts/fixture-file';
import { fixtureResponse } from '../contracts/run-fixture';
import { CrawlRequest } from '../core/request';
import type { CrawlResponse } from '../core/response';
import { Decimal } from '../core/money';
import { BrowserFetcher } from '../fetch/browser-fetcher';
import { HttpFetcher } from '../fetch/http-fetcher';
import { parsePrice } from '../prices/parse-price';
import { loadSettings } from '../settings/load-settings';
import { digest } from './fetch-command';

export interface ShellOptions {
  browser?: boolean;
  /** For a plain saved file: the URL links resolve against. */
  url?: string;
  set: string[];
}

/** A saved page: a fixture (with its .json sidecar: URL, headers, meta) or any file (URL from --url, else a placeholder). */
function responseFromFile(path: string, url: string | undefined): CrawlResponse {
  const sidecar = path.replace(/\.html?$/, '.json');
  const body = readFileSync(path);
  const spec = fixtureSpecSchema.parse(existsSync(sidecar) && sidecar !== path ? JSON.parse(readFileSync(sidecar, 'utf8')) : { url: url ?? `http://saved-page.invalid/${basename(path)}`, headers: { 'content-type': path.endsWith('.json') ? 'application/json' : 'text/html' } });
  return fixtureResponse({ spider: '', name: path, spec: url ? { ...spec, url } : spec, body });
}

async function fetchResponse(url: string, opts: ShellOptions): Promise<CrawlResponse> {
  const { settings } = loadSettings({ cliPairs: opts.set });
  const fetcher = opts.browser ? new BrowserFetcher(settings.browser) : new HttpFetcher(settings.http);
  try {
    return await fetcher.fetch(new CrawlRequest({ url }));
  } finally {
    await fetcher.close();
  }
}

export async function shellCommand(target: string, opts: ShellOptions): Promise<number> {
  const res = /^https?:\/\//.test(target) ? await fetchResponse(target, opts) : responseFromFile(resolve(target), opts.url);
  const interactive = process.stdin.isTTY === true;
  if (interactive) {
    process.stdout.write(`${digest(res).split('\n').slice(0, 3).join('\n')}\n`);
    process.stdout.write('bound: res (CrawlResponse), $ (cheerio: res.$), parsePrice(text, {currencyHint, locale, defaultCurrency}), Decimal; res.json(), res.urljoin(href), res.follow(href, callback)\n');
  }
  const server = repl.start({ prompt: interactive ? 'pricecrawl> ' : '', input: process.stdin, output: process.stdout, terminal: interactive, useGlobal: false });
  Object.assign(server.context, { res, $: res.$, parsePrice, Decimal });
  await once(server, 'exit');
  return 0;
}
