// What an answer does to its host the moment it arrives, before the middlewares judge it: frees the slot, or pauses the host.
import type { CrawlResponse } from '../core/response';
import { retryAfterOf } from '../downloader/retry-after';
import { steadyNowMs } from '../politeness/clock';
import { hostKeyOf } from '../politeness/host-key';
import type { Frontier } from '../ports/frontier';
import type { Settings } from '../settings/schema';

export interface AnswerArrivalDeps {
  frontier: Frontier;
  settings: Settings;
}

/**
 * Whether an answer frees its host's slot on arrival, before the middlewares store and judge it (raw
 * capture alone awaits a compression and a commit): a plain answer (below 400, no Retry-After) cannot
 * make one pause the host, so holding the slot meanwhile would only add that time to the host's gap.
 * Any other answer keeps the slot until the middlewares decided: a Retry-After or a breaker that opens
 * must pause the host before its next request can be picked.
 */
export function answerFreesSlot(response: CrawlResponse, middlewaresHold: boolean): boolean {
  return !answerHoldsHost(response, middlewaresHold) && response.header('retry-after') === undefined;
}

/**
 * Whether the host's other sends wait until the answer is judged (`HostJudgements`): an error status (a
 * Retry-After on 429/503, the breaker's statuses), or an answer a middleware says it may pause the host for
 * (`middlewaresHold`: a 200 challenge page the breaker counts freed its slot on arrival, and the host's next
 * send could go out in the few ms before the breaker opened). A 2xx or 3xx with only a Retry-After keeps its
 * slot but pauses nothing.
 */
export function answerHoldsHost(response: CrawlResponse, middlewaresHold: boolean): boolean {
  return response.status >= 400 || middlewaresHold;
}

/**
 * A 429 or 503 with a Retry-After holds its host from the moment it arrives: the middlewares that decide
 * about the request (retry pauses the host too) come after raw capture's compression and commit, and the
 * host's other slots went on picking and sending meanwhile (seven requests within 43 ms of a 429 at a cap
 * of 8). The host that answered is paused, which after a redirect is not the request's own.
 */
export function pauseAsAsked(response: CrawlResponse, deps: AnswerArrivalDeps): void {
  if (response.status !== 429 && response.status !== 503) return;
  const untilMs = retryAfterOf(response.headers, steadyNowMs());
  if (untilMs !== null) deps.frontier.pauseHost(hostKeyOf(response.url, deps.settings.politeness.hostKey), untilMs);
}
