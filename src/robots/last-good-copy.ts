// The last good copy of a robots.txt: asked for again by its validators, and obeyed past 24 hours while the file is unreachable.
import { headerValue, type AnswerHeaders } from '../fetch/answer-headers';
import type { RobotsEntry, RobotsValidators } from '../ports/robots-cache';

export type RulesEntry = Extract<RobotsEntry, { kind: 'rules' }>;

/** Why a fetch got no file: the status (or error code), and the time a Retry-After named, if any. */
export interface FailedFetch {
  status: number | string;
  retryAfterUntilMs: number | null;
  /** The page's proxy failed: the site was not asked, so no attempt is counted and the next page asks at once. */
  proxyFailed: boolean;
}

export interface StaleLimits {
  refetchAfterMs: number;
  maxStaleAgeMs: number;
}

/** The answer's validators, kept to be sent back (RFC 9110 §13.1): none when it named none. */
export function validatorsOf(headers: Readonly<AnswerHeaders>): RobotsValidators | undefined {
  const etag = validator(headers, 'etag');
  const lastModified = validator(headers, 'last-modified');
  if (etag === undefined && lastModified === undefined) return undefined;
  return { ...(etag === undefined ? {} : { etag }), ...(lastModified === undefined ? {} : { lastModified }) };
}

/** If-None-Match / If-Modified-Since for a refetch of the copy: a 304 then says it still holds. */
export function conditionalHeaders(previous: RulesEntry | null): Record<string, string> {
  const validators = previous?.validators;
  if (!validators) return {};
  return {
    ...(validators.etag === undefined ? {} : { 'if-none-match': validators.etag }),
    ...(validators.lastModified === undefined ? {} : { 'if-modified-since': validators.lastModified }),
  };
}

/** A 304 to the refetch: the same copy, good for another 24 hours from now, and no longer stale. */
export function renewed(previous: RulesEntry, headers: Readonly<AnswerHeaders>, nowMs: number): RulesEntry {
  const { stale: _stale, ...copy } = previous;
  // A 304 may name a new ETag for the same copy (RFC 9110 §15.4.5): sent back next time.
  return { ...copy, fetchedAtMs: nowMs, validators: { ...previous.validators, ...validatorsOf(headers) } };
}

/**
 * The copy obeyed while the file is unreachable (RFC 9309 §2.4 allows a cached copy past 24 hours only then),
 * or null once it is older than `maxStaleAgeMs` (the caller then reads the failure as a complete disallow,
 * §2.3.1.4). The file is asked for again after a backoff that doubles, never past the copy's last day; a
 * Retry-After holds the host until it. Before, the failed refetch disallowed everything and, after
 * `robots.maxFetchAttempts`, failed every page of the shop for an outage of minutes.
 */
export function staleCopy(previous: RulesEntry | null, failed: FailedFetch, limits: StaleLimits, nowMs: number): RulesEntry | null {
  if (!previous) return null;
  const lastDayMs = previous.fetchedAtMs + limits.maxStaleAgeMs;
  if (nowMs >= lastDayMs) return null;
  const attemptsBefore = previous.stale?.attempts ?? 0;
  const attempts = failed.proxyFailed ? attemptsBefore : attemptsBefore + 1;
  const backoffAtMs = failed.proxyFailed ? nowMs : nowMs + limits.refetchAfterMs * 2 ** Math.max(0, attempts - 1);
  const waitUntilMs = failed.retryAfterUntilMs !== null && failed.retryAfterUntilMs > nowMs ? failed.retryAfterUntilMs : null;
  const retryAtMs = waitUntilMs ?? Math.min(backoffAtMs, lastDayMs);
  const sinceMs = previous.stale?.sinceMs ?? nowMs;
  return { ...previous, stale: { status: failed.status, attempts, sinceMs, retryAtMs, ...(waitUntilMs === null ? {} : { pauseUntilMs: waitUntilMs }) } };
}

/** Until when a cached entry stands: 24 hours from its fetch, a stale copy until its next fetch; null for a failure's entry. */
export function heldUntilMs(entry: RobotsEntry, cacheTtlMs: number): number | null {
  if (entry.kind === 'rules' && entry.stale) return entry.stale.retryAtMs;
  return 'fetchedAtMs' in entry ? entry.fetchedAtMs + cacheTtlMs : null;
}

/** How long the cache keeps an entry: a file's copy as long as it may be obeyed stale, so any worker finds it then. */
export function cacheTtlFor(entry: RobotsEntry, limits: { cacheTtlMs: number; maxStaleAgeMs: number }, nowMs: number): number {
  if (entry.kind !== 'rules') return limits.cacheTtlMs;
  return Math.max(limits.cacheTtlMs, entry.fetchedAtMs + limits.maxStaleAgeMs - nowMs);
}

/** A validator as sent back: trimmed, none when blank (an empty ETag would ask for a copy no server has). */
function validator(headers: Readonly<AnswerHeaders>, name: string): string | undefined {
  const text = headerValue(headers, name)?.trim();
  return text === '' ? undefined : text;
}
