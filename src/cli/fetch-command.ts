// `pricecrawl fetch <url> [--browser]`: one request through the crawler's fetcher; prints what a spider would see.
import type { BrowserRequestOptions } from '../core/browser-options';
import { CrawlRequest } from '../core/request';
import type { CrawlResponse } from '../core/response';
import { BrowserFetcher } from '../fetch/browser-fetcher';
import type { Fetcher } from '../fetch/fetcher';
import { HttpFetcher } from '../fetch/http-fetcher';
import { loadSettings } from '../settings/load-settings';

export interface FetchCommandOptions {
  browser?: boolean;
  html?: boolean;
  capture: string[];
  waitFor?: string;
  set: string[];
  config?: string;
}

export async function fetchCommand(url: string, opts: FetchCommandOptions): Promise<number> {
  const { settings } = loadSettings({ cliPairs: opts.set, configPath: opts.config });
  const fetcher: Fetcher = opts.browser ? new BrowserFetcher(settings.browser) : new HttpFetcher(settings.http);
  const browser: BrowserRequestOptions = { capture: opts.capture, ...(opts.waitFor ? { waitFor: { selector: opts.waitFor } } : {}) };
  try {
    const res = await fetcher.fetch(new CrawlRequest({ url, browser }));
    process.stdout.write(opts.html ? res.text : digest(res));
    return res.status < 400 ? 0 : 1;
  } finally {
    await fetcher.close();
  }
}

/** Status, headers, size and hash, then a readable digest of the page instead of its whole HTML. */
export function digest(res: CrawlResponse): string {
  const lines = [`${res.status} ${res.url}  (${res.fetchMode}, ${res.body.length} bytes, ${res.encoding}, ${res.timings.finishedAtMs - res.timings.startedAtMs} ms)`];
  if (res.redirectChain.length > 0) lines.push(`redirects: ${res.redirectChain.join(' → ')}`);
  lines.push(`rawHash: ${res.rawHash}`, '', 'headers:');
  for (const [name, value] of Object.entries(res.headers).sort(([a], [b]) => a.localeCompare(b))) lines.push(`  ${name}: ${Array.isArray(value) ? value.join(' | ') : value}`);
  const contentType = res.header('content-type') ?? '';
  if (/html/i.test(contentType) || res.fetchMode === 'browser') {
    const $ = res.$;
    $('script, style, noscript').remove();
    lines.push('', `title: ${$('title').first().text().trim()}`, `links: ${$('a[href]').length}`);
    lines.push('text:', `  ${$('body').text().replace(/\s+/g, ' ').trim().slice(0, 600)}`);
  } else {
    lines.push('', 'body:', `  ${res.text.slice(0, 600)}`);
  }
  for (const captured of res.captured) lines.push('', `captured ${captured.status} ${captured.url} (${captured.contentType}):`, `  ${captured.text.slice(0, 600)}`);
  return `${lines.join('\n')}\n`;
}
