// The retry decision as a pure function: transient or not, attempts left, and when to try again.
import type { Settings } from '../settings/schema';
import { isOutsideStatusClasses, recognisedStatus } from '../core/status-class';

export type RetryConfig = Settings['retry'];

/** What went wrong with one send: a response status (with its Retry-After, if any) or a transport error. */
export type RetryTrigger =
  | { kind: 'status'; status: number; retryAfterAtMs: number | null }
  | { kind: 'error'; reason: string };

export type RetryDecision =
  /** Not a retry matter: the rest of the chain decides. */
  | { type: 'pass' }
  | { type: 'retry'; reason: string; notBeforeMs: number }
  /** The server said "later" (Retry-After, or a status in `waitStatuses`): wait, count no attempt; `pauseHost` when it said until when. */
  | { type: 'wait'; reason: string; untilMs: number; pauseHost: boolean }
  | { type: 'fail'; reason: string; message: string; lastError?: string };

/**
 * `attempt` is how many times the request was sent before this send (CrawlRequest.attempt).
 * - Fail-fast statuses (403, 404, 410) end at once: asking again only looks more like a bot.
 * - A transient status with Retry-After is a wait, not a failed try: the server told us when, for the
 *   whole host. A status in `waitStatuses` (429: "too many requests") is a wait too, after a backoff
 *   grown by the request's earlier waits. Neither counts an attempt (the engine bounds waits with
 *   retry.maxDeferrals instead), so a throttling storm longer than the attempt budget does not fail
 *   requests that would succeed.
 * - Other transient statuses and errors are retried while sends remain under maxAttempts.
 * - Backoff is full jitter (random in [0, min(cap, base * 2^attempt)]), so retries of many requests
 *   that failed together do not come back together.
 */
export function decideRetry(trigger: RetryTrigger, attempt: number, nowMs: number, config: RetryConfig, random: () => number, deferrals = 0): RetryDecision {
  const reason = trigger.kind === 'status' ? `http/${trigger.status}` : trigger.reason;
  const status = trigger.kind === 'status' ? judgedStatus(trigger.status, config) : null;
  if (status !== null && config.failFastStatuses.includes(status)) {
    return { type: 'fail', reason, message: `HTTP ${reason.slice('http/'.length)} is terminal; not retried` };
  }
  const transient = status !== null ? config.statuses.includes(status) || isOutsideStatusClasses(status) : config.errors.includes(reason);
  if (!transient) return { type: 'pass' };
  const waitStatus = status !== null && config.waitStatuses.includes(status);
  // A 429 whose Retry-After names no wait (`0`, a date past: a server clock behind ours) was asked again at
  // once, each answer another 429, until the breaker opened: the status still says "too many", so it is
  // backed off as one without. A 503's "now" is taken at its word (the server says it is back).
  const waitAsked = trigger.kind === 'status' ? trigger.retryAfterAtMs : null;
  if (waitAsked !== null && (waitAsked > nowMs || !waitStatus)) return { type: 'wait', reason, untilMs: Math.max(nowMs, waitAsked), pauseHost: true };
  if (waitStatus) {
    return { type: 'wait', reason, untilMs: nowMs + backoffMs(deferrals, config, random), pauseHost: false };
  }
  const sends = attempt + 1;
  if (sends >= config.maxAttempts) {
    return { type: 'fail', reason: 'retry/exhausted', message: `gave up after ${sends} sends; last: ${reason}`, lastError: reason };
  }
  return { type: 'retry', reason, notBeforeMs: nowMs + backoffMs(attempt, config, random) };
}

/**
 * The status the lists are asked about: an unregistered one none of them names as its class's x00 (a proxy's 598 as
 * a 500: retried; an unknown 4xx as a 400: the page's answer). One outside 100-599 is a refusal, tried again like a
 * block (status-class.ts): before, 598/599 and LinkedIn's 999 ended at once as permanent-looking failures.
 */
function judgedStatus(status: number, config: RetryConfig): number {
  return recognisedStatus(status, (code) => config.statuses.includes(code) || config.failFastStatuses.includes(code) || config.waitStatuses.includes(code));
}

/** Full-jitter exponential backoff in whole ms. */
export function backoffMs(attempt: number, config: Pick<RetryConfig, 'backoffBaseMs' | 'backoffCapMs'>, random: () => number): number {
  const ceilingMs = Math.min(config.backoffCapMs, config.backoffBaseMs * 2 ** Math.min(attempt, 52));
  return Math.floor(random() * (ceilingMs + 1));
}
