// The spider's own `closed(reason, run)` hook, as Scrapy's `Spider.closed(reason)`: called once when its run ends.
import type { Logger } from 'pino';
import type { Spider } from '../../core/spider';
import { noteCodeError } from '../../engine/code-errors';
import type { Stats } from '../../engine/stats';
import type { CrawlEventMap } from '../../events/crawl-events';

/**
 * Awaited right after the extensions heard `spider.closed` (the same facts), before the summary is built, so a
 * hook that throws or rejects is counted as the project's code error (`callback/closed`, exit 4) like a callback
 * that throws: a spider whose end-of-run work (a report to the team, a cleanup) did not happen must not end
 * looking clean. Before, a Scrapy port's `closed(reason)` was never called and nothing said so. A hook that
 * never settles is given `limitMs` (the callback time limit), then logged and counted the same way.
 */
export async function callSpiderClosed(spider: Spider, closed: CrawlEventMap['spider.closed'], limitMs: number, stats: Stats, log: Logger): Promise<void> {
  if (typeof spider.closed !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`closed() did not finish within ${limitMs} ms`)), limitMs);
  });
  try {
    await Promise.race([Promise.resolve().then(() => spider.closed?.(closed.reason, closed)), timeout]);
  } catch (error) {
    log.error({ err: error, spider: spider.name, callback: 'closed' }, 'the spider\'s closed() hook failed');
    noteCodeError(stats, 'callback', 'closed', error, '');
  } finally {
    clearTimeout(timer);
  }
}
