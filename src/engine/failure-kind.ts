// The one place that says whether a failure reason is transient (a later try may succeed) or permanent (the page's own answer).
import { isTransientStatus } from '../core/transient-status';
import { isPageFault } from '../core/page-fault';
/**
 * Transient: the host or the network was in a bad state, so the run lost work that another run may get
 * (a run with such failures never ends looking clean: exit 4). Permanent: the page's own definitive answer
 * or our rules (404, 403, offsite, robots, a redirect loop), a normal finish.
 */
export type FailureKind = 'transient' | 'permanent';

const TRANSIENT_REASONS = new Set([
  // Retries or server-requested waits ran out: by construction only transient causes are retried.
  'retry/exhausted',
  'retry/deferrals-exhausted',
  'fetch/timeout',
  'fetch/connect-timeout',
  'fetch/connection-reset',
  'fetch/connection-refused',
  'fetch/dns',
  // A certificate we could not verify (expired, self-signed, for another name), or a handshake refused: no
  // page was received, as for the transport failures we cannot name (fetch/failed, which it was before).
  'fetch/tls',
  'fetch/decompress',
  // A server that speaks only HTTP/2 refused the HTTP/1.1 we offer (fetch-error-map.ts): no page was received,
  // and none will be over HTTP (not retried), but the browser reads it.
  'fetch/http2-only',
  // A GET answered 2xx with no body at all, or white space only (middlewares/retry.ts).
  'fetch/empty-body',
  'fetch/browser-crashed',
  // Our browser could not be started (its binary gone, or failing to start again and again: launch-breaker.ts):
  // the page was never asked for.
  'browser/missing',
  'browser/unavailable',
  // A transport failure we could not name: not the page's answer either.
  'fetch/failed',
  // An answer that broke HTTP/1.1 (its framing, its length): no page was received.
  'fetch/protocol',
  // A body delimited by its connection's close that ended inside its document: a cut page.
  'fetch/truncated',
  // A body in a coding we cannot undo (zstd, compress): no page we can read was received.
  'fetch/unsupported-coding',
  // Our proxies failed (unreachable, refused our credentials, refused the tunnel), or none was left to use:
  // the site never answered.
  'fetch/proxy-unreachable',
  'fetch/proxy-auth',
  'fetch/proxy-tunnel',
  'proxy/unavailable',
  // robots.txt could not be fetched: we never learned whether the page may be crawled.
  'robots/unavailable',
  // Our own store refused the items on every try.
  'items/write-failed',
  // The frontier did not store the links a page yielded on every try (engine/request-task.ts).
  'frontier/add-failed',
  // A callback that ran past its time limit on every try (engine/callback-deadline.ts): the page came, but
  // its price was never read, and the cause (a call of the spider's own that stalled, a lock) is not the
  // page's answer; a later run may get it, so the run must not end looking clean.
  'callback/timeout',
  // res.json() on an answer that was empty, cut inside its JSON, or markup (an error page, a wall) in its
  // place (core/json-answer.ts): the site's bad state, not its answer; tried again while attempts last.
  'parse/json-cut',
  'parse/json-html',
  // A 2xx whose JSON reports an error and names no status (downloader/error-envelope.ts): the page never came.
  'http/error-envelope',
  // A sitemap's URL answered a wall or error page (sitemap/read-sitemap.ts): every page it lists went unread
  // this run, and a later run may get the sitemap.
  'sitemap/invalid',
  // A sitemap cut short (a gzip whose data ends early, a urlset that never closes): tried again while attempts last.
  'sitemap/cut',
]);

export function failureKind(reason: string): FailureKind {
  // An answer that was another page (a cache answering one URL's bytes for another; core/page-fault.ts): the page never came.
  if (TRANSIENT_REASONS.has(reason) || isPageFault(reason)) return 'transient';
  const status = /^http\/(\d{3})$/.exec(reason);
  return status && isTransientStatus(Number(status[1])) ? 'transient' : 'permanent';
}

/** The transient part of a ledger's failures by reason. */
export function transientFailures(failedByReason: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(failedByReason).filter(([reason]) => failureKind(reason) === 'transient'));
}
