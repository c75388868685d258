// Common spider mistakes caught before or after a crawl, each turned into one message naming the fix.
import { didYouMean } from '../core/closest-name';
import { PricecrawlError } from '../core/errors';
import { callbackNames, type Spider } from '../core/spider';
import { isAllowedUrl } from '../downloader/offsite-rules';
import type { RunSummary } from '../engine/run-summary';

/** Before a crawl: a start URL outside allowedDomains would only fail as `offsite`, so stop and say why. */
export function checkStartUrls(spider: Spider): void {
  for (const url of spider.startUrls) {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      throw new PricecrawlError('SETTINGS_INVALID', `spider "${spider.name}": start URL "${url}" is not an absolute URL (e.g. https://shop.example/catalog)`);
    }
    if (isAllowedUrl(url, spider.allowedDomains)) continue;
    throw new PricecrawlError(
      'OFFSITE',
      `spider "${spider.name}": start URL ${url} has host ${host}, which is not in allowedDomains [${spider.allowedDomains.join(', ')}]; add '${host}' to allowedDomains`,
    );
  }
}

/**
 * After a crawl: requests naming a callback or an errback the spider lacks all failed; one line per name says
 * how to fix it, in the role the name had (an errback's typo was reported as a callback's, its fix misnamed).
 */
export function unknownCallbackMessages(spider: Spider, summary: RunSummary): string[] {
  const known = callbackNames(spider);
  const lines = (names: Record<string, number> | undefined, role: string, fix: string) =>
    Object.entries(names ?? {}).map(
      ([name, count]) => `spider "${spider.name}" yielded ${count} request(s) ${role} "${name}", which it does not define${didYouMean(name, known)}; its ${role === 'for callback' ? 'callbacks' : 'methods'} are ${known.join(', ')} (${fix}, or add the method)`,
    );
  return [
    ...lines(summary.unknownCallbacks, 'for callback', 'fix the name passed to follow()/request()'),
    ...lines(summary.unknownErrbacks, 'with errback', "fix the request's errback name"),
  ];
}
