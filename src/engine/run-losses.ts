// What a run lost, from its summary: requests lost to transient failures, hosts lost whole, work lost to errors in our code, hosts waited on. One source for every surface.
import { isCallbackName } from '../core/spider-hooks';
import type { CodeErrorFacts, CodeErrorKind } from './code-errors';
import { lostHostHint } from './lost-hosts';
import type { RunSummary } from './run-summary';

export interface LostHostFacts {
  host: string;
  planned: number;
  succeeded: number;
  /** Most frequent first. */
  failedByReason: Array<[reason: string, count: number]>;
  droppedByReason: Array<[reason: string, count: number]>;
  /** A word on the likely cause (lost-hosts.ts). */
  hint: string;
}

export interface RunLosses {
  /** Failed requests whose reason is transient: a later run may get them (exit 4). */
  transient: { requests: number; byReason: Array<[reason: string, count: number]> };
  /** Hosts the run planned requests for that gave not one item (exit 4). */
  lostHosts: LostHostFacts[];
  /**
   * Components of the project that threw (a callback on some pages, a middleware on some requests, a stage
   * on some items), most frequent first: work lost to a bug, however little (exit 4).
   */
  codeErrors: Array<{ kind: CodeErrorKind; name: string } & CodeErrorFacts>;
  /** Hosts whose servers asked for a wait past frontier.maxIdleWaitMs; their requests stay queued (exit 2). */
  waitingHosts: Array<{ host: string; pending: number; untilMs: number | null; failedTries?: number }>;
}

const byCount = (counts: Record<string, number>): Array<[string, number]> => Object.entries(counts).sort(([ra, a], [rb, b]) => b - a || ra.localeCompare(rb));

/**
 * The losses as every surface shows them (terminal summary, HTML report, `runs`, `status`): computed here
 * only, from the summary the run stored, so a report built later on another machine says what the crawl
 * printed. A summary stored before these fields existed reads as having none.
 */
export function runLosses(summary: Partial<Pick<RunSummary, 'transientFailures' | 'lostHosts' | 'waitingHosts' | 'codeErrors' | 'ledger'>>): RunLosses {
  const transient = byCount(summary.transientFailures ?? {});
  return {
    transient: { requests: transient.reduce((sum, [, n]) => sum + n, 0), byReason: transient },
    lostHosts: Object.entries(summary.lostHosts ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([host, h]) => ({ host, planned: h.planned, succeeded: h.succeeded, failedByReason: byCount(h.failedByReason), droppedByReason: byCount(h.droppedByReason), hint: lostHostHint(h) })),
    codeErrors: codeErrorLosses(summary),
    waitingHosts: Object.entries(summary.waitingHosts ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([host, w]) => ({ host, pending: w.pending, untilMs: w.untilMs, ...(w.failedTries ? { failedTries: w.failedTries } : {}) })),
  };
}

/** The ledger's failures that a callback or a middleware of the project caused, by the kind that caused them. */
const CODE_FAILURES: Array<[reason: string, kind: CodeErrorKind]> = [['callback/error', 'callback'], ['engine/middleware-error', 'middleware'], ['spider-middleware/error', 'spider-middleware']];

/**
 * This process's code errors by component, plus what the run's ledger holds beyond them: failures from
 * the part of the run before a `--resume` (or from another worker on a shared frontier) that this process
 * never saw thrown. Without them a resumed run whose first part lost pages to a bug ended exit 0. Only for
 * summaries that count code errors at all: an older run's record keeps the exit code it was stored with.
 */
function codeErrorLosses(summary: Partial<Pick<RunSummary, 'codeErrors' | 'ledger'>>): RunLosses['codeErrors'] {
  if (summary.codeErrors === undefined) return [];
  const seen = Object.entries(summary.codeErrors).map(([key, facts]) => ({ kind: key.slice(0, key.indexOf('/')) as CodeErrorKind, name: key.slice(key.indexOf('/') + 1), ...facts }));
  for (const [reason, kind] of CODE_FAILURES) {
    const counted = seen.filter((e) => e.kind === kind).reduce((sum, e) => sum + e.count, 0);
    const unseen = (summary.ledger?.failedByReason[reason] ?? 0) - counted;
    if (unseen > 0) seen.push({ kind, name: UNSEEN_NAME, count: unseen, firstMessage: '', firstUrl: '' });
  }
  return seen.sort((a, b) => b.count - a.count || `${a.kind}/${a.name}`.localeCompare(`${b.kind}/${b.name}`));
}

/** The component name of code errors the ledger holds but this process did not see thrown. */
const UNSEEN_NAME = '(before a resume, or on another worker)';

/** True when the run lost nothing a reader must be told of. */
export function lostNothing(losses: RunLosses): boolean {
  return losses.transient.requests === 0 && losses.lostHosts.length === 0 && losses.codeErrors.length === 0 && losses.waitingHosts.length === 0;
}

/**
 * The losses as text lines (the terminal summary and `status`; the caller makes them terminal-safe). The
 * headings are the words the HTML report uses too.
 */
export function lossLines(losses: RunLosses): string[] {
  const lines: string[] = [];
  const { transient } = losses;
  if (transient.requests > 0) {
    const reasons = transient.byReason.map(([r, n]) => `${r}: ${n}`).join(', ');
    lines.push('', `${LOSS_HEADINGS.transient}: ${transient.requests} request${transient.requests === 1 ? '' : 's'} (${reasons}); a later run may get them`);
  }
  if (losses.lostHosts.length > 0) {
    lines.push('', `${LOSS_HEADINGS.lostHosts} (requests planned, not one item from them): ${losses.lostHosts.length}`);
    for (const h of losses.lostHosts) lines.push(`  ${h.host}: ${lostHostCounts(h)}; ${h.hint}`);
  }
  if (losses.codeErrors.length > 0) {
    lines.push('', `${LOSS_HEADINGS.codeErrors} (a callback, errback, middleware, stage or extension of the project threw; fix it and run again): ${losses.codeErrors.length}`);
    for (const e of losses.codeErrors) lines.push(`  ${codeErrorCounts(e)}${e.firstMessage === '' ? '' : `; first: ${e.firstMessage}${e.firstAt ? ` at ${e.firstAt}` : ''}${e.firstUrl === '' ? '' : ` (${e.firstUrl})`}`}`);
  }
  if (losses.waitingHosts.length > 0) {
    lines.push('', `${LOSS_HEADINGS.waitingHosts} (their servers asked us to come back after the run ended, or failed every try; their requests stay queued for --resume):`);
    for (const w of losses.waitingHosts) {
      const tries = w.failedTries ? `, every try failed (${w.failedTries})` : '';
      lines.push(`  ${w.host}: ${w.pending} pending${tries}${w.untilMs === null ? '' : `, the server asked us to wait until ${new Date(w.untilMs).toISOString()}`}`);
    }
  }
  return lines;
}

export const LOSS_HEADINGS = { transient: 'LOST TO TRANSIENT FAILURES', lostHosts: 'LOST WHOLE HOSTS', codeErrors: 'LOST TO ERRORS IN CODE', waitingHosts: 'WAITING ON HOSTS' } as const;

/** What one component's errors cost, in words: requests for callbacks and middlewares, items for stages. */
const CODE_ERROR_UNITS: Record<CodeErrorKind, [one: string, many: string]> = {
  callback: ['page failed', 'pages failed'],
  // The request had failed already: what its errback was to yield (a fallback, a gone item) is lost.
  errback: ['failure not handled', 'failures not handled'],
  middleware: ['request failed', 'requests failed'],
  'spider-middleware': ['page failed', 'pages failed'],
  stage: ['item dropped', 'items dropped'],
  extension: ['event failed', 'events failed'],
};

/** `callback "parseProduct": 3 pages failed`. */
export function codeErrorCounts(e: RunLosses['codeErrors'][number]): string {
  // The spider's `closed()` and `idle()` are no page's callback: "1 page failed" sent readers looking for one.
  const hook = e.kind === 'callback' && !isCallbackName(e.name);
  const [one, many] = hook ? ['call failed', 'calls failed'] : (CODE_ERROR_UNITS[e.kind] ?? ['time', 'times']);
  return `${e.kind} "${e.name}": ${e.count} ${e.count === 1 ? one : many}`;
}

/** "planned 3, succeeded 0, failed: http/403 3, items dropped: price/missing 2". */
export function lostHostCounts(h: LostHostFacts): string {
  const pairs = (counts: Array<[string, number]>) => counts.map(([r, n]) => `${r} ${n}`).join(', ');
  const failed = h.failedByReason.length > 0 ? `, failed: ${pairs(h.failedByReason)}` : '';
  const dropped = h.droppedByReason.length > 0 ? `, items dropped: ${pairs(h.droppedByReason)}` : '';
  return `planned ${h.planned}, succeeded ${h.succeeded}${failed}${dropped}`;
}

/** One cell for a table of runs: "2 hosts lost, 1 waited on, 3 transient, 2 code errors", or '' when nothing was lost. */
export function lossCell(losses: RunLosses): string {
  const parts: string[] = [];
  if (losses.lostHosts.length > 0) parts.push(`${losses.lostHosts.length} host${losses.lostHosts.length === 1 ? '' : 's'} lost`);
  if (losses.waitingHosts.length > 0) parts.push(`${losses.waitingHosts.length} waited on`);
  if (losses.transient.requests > 0) parts.push(`${losses.transient.requests} transient`);
  const codeErrors = losses.codeErrors.reduce((sum, e) => sum + e.count, 0);
  if (codeErrors > 0) parts.push(`${codeErrors} code error${codeErrors === 1 ? '' : 's'}`);
  return parts.join(', ');
}
