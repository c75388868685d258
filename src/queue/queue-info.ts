// A run seen as a Crawlee queue: getInfo() counts are the run's ledger counts.
import type * as storage from '@crawlee/types';
import type { LedgerCounts } from '../ports/frontier';

export type QueueCounts = LedgerCounts;

export interface QueueRun {
  runId: string;
  startedAtMs: number;
  finishedAtMs: number | null;
}

/**
 * total = planned, handled = succeeded + failed, pending = still queued or in progress: the same
 * numbers `frontier.summary()` reports, so a Crawlee reader and the run's report never disagree.
 * The queue is shared with the crawl by design, hence hadMultipleClients.
 */
export function queueInfo(run: QueueRun, counts: QueueCounts): storage.RequestQueueInfo {
  const nowMs = Date.now();
  return {
    id: run.runId,
    name: run.runId,
    createdAt: new Date(run.startedAtMs),
    modifiedAt: new Date(run.finishedAtMs ?? nowMs),
    accessedAt: new Date(nowMs),
    totalRequestCount: counts.planned,
    handledRequestCount: counts.succeeded + counts.failed,
    pendingRequestCount: counts.pending,
    hadMultipleClients: true,
  };
}

/** A run's queue is named by its run id; Crawlee's update({ name }) cannot rename it. */
export function refuseRename(runId: string, name: string | undefined): void {
  if (name !== undefined && name !== runId) throw new Error(`the queue of run ${runId} is named by its run id`);
}

/** addRequest is a batch of one: both backends keep a single insert path. */
export async function addOne(
  client: Pick<storage.RequestQueueClient, 'batchAddRequests'>,
  request: storage.RequestSchema,
  options: storage.RequestOptions,
): Promise<storage.QueueOperationInfo> {
  const { processedRequests, unprocessedRequests } = await client.batchAddRequests([request], options);
  if (unprocessedRequests.length > 0) throw new Error(`request ${request.url} cannot be queued: it is not an http(s) request the engine fetches`);
  const { requestId, wasAlreadyHandled, wasAlreadyPresent } = processedRequests[0];
  return { requestId, wasAlreadyHandled, wasAlreadyPresent };
}
