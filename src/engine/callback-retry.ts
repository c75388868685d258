// Whether a request whose callback failed is fetched again: a timeout, an answer that was not the JSON read, a sitemap cut short.
import type { Logger } from 'pino';
import type { CrawlRequest } from '../core/request';
import type { Frontier } from '../ports/frontier';
import { steadyNowMs } from '../politeness/clock';
import { backoffMs } from '../downloader/retry-policy';
import type { Settings } from '../settings/schema';
import { CALLBACK_TIMEOUT } from './callback-deadline';
import { isPageFault } from '../core/page-fault';
import type { Stats } from './stats';

interface CallbackRetryDeps {
  settings: Settings;
  frontier: Frontier;
  stats: Stats;
}

/** The callback failures tried again (fetched anew), with the stat and log line each counts a retry under. */
const RETRIED_CALLBACK_FAILURES: Record<string, { stat: string; msg: string }> = {
  [CALLBACK_TIMEOUT]: { stat: 'retry/callback-timeout', msg: 'request tried again after its callback timed out' },
  'parse/json-cut': { stat: 'retry/json-cut', msg: 'request tried again: its answer was empty or its JSON cut' },
  'parse/json-html': { stat: 'retry/json-html', msg: 'request tried again: its answer was markup where JSON was read' },
  // A wall in a sitemap's place (sitemap/invalid) is not: a block page is retried as a block, and an HTML page at 200 stays one.
  'sitemap/cut': { stat: 'retry/sitemap-cut', msg: 'request tried again: its sitemap was cut short' },
};

/** An answer a stage found was not the request's page (core/page-fault.ts): the next answer may be its own. */
const PAGE_FAULT_RETRY = { stat: 'retry/page-fault', msg: 'request tried again: its answer was not its page' };

/**
 * A callback abandoned at its time limit is tried again (fetched anew, after the retry backoff) while the request's attempts last,
 * as Crawlee retries a handler that timed out: the hang may be the spider's own call to a stalled API or
 * lock, gone on the next try. So is one whose `res.json()` met an empty or cut body, or a wall in markup
 * (core/json-answer.ts): the next answer may be whole. Its items are durable by now and kept (ack after
 * durable: what the callback yielded before is a whole item of a real page; the next try's items replace
 * them by key). The last try fails with the reason, transient for the exit code (failure-kind.ts).
 */
export async function retriedAfterCallback(request: CrawlRequest, reason: string, deps: CallbackRetryDeps, log: Logger, random: () => number = Math.random): Promise<boolean> {
  const retried = RETRIED_CALLBACK_FAILURES[reason] ?? (isPageFault(reason) ? PAGE_FAULT_RETRY : undefined);
  if (!retried || request.attempt + 1 >= deps.settings.retry.maxAttempts) return false;
  deps.stats.inc(retried.stat);
  log.warn({ url: request.url, callback: request.callback, attempt: request.attempt + 1, reason }, retried.msg);
  // After a backoff, as the retry middleware's tries: due at once, the cut answer or the cache's wrong page
  // was asked again the moment after, when the same answer is the likeliest, and the attempts ran out in a burst.
  await deps.frontier.defer(request, steadyNowMs() + backoffMs(request.attempt, deps.settings.retry, random), { countAttempt: true, reason });
  return true;
}
