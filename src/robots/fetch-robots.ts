// Fetches one origin's robots.txt and turns the answer into a cache entry, as RFC 9309 §2.3 reads each status.
import { FetchError } from '../core/errors';
import { isTransientStatus } from '../core/transient-status';
import { CrawlRequest } from '../core/request';
import type { CrawlResponse } from '../core/response';
import { isProxyFailure, type RequestSession } from '../core/request-session';
import { retryAfterOf } from '../downloader/retry-after';
import { isCloseDelimited } from '../fetch/body-end-check';
import type { Fetcher, FetchOptions } from '../fetch/fetcher';
import type { RobotsEntry } from '../ports/robots-cache';
import { fetchJarSession } from '../sessions/fetch-jar-session';
import { conditionalHeaders, renewed, staleCopy, validatorsOf, type FailedFetch, type RulesEntry } from './last-good-copy';
import { robotsText } from './robots-body';
import { withoutOpenLastLine } from './open-end';
import { MAX_ROBOTS_BYTES, robotsDirectives } from './robots-lines';
import { withoutUndeclaredGzip } from './undeclared-gzip';

/** RFC 9309 §2.3.1.2: follow at least five consecutive redirects; more and the file counts as unavailable. */
export const MAX_ROBOTS_REDIRECTS = 5;

export interface RobotsFetch {
  fetcher: Fetcher;
  /** `https://shop.example:8443`: the file is `<origin>/robots.txt`. */
  origin: string;
  /** The page that needs it: robots.txt goes with its session (its proxy, never our own address). */
  page: CrawlRequest;
  /** The proxy the last unreachable fetch went through: this one goes through another when the page's session can find one. */
  avoidProxyId?: string;
  /** Unreachable fetches so far (a Retry-After answer does not count). */
  attemptsBefore: number;
  /** Wait after the n-th unreachable fetch: `refetchAfterMs × 2^(n-1)`. */
  refetchAfterMs: number;
  /** The file's last good copy, when this fetch reads it again: asked for by its validators, obeyed while the file is unreachable. */
  previous?: RulesEntry | null;
  /** The oldest a last good copy may be and still be obeyed (robots.maxStaleAgeMs). */
  maxStaleAgeMs?: number;
  nowMs(): number;
  /** Each time a request for the file (or a redirect hop of it) is written to the socket. */
  onSend?(): void;
  /** The crawl's block rules for the origin's host: a bot wall is no answer about the file. */
  isBlockPage?(response: CrawlResponse): boolean;
  /** Awaited before each redirect hop (or a send again) of the fetch: the hop's host slot (robots-hop-pacing.ts). */
  beforeHop?: FetchOptions['beforeHop'];
}

export async function fetchRobots(options: RobotsFetch): Promise<RobotsEntry> {
  const { origin, attemptsBefore, nowMs } = options;
  // Always over HTTP: a browser-mode host's pages go through Chromium, but Chromium hands back its HTML
  // rendering of a text file (`<html>…<pre>User-agent: *`), which hides the first line's group.
  const previous = options.previous ?? null;
  const request = new CrawlRequest({ url: `${origin}/robots.txt`, fetchMode: 'http', headers: conditionalHeaders(previous) });
  // A page without a session (sessions off, a one-off command) still passes a cookie check on the way to the
  // file: read as a redirect loop, the check was "no robots.txt", and everything behind it was allowed.
  request.session = (await sessionAvoiding(options.page.session, options.avoidProxyId)) ?? fetchJarSession();
  const proxyId = request.session?.proxyId ?? undefined;
  let hops = 0;
  const checkRedirect = (from: string, to: string) => {
    hops += 1;
    if (hops > MAX_ROBOTS_REDIRECTS) throw new FetchError('FETCH_TOO_MANY_REDIRECTS', `robots.txt redirected more than ${MAX_ROBOTS_REDIRECTS} times (${from} → ${to})`);
  };
  let status: number | string;
  let answerHeaders: Readonly<Record<string, string | string[]>> = {};
  try {
    // The file's head is the file (RFC 9309 §2.5): a longer one is cut, never failed as too large for the
    // fetcher, which left the host unreachable (every page refused). One byte past the limit tells the
    // parser the last line may be cut short, so it drops it.
    // A text file (RFC 9309 §2.3): plain text under a coding label that lies is read as sent, not failed.
    const response = await options.fetcher.fetch(request, { checkRedirect, onSend: options.onSend, beforeHop: options.beforeHop, readAtMostBytes: MAX_ROBOTS_BYTES + 1, textFile: true });
    status = response.status;
    // The copy we named is still the file (the fetcher fails a 304 to a request that named none).
    if (status === 304 && previous) return renewed(previous, response.headers, nowMs());
    if (status >= 200 && status < 300) {
      const body = await withoutUndeclaredGzip(response.body);
      // The byte read past the limit says the file goes on: the crawl says its tail was not read (the parser
      // drops the line the limit cut). Short of it, a file only the connection's close ended may be cut too.
      const cut = body.length > MAX_ROBOTS_BYTES;
      const read = robotsText(body);
      const openEnd = !cut && isCloseDelimited(response.headers) ? withoutOpenLastLine(read) : null;
      const text = openEnd ?? read;
      const validators = validatorsOf(response.headers);
      if (!isWall(response, text, options.isBlockPage)) return { kind: 'rules', text, fetchedAtMs: nowMs(), ...(cut ? { cut: true as const } : {}), ...(openEnd !== null ? { openEnd: true as const } : {}), ...(validators ? { validators } : {}) };
      status = `block-page/${status}`;
    } else if (status >= 400 && status < 500 && !isTransientStatus(status)) {
      // "Unavailable" is 400-499 (RFC 9309 §2.3.1.3), but not the ones that say "not now" (429, and 408, 421,
      // 425, 499 as for a page): a 408 (the server gave up waiting for us) read as "no file" let every page
      // be fetched for a day. A 3xx the fetcher did not follow (300, 304, 305) is no answer about the file
      // either: read as "no file" it let every page be fetched; it is unreachable.
      if (!isWall(response, response.text, options.isBlockPage)) return { kind: 'allow-all', status, fetchedAtMs: nowMs() };
      status = `block-page/${status}`;
    } else answerHeaders = response.headers;
  } catch (error) {
    const code = error instanceof FetchError ? error.code : 'FETCH_FAILED';
    // More than five hops (ours, or the fetcher's cap at or above five) or a loop: no file (RFC 9309
    // §2.3.1.2). A fetcher capped below five (`http.maxRedirects`) stopped short of a file that may
    // exist: that is our limit, not the site's answer, so it falls through to unreachable.
    const beyondFive = code === 'FETCH_TOO_MANY_REDIRECTS' && hops >= MAX_ROBOTS_REDIRECTS;
    if (beyondFive || code === 'FETCH_REDIRECT_LOOP') return { kind: 'allow-all', status: code, fetchedAtMs: nowMs() };
    // The page's proxy failed (the fetcher told its health): the site was not asked, so no attempt is
    // counted and the next page, on a session of a proxy still usable, fetches the file at once.
    if (isProxyFailure(code)) return unreachable(options, { status: code, retryAfterUntilMs: null, proxyFailed: true }, proxyId);
    status = code;
  }
  // 429, 408 and the like, 5xx and any other answer: the server is the problem, not the file. Told when to come back, we wait that long. A
  // Retry-After of 0 or a past date names no wait: the fetch counts as unreachable, with our own backoff
  // and budget, or a server that always says "now" had robots.txt fetched again at every page's turn for ever.
  const untilMs = typeof status === 'number' ? retryAfterOf(answerHeaders, nowMs()) : null;
  return unreachable(options, { status, retryAfterUntilMs: untilMs, proxyFailed: false }, proxyId);
}

/** No file read: the last good copy while it may still be obeyed, else a Retry-After's pause or a complete disallow. */
function unreachable(options: RobotsFetch, failed: FailedFetch, proxyId: string | undefined): RobotsEntry {
  const { attemptsBefore, nowMs } = options;
  const limits = { refetchAfterMs: options.refetchAfterMs, maxStaleAgeMs: options.maxStaleAgeMs ?? 0 };
  const stale = staleCopy(options.previous ?? null, failed, limits, nowMs());
  if (stale) return stale;
  const { status, retryAfterUntilMs: untilMs } = failed;
  if (failed.proxyFailed) return { kind: 'unreachable', status, attempts: attemptsBefore, retryAtMs: nowMs(), proxyId };
  if (typeof status === 'number' && untilMs !== null && untilMs > nowMs()) return { kind: 'retry-after', status, attempts: attemptsBefore, untilMs };
  const attempts = attemptsBefore + 1;
  return { kind: 'unreachable', status, attempts, retryAtMs: nowMs() + options.refetchAfterMs * 2 ** (attempts - 1), proxyId };
}

/**
 * The page's session, or one of its host on another proxy when the file's last fetch failed through the
 * page's proxy: a timeout, a reset or a 5xx through one proxy may be that proxy's, and every page whose
 * session sat on it spent the file's fetch budget there, so the whole host failed as `robots/unavailable`
 * while another proxy reached the site.
 */
async function sessionAvoiding(session: RequestSession | null, avoidProxyId: string | undefined): Promise<RequestSession | null> {
  if (!session?.proxyId || session.proxyId !== avoidProxyId || !session.elsewhere) return session;
  return (await session.elsewhere()) ?? session;
}

/**
 * A bot wall (a CAPTCHA, a challenge, "Access denied") at 200 or 403 says nothing about the file. Read as
 * the file it had no rules, and every page of the host was allowed; the wall may let the pages through
 * later (a cookie, another proxy), so the host was crawled against rules never read. It is unreachable
 * (disallow all, fetched again). A real file that names a wall's path in a rule (`Disallow:
 * /.well-known/sgcaptcha/`) is still the file: an answer with a user-agent line is never a wall.
 */
function isWall(response: CrawlResponse, text: string, isBlockPage: RobotsFetch['isBlockPage']): boolean {
  return isBlockPage !== undefined && isBlockPage(response) && !robotsDirectives(text).some((directive) => directive.key === 'user-agent');
}
