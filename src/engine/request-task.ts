// Handles one leased request end to end: download through the chain, apply the outcome, run the callback.
import { frontierAddFailed, frontierRunLost } from './frontier-outage';
import type { Logger } from 'pino';
import { steadyNowMs } from '../politeness/clock';
import type { Spider } from '../core/spider';
import type { DownloaderChain, DownloadResult } from '../downloader/downloader-chain';
import { MiddlewareFailure } from '../downloader/middleware-failure';
import { isAllowedUrl } from '../downloader/offsite-rules';
import { FetchError, OffsiteHopError } from '../core/errors';
import type { CrawlRequest } from '../core/request';
import type { CrawlResponse } from '../core/response';
import { credentialsSentFor } from '../core/sent-credentials';
import type { CrawlEventBus } from '../events/crawl-events';
import type { Frontier, Lease } from '../ports/frontier';
import type { Settings } from '../settings/schema';
import { AckTracker } from './ack-tracker';
import { runCallback, type ItemProcessor } from './callback-runner';
import { CallbackCutOffError, callbackLimitMs } from './callback-deadline';
import { retriedAfterCallback } from './callback-retry';
import { RequestSink } from './request-sink';
import { ScheduledRequests } from './scheduled-requests';
import { RequestSlots, slotBeside } from './request-slots';
import { hostKeyOf } from '../politeness/host-key';
import type { LoopBlockWatch } from './loop-block-watch';
import type { Stats } from './stats';
import type { UrlLengthLimit } from './url-length-limit';
import { storageFailureCode } from './storage-failure';
import { notePageYield } from './lost-hosts';
import { answerFreesSlot, answerHoldsHost, pauseAsAsked } from './answer-arrival';
import type { HostJudgements } from './host-judgements';
import { failRequest, leaveForResume, markHandled, statusOf, tryAgainLater } from './request-endings';
import { noteCodeError } from './code-errors';
import { runErrback } from './errback-runner';
import type { RequestFailure } from '../core/request-failure';
import type { SpiderMiddlewareChain } from '../spider-middleware/spider-chain';

/** Stats prefix of the hosts redirects led to, which the ledger (keyed by the requested URL) does not list. */
export const HOP_HOST_PREFIX = 'hop-host/';
import { noteFailedTry, noteServerWait } from './run-summary';

export interface RequestTaskDeps {
  spider: Spider;
  settings: Settings;
  frontier: Frontier;
  chain: DownloaderChain;
  items: ItemProcessor;
  acks: AckTracker;
  stats: Stats;
  log: Logger;
  runId: string;
  /** Aborted when a shutdown's grace period runs out. */
  shutdownSignal: AbortSignal;
  /** New requests were stored or a slot freed: the pool may have work again. */
  wake: () => void;
  /** A store cannot write (disk full...): the engine stops; the request is left for `--resume`. */
  storageFailed: (error: unknown) => void;
  /** The event-loop watchdog, timing callback steps; null = off. */
  loopWatch: LoopBlockWatch | null;
  /** The crawl's URL length limit: requests stored, redirects followed (one per crawl: it logs once per host). */
  urlLimit: UrlLengthLimit;
  /** The answers that may pause their host still being judged: the host's other sends wait for them. */
  judgements: HostJudgements;
  /** The crawl's event bus (planned and failed requests; responses and the breaker through the middleware context); the engine knows no subscriber. */
  events?: CrawlEventBus;
  /** The spider middlewares a callback's outputs pass (none: they go straight on). */
  spiderChain?: SpiderMiddlewareChain;
}

export async function runRequestTask(lease: Lease, taskDeps: RequestTaskDeps): Promise<void> {
  // However the request ends failed (its answer, a middleware, its callback, its items' writes), failRequest runs its errback.
  const deps = { ...taskDeps, errback: (failure: RequestFailure) => runErrback(failure, taskDeps) };
  // What the fetcher keeps alive for the callback (a browser page): freed when the task ends, however.
  const retained: Array<() => Promise<void>> = [];
  const releaseRetained = () => Promise.all(retained.splice(0).map((release) => release().catch(() => undefined)));
  try {
    await downloadAndApply(lease, deps, (release) => retained.push(release), releaseRetained);
  } finally {
    await releaseRetained();
  }
}

async function downloadAndApply(lease: Lease, deps: RequestTaskDeps, retain: (release: () => Promise<void>) => void, releaseRetained: () => Promise<unknown>): Promise<void> {
  const { request, hostKey } = lease;
  const log = deps.log.child({ host: hostKey, requestId: request.id });
  const scheduled = new ScheduledRequests();
  const slot = new RequestSlots(lease, deps.frontier, (url) => hostKeyOf(url, deps.settings.politeness.hostKey), deps.wake, deps.judgements);
  const sideSlot = (url: string) => slotBeside(slot, url, deps.settings.http.timeoutMs, deps.shutdownSignal);
  const ctx = { spider: deps.spider, settings: deps.settings, log, stats: deps.stats, hostKey, nowMs: steadyNowMs, runId: deps.runId, events: deps.events, schedule: scheduled.schedule, sideSlot };
  // The host that gave an answer a middleware may pause it for: its other sends wait for the chain's verdict.
  const judging = (response: CrawlResponse) => slot.judging(hostKeyOf(response.url, deps.settings.politeness.hostKey));
  let download: Awaited<ReturnType<DownloaderChain['download']>>;
  try {
    download = await deps.chain.download(request, ctx, {
      signal: deps.shutdownSignal,
      checkRedirect: (from, to) => {
        deps.urlLimit.checkHop(from, to);
        if (!isAllowedUrl(to, deps.spider.allowedDomains)) throw new OffsiteHopError('OFFSITE_REDIRECT', from, to);
      },
      allowsUrl: (url) => isAllowedUrl(url, deps.spider.allowedDomains),
      onSend: () => slot.markSent(),
      // A try going on from a hop an earlier try gave back sends that hop first (RequestSlots reads request.resumeAt).
      beforeSend: (deadline) => slot.beforeSend(deadline),
      beforeHop: (toUrl, deadline) => {
        // A redirect's target host is crawled too, under its own per-host settings (unused-host-settings.ts).
        deps.stats.inc(`${HOP_HOST_PREFIX}${hostKeyOf(toUrl, deps.settings.politeness.hostKey)}`);
        return slot.beforeHop(toUrl, deadline);
      },
      // The host that answered is done with while the hop waits for the target's robots.txt (beforeHop frees it too, once).
      onHopWait: () => {
        slot.release();
        deps.wake();
      },
      // Not a retry of the page (no attempt, no backoff), but the host saw one more request: counted, never silent.
      onStaleConnection: () => deps.stats.inc('retry/stale-connection'),
      onAnswered: (response, middlewaresHold) => {
        pauseAsAsked(response, deps);
        if (answerHoldsHost(response, middlewaresHold)) judging(response);
        if (!answerFreesSlot(response, middlewaresHold)) return;
        slot.release();
        deps.wake();
      },
      onMarkedHold: judging,
      retain,
    });
  } catch (error) {
    slot.cancel();
    slot.judged();
    if (storageFailureCode(error) !== null) return leaveForResume(request, error, deps);
    // A middleware bug must not lose the request: record it and keep crawling. The log names the
    // middleware and its hook, with the error it threw (its stack points at the project's file).
    if (error instanceof MiddlewareFailure) log.error({ middleware: error.middleware, hook: error.hook, err: error.cause, url: request.url }, error.message);
    else log.error({ err: error, url: request.url }, 'downloader chain failed');
    // Lost to a bug, not to the site: the run must say so and not exit 0 (code-errors.ts).
    noteCodeError(deps.stats, 'middleware', error instanceof MiddlewareFailure ? error.middleware : '(chain)', error, request.url);
    await failRequest(request, 'engine/middleware-error', null, deps);
    deps.wake();
    return;
  }
  if (download.sent) slot.release();
  else slot.cancel();
  slot.judged();
  deps.wake();
  // What the middlewares scheduled is stored before this request's outcome is: as durable as a page's links.
  try {
    await scheduled.store(request.depth, { frontier: deps.frontier, stats: deps.stats, addBatchSize: deps.settings.frontier.addBatchSize, depthLimit: deps.settings.depth.limit, wake: deps.wake, events: deps.events, urlLimit: deps.urlLimit });
  } catch (error) {
    if (storageFailureCode(error) !== null) return leaveForResume(request, error, deps);
    if (frontierAddFailed(error)) return tryAgainLater(request, error, deps, log);
    throw error;
  }

  if (deps.shutdownSignal.aborted && download.result.type !== 'response') {
    // Cut off by shutdown: not the request's fault, so it stays queued for the next run.
    await deps.frontier.defer(request, steadyNowMs(), { countAttempt: false, reason: 'shutdown' });
    return;
  }
  await applyResult(download.result, lease, deps, log, releaseRetained);
}

async function applyResult(result: DownloadResult, lease: Lease, deps: RequestTaskDeps, log: Logger, releaseRetained: () => Promise<unknown>): Promise<void> {
  const { request } = lease;
  switch (result.type) {
    case 'fail':
      deps.stats.inc('requests/failed');
      deps.stats.inc(`requests/failed/${result.reason}`);
      deps.stats.inc(`host/${lease.hostKey}/failed`);
      log.warn({ url: request.url, reason: result.reason, detail: result.message }, 'request failed');
      await failRequest(request, result.reason, result.status ?? statusOf(result.reason), deps, result.lastError);
      return;
    case 'retry':
      deps.stats.inc('retry/scheduled');
      noteFailedTry(deps.stats, lease.hostKey);
      if (result.pauseHostUntilMs !== undefined) deps.frontier.pauseHost(result.pauseHostKey ?? lease.hostKey, result.pauseHostUntilMs);
      await deps.frontier.defer(request, result.notBeforeMs ?? steadyNowMs(), { countAttempt: true, reason: result.reason });
      return;
    case 'defer':
      if (result.pauseHostUntilMs !== undefined) deps.frontier.pauseHost(result.pauseHostKey ?? lease.hostKey, result.pauseHostUntilMs);
      if (result.serverWait && request.deferrals >= deps.settings.retry.maxDeferrals) {
        // A host that keeps saying "later" must not keep the request for ever: refuse with a reason.
        deps.stats.inc('retry/deferrals-exhausted');
        return applyResult({ type: 'fail', reason: 'retry/deferrals-exhausted', message: `parked ${request.deferrals} times by the server; last: ${result.reason}`, lastError: result.reason }, lease, deps, log, releaseRetained);
      }
      deps.stats.inc('requests/deferred');
      deps.stats.inc(`host/${lease.hostKey}/deferred`);
      if (result.resumeAt) request.resumeAt = result.resumeAt;
      if (result.serverWait) noteServerWait(deps.stats, lease.hostKey, Date.now() + (result.untilMs - steadyNowMs()));
      await deps.frontier.defer(request, result.untilMs, { countAttempt: false, countDeferral: result.serverWait === true, reason: result.reason });
      return;
    case 'response':
      break;
  }
  const { response } = result;
  deps.stats.inc(`http/status/${response.status}`);
  deps.stats.inc(`host/${lease.hostKey}/status/${response.status}`);
  const sink = new RequestSink(deps.frontier, deps.stats, deps.settings.frontier.addBatchSize, deps.wake, deps.events, deps.urlLimit);
  // Requests for other hosts make this host a hub, judged through them (lost-hosts.ts). Only hosts the spider
  // may crawl: a share button to a social site (failed `offsite`, never fetched) must not excuse a shop whose
  // every product page broke.
  let linksOut = 0;
  const requests = {
    push: (next: CrawlRequest) => {
      if (hostKeyOf(next.url, deps.settings.politeness.hostKey) !== lease.hostKey && isAllowedUrl(next.url, deps.spider.allowedDomains)) linksOut++;
      return sink.push(next);
    },
    flush: () => sink.flush(),
  };
  const source = { spider: deps.spider.name, runId: deps.runId, requestId: String(request.id), url: response.url, rawHash: response.rawHash, leaseFence: request.leaseFence };
  // A callback awaiting something that never settles must not hold the run: it gets a time limit. A browser
  // callback may drive its page and hang there; its page is closed then (rejecting the Playwright call it waits on).
  const timeout = { ms: callbackLimitMs(deps.settings, lease.hostKey, response.fetchMode), onTimeout: releaseRetained };
  let outcome: Awaited<ReturnType<typeof runCallback>>;
  try {
    outcome = await runCallback(deps.spider, response, source, { requests, items: deps.items, stats: deps.stats, log, depthLimit: deps.settings.depth.limit, loopWatch: deps.loopWatch, events: deps.events, cutOff: deps.shutdownSignal, spiderChain: deps.spiderChain, sentCredentials: credentialsSentFor(response, deps.settings.http.headers) }, timeout);
  } catch (error) {
    if (storageFailureCode(error) !== null) return leaveForResume(request, error, deps);
    if (frontierAddFailed(error)) return tryAgainLater(request, error, deps, log);
    if (error instanceof CallbackCutOffError) {
      log.warn({ url: request.url, callback: request.callback }, 'callback cut off by the shutdown; the request stays queued');
      await deps.frontier.defer(request, steadyNowMs(), { countAttempt: false, reason: 'shutdown' });
      return;
    }
    throw error;
  } finally {
    response.release();
  }
  notePageYield(deps.stats, lease.hostKey, { items: outcome.itemsAccepted, droppedByReason: outcome.droppedByReason, linksOut });
  // The ack below must not reference the response: it would keep its body and DOM alive until the batch
  // is durable (measured: +150 MB peak RSS in the fast benchmark).
  const { status } = response;
  request.itemsStored = outcome.itemsAccepted;
  // The request is acknowledged only once its items are durable; the slot in the pool is free meanwhile.
  deps.acks.track(
    outcome.durable.then(
      async () => {
        if (outcome.error && (await retriedAfterCallback(request, outcome.error.reason, deps, log))) return;
        if (outcome.error) await failRequest(request, outcome.error.reason, status, deps);
        else await markHandled(request, lease.hostKey, status, deps);
        deps.stats.inc(outcome.error ? 'requests/failed' : 'requests/succeeded');
        if (outcome.error) deps.stats.inc(`requests/failed/${outcome.error.reason}`);
      },
      async (error: unknown) => {
        if (storageFailureCode(error) !== null) return leaveForResume(request, error, deps);
        deps.stats.inc('items/write-failed');
        // Each try fetches the page again: bounded by the attempt budget like any other retry.
        if (request.attempt + 1 >= deps.settings.retry.maxAttempts) {
          log.error({ err: error, url: request.url }, 'item write failed; attempts used up');
          await failRequest(request, 'items/write-failed', status, deps);
          return;
        }
        log.error({ err: error, url: request.url }, 'item write failed; request stays queued');
        await deps.frontier.defer(request, steadyNowMs() + 1000, { countAttempt: true, reason: 'items/write-failed' });
      },
    ).catch((error: unknown) => {
      if (storageFailureCode(error) !== null) deps.storageFailed(error);
      else if (frontierRunLost(error)) log.error({ url: request.url }, 'could not record a request outcome: the frontier lost the run');
      else log.error({ err: error, url: request.url }, 'could not record a request outcome; the request stays with the frontier, to be fetched again');
    }),
  );
}
