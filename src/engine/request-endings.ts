// How a leased request ends: failed, handled, left for --resume, or fetched again when its links were not stored.
import type { Logger } from 'pino';
import type { CrawlRequest } from '../core/request';
import type { RequestFailure } from '../core/request-failure';
import type { CrawlEventBus } from '../events/crawl-events';
import { steadyNowMs } from '../politeness/clock';
import { hostKeyOf } from '../politeness/host-key';
import type { Frontier } from '../ports/frontier';
import type { Settings } from '../settings/schema';
import { noteSettled } from './lost-hosts';
import type { Stats } from './stats';
import type { ItemProcessor } from './callback-runner';

export interface RequestEndDeps {
  settings: Settings;
  frontier: Frontier;
  stats: Stats;
  /** A store cannot write (disk full...): the engine stops; the request is left for `--resume`. */
  storageFailed: (error: unknown) => void;
  events?: CrawlEventBus;
  /** Where the run's items go: a request failed under a lease retires its rows of older leases there. */
  items?: Pick<ItemProcessor, 'retireRequest'>;
  /** Runs the request's errback, if it names one, and resolves once what it yielded is durable (errback-runner.ts). */
  errback?: (failure: RequestFailure) => Promise<void>;
}

/**
 * The one place a leased request ends failed: its errback runs (its output made durable), then the failure is
 * recorded in the frontier and announced. Retries are over by now, so the errback runs once per request.
 */
export async function failRequest(request: CrawlRequest, reason: string, status: number | null, deps: RequestEndDeps, lastError?: string): Promise<void> {
  if (request.errback !== null && deps.errback) await deps.errback({ request, reason, status, message: lastError ?? '' });
  await retireEarlierLeases(request, deps);
  await deps.frontier.fail(request, reason, status);
  // Counted per host: a host that gave nothing at all is a competitor lost (lost-hosts.ts).
  noteSettled(deps.stats, hostKeyOf(request.url, deps.settings.politeness.hostKey), reason, lastError);
  if (deps.events?.has('request.failed')) deps.events.emit('request.failed', { url: request.url, reason, status, callback: request.callback, meta: request.meta });
}

/**
 * The outcome recorded next is the request's, so rows an earlier lease of it stored must not stand beside it: a
 * worker stopped past its lease (its items stored already, or arriving late) or a try whose items were stored
 * before it was tried again. A failure leaves none of them; a success leaves the keys this lease wrote (its own
 * token), not the ones only the older page showed. Retired first: a crash between the two leaves the request
 * unsettled and fetched again, never half-told. A first lease has no older rows: it writes nothing here.
 */
async function retireEarlierLeases(request: CrawlRequest, deps: RequestEndDeps): Promise<void> {
  if (request.leaseFence === null || !request.earlierLease || request.id === null) return;
  await deps.items?.retireRequest?.(deps.frontier.runId, String(request.id), request.leaseFence);
}

/** Handled under the host its lease was scheduled for (the key failRequest derives from the same URL). */
export async function markHandled(request: CrawlRequest, hostKey: string, status: number | null, deps: RequestEndDeps): Promise<void> {
  await retireEarlierLeases(request, deps);
  await deps.frontier.markHandled(request, status);
  noteSettled(deps.stats, hostKey, null);
}

export function statusOf(reason: string): number | null {
  const match = /^http\/(\d{3})$/.exec(reason);
  return match ? Number(match[1]) : null;
}

/**
 * A store could not write this request's bytes or items: not the request's fault, so it is neither failed
 * nor retried (each retry would fetch it again for nothing). Back to the queue without an attempt if the
 * frontier can still write, else it stays leased and the next open reclaims it; the engine stops.
 */
export async function leaveForResume(request: CrawlRequest, error: unknown, deps: RequestEndDeps): Promise<void> {
  deps.storageFailed(error);
  await deps.frontier.defer(request, steadyNowMs(), { countAttempt: false, reason: 'storage/failed' }).catch(() => undefined);
}

/** Why a page whose links the frontier never stored, on every try, failed. */
const FRONTIER_ADD_FAILED = 'frontier/add-failed';

/**
 * The frontier did not store the links the page yielded (a shared one restarting, out of memory, not
 * answering): the page is fetched again, as after an item write that failed, within its attempts; the last
 * fails `frontier/add-failed`, transient (failure-kind.ts). When the frontier cannot take the deferral
 * either, the lease runs out and the request comes back the same way.
 */
export async function tryAgainLater(request: CrawlRequest, error: unknown, deps: RequestEndDeps, log: Logger): Promise<void> {
  deps.stats.inc('requests/add-failed');
  try {
    if (request.attempt + 1 >= deps.settings.retry.maxAttempts) {
      log.error({ err: error, url: request.url }, 'the frontier did not store the links of the page; attempts used up');
      await failRequest(request, FRONTIER_ADD_FAILED, null, deps);
      return;
    }
    log.error({ err: error, url: request.url }, 'the frontier did not store the links of the page; it is fetched again');
    await deps.frontier.defer(request, steadyNowMs() + 1000, { countAttempt: true, reason: FRONTIER_ADD_FAILED });
  } catch (recordError) {
    log.error({ err: recordError, url: request.url }, 'could not record a request outcome; the request stays with the frontier, to be fetched again');
  }
}
