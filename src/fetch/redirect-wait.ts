// A redirect that asks for a wait (3xx + Retry-After): the hop is not followed before it, whichever fetcher follows it.
import { FetchWait } from '../core/errors';
import { retryAfterOf } from '../downloader/retry-after';
import { steadyNowMs } from '../politeness/clock';

/**
 * A 3xx with a Retry-After names the least time to wait before the redirected request (RFC 9110 §10.2.3; a
 * waiting room, an API's 303 to a result not ready yet). Followed at once, the target was asked inside the
 * wait. The request is deferred to its end (a server's wait: it counts against retry.maxDeferrals), rather
 * than slept on while it holds its host's slot. `0` or a date past is no wait: null.
 */
export function redirectWaitAsked(headers: Readonly<Record<string, string | string[]>>, toUrl: string): FetchWait | null {
  const untilMs = retryAfterOf(headers, steadyNowMs());
  if (untilMs === null || untilMs <= steadyNowMs()) return null;
  return new FetchWait('REDIRECT_RETRY_AFTER', `the redirect to ${toUrl} asked for a wait until ${new Date(untilMs).toISOString()} (Retry-After)`, untilMs, true);
}
