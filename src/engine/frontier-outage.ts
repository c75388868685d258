// How long the frontier has failed without a break: a short outage is waited out, a long one stops the crawl.
import { PricecrawlError } from '../core/errors';
import { codedErrors } from '../fetch/fetch-error-map';
import { storageFailureCode } from './storage-failure';

/** The frontier answered, but no longer holds the run (FRONTIER_RUN_LOST): no wait brings its queue back. */
export function frontierRunLost(error: unknown): boolean {
  return codedErrors(error).some(({ code }) => code === 'FRONTIER_RUN_LOST');
}

/** The run's seeder died before its start() finished (FRONTIER_SEEDER_LOST): the crawl stops, the run is resumed to seed it again. */
export function frontierSeederLost(error: unknown): boolean {
  return codedErrors(error).some(({ code }) => code === 'FRONTIER_SEEDER_LOST');
}

/**
 * The frontier could not store the requests a page yielded: the frontier's failure, never the callback's.
 * The driver's own error stays the cause, so a store that cannot write (SQLITE_FULL) is still known as one.
 */
export function frontierAddError(error: unknown): PricecrawlError {
  const why = error instanceof Error ? error.message : String(error);
  return new PricecrawlError('FRONTIER_ADD_FAILED', `the frontier did not store the requests yielded (${why})`, { cause: error });
}

export function frontierAddFailed(error: unknown): boolean {
  return codedErrors(error).some(({ code }) => code === 'FRONTIER_ADD_FAILED');
}

/**
 * A shared frontier can be away for a moment (a Redis restart, a failover) and the crawl should ride
 * that out; but a crawl nobody watches must not retry for ever against one that is gone. Any answer from
 * the frontier ends the outage.
 */
export class FrontierOutage {
  private sinceMs: number | null = null;

  constructor(private readonly limitMs: number) {}

  /** The frontier answered; returns how long the outage it ends lasted, or null when there was none. */
  recovered(nowMs: number): number | null {
    const lasted = this.sinceMs === null ? null : nowMs - this.sinceMs;
    this.sinceMs = null;
    return lasted;
  }

  /** True between the first failure and the next answer. */
  ongoing(): boolean {
    return this.sinceMs !== null;
  }

  /** The frontier failed at `nowMs`; true once it has failed without a break for the whole limit. */
  failed(nowMs: number): boolean {
    this.sinceMs ??= nowMs;
    return nowMs - this.sinceMs >= this.limitMs;
  }

  /** Milliseconds the current outage has lasted (0 when there is none). */
  lastedMs(nowMs: number): number {
    return this.sinceMs === null ? 0 : nowMs - this.sinceMs;
  }
}

/** What a failed pick means for the crawl: a store that cannot write, a stop with its reason, or a retry in a second. */
export type PickFailure =
  | { kind: 'storage' }
  | { kind: 'stop'; reason: string; message: string; outageMs?: number }
  | { kind: 'retry'; first: boolean };

/**
 * A lost run or a dead seeder ends the crawl at once (no wait brings them back); anything else is an outage,
 * retried until it has lasted `frontier.outageMs`. `first` is read before the failure is counted.
 */
export function judgePickFailure(error: unknown, outage: FrontierOutage, nowMs: number, run: { spider: string; runId: string }): PickFailure {
  if (storageFailureCode(error) !== null) return { kind: 'storage' };
  const first = !outage.ongoing();
  if (frontierRunLost(error)) return { kind: 'stop', reason: 'frontier/run-lost', message: 'the frontier lost the run; stopping the crawl' };
  if (frontierSeederLost(error)) {
    const resume = `pricecrawl crawl ${run.spider} --resume --run ${run.runId} (and the same --frontier), which runs start() again`;
    return { kind: 'stop', reason: 'frontier/seeder-lost', message: `the run's seeder stopped before its start() finished; stopping the crawl, the run stays resumable: continue it with ${resume}` };
  }
  if (outage.failed(nowMs)) return { kind: 'stop', reason: 'frontier/unreachable', message: 'the frontier kept failing; stopping the crawl, its work stays queued', outageMs: outage.lastedMs(nowMs) };
  return { kind: 'retry', first };
}
