// The end of a run: its durable end work (price history, SKU catalog) first, then the frontier calls it over; the run record last.
import type { Logger } from 'pino';
import { exitCodeOfError } from '../../core/errors';
import type { CrawlEngine } from '../../engine/crawl-engine';
import { storageFailureCode } from '../../engine/storage-failure';
import type { RunSummary } from '../../engine/run-summary';
import type { OpenedFrontier, RunStatus } from '../../ports/frontier';
import type { RunRecorder } from './run-record';

export type EndStep = [name: string, step: () => Promise<unknown>];

export interface StorageFailures {
  /** Records a store that cannot write: the run stops resumable and ends STORAGE_WRITE_FAILED. */
  failed(error: unknown): void;
  readonly error: unknown;
}

/**
 * Why this order: the frontier's `finished` is what makes `--resume` start a new run instead of this one.
 * Recorded before history and catalog (as it was), a process killed between them left a finished run whose
 * price changes and catalog revisit data nobody wrote, then or later. Recorded after them, that run is
 * still resumable, and its resume ends it again (both steps are idempotent per run). A step that fails
 * leaves the run resumable the same way. Returns the first failure of a step, to be raised once all ran.
 */
export async function endRun(opened: OpenedFrontier, status: Exclude<RunStatus, 'running'>, durable: readonly EndStep[], storage: StorageFailures, log: Logger): Promise<unknown> {
  const claimed = await storageSafe(() => opened.claimEnd(status), storage, false);
  if (!claimed) return null;
  // After a store failed (a full disk, a deleted file) the steps would fail or read a store that lost rows.
  const failure = storage.error === null ? await runEndSteps(durable, log, storage) : null;
  const ended = failure === null && storage.error === null ? status : 'interrupted';
  if (ended !== status) log.warn({ status: ended }, 'the run stays resumable: its end work is not all written; --resume ends it again');
  await storageSafe(() => opened.finishRun(ended), storage, undefined);
  return failure;
}

/** A frontier that cannot write here stops the run as a store does (`--resume` continues it). */
async function storageSafe<T>(call: () => Promise<T>, storage: StorageFailures, fallback: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (storageFailureCode(error) === null) throw error;
    storage.failed(error);
    return fallback;
  }
}

/**
 * Runs every step even when an earlier one failed; the first failure is returned to be raised once all are
 * done. A store that cannot write is the run's storage failure (exit 2, resumable), not a step's.
 */
export async function runEndSteps(steps: readonly EndStep[], log: Logger, storage?: StorageFailures): Promise<unknown> {
  let first: unknown = null;
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (error) {
      if (storage && storageFailureCode(error) !== null) {
        storage.failed(error);
        continue;
      }
      log.error({ err: error, step: name }, `end of run: ${name} failed`);
      first ??= error;
    }
  }
  return first;
}

/**
 * The summary the run record ends with. The summary is built before the end work, so a store that could not
 * write there (items.sqlite made read-only, which only the price history's new connection met; a disk that
 * filled at the end; a fetch-log flush at close) left it `finished`: the record said finished, exit 0, while
 * the process exited 2, the frontier kept the run resumable and its price changes were unwritten. The
 * record now says what the process says: interrupted, for the storage failure, exit 2.
 */
export function recordedSummary(summary: RunSummary, storage: { readonly error: unknown }, stopReason: string | null): RunSummary {
  if (storage.error === null || summary.status === 'interrupted' || summary.status === 'failed') return summary;
  return { ...summary, status: 'interrupted', stopReason: stopReason ?? summary.stopReason };
}

/** A run stopped by a closeSpider limit keeps its pending requests resumable: the frontier sees it as interrupted. */
export function frontierStatus(summary: RunSummary): 'finished' | 'interrupted' | 'failed' {
  if (summary.status !== 'stopped') return summary.status;
  return summary.ledger.pending > 0 ? 'interrupted' : 'finished';
}

/** The run record's end; on a full disk it cannot be written, and `runs` shows the run as crashed instead. */
/**
 * The record holds the exit code the process gives: a run whose end failed after its summary (a feed it
 * could not complete) exits on that failure, and its record said finished, exit 0, while the process exited 1.
 * A storage failure wins over it (raised first), and the recorded summary says interrupted for it.
 */
export async function endRecord(record: RunRecorder, summary: RunSummary, engine: CrawlEngine, endFailure: unknown): Promise<void> {
  const exitCode = endFailure !== null && engine.storageError === null ? exitCodeOfError(endFailure) : undefined;
  try {
    await record.end(recordedSummary(summary, { error: engine.storageError }, engine.stopReason), exitCode);
  } catch (error) {
    if (storageFailureCode(error) === null) throw error;
    engine.storageFailed(error);
  }
}
