// A resume's check that the item store holds what the frontier acknowledged, before anything is fetched.
import type { Logger } from 'pino';
import type { Stats } from '../../engine/stats';
import type { OpenedFrontier } from '../../ports/frontier';
import type { ItemStore } from '../../ports/item-store';

/**
 * An items file older than its frontier (a storage dir copied file by file during a crawl, restored from two
 * backups) lacks products the frontier counts as stored: they are fetched again instead of the run ending clean
 * without them. A store that cannot list its requests (a project's own) is trusted, as before.
 */
export async function refetchUnstoredAcks(opened: OpenedFrontier, items: ItemStore, stats: Stats, log: Logger): Promise<void> {
  if (!opened.requeueUnstoredAcks || !items.storedRequests) return;
  const requeued = await opened.requeueUnstoredAcks(await items.storedRequests(opened.frontier.runId));
  if (requeued === 0) return;
  stats.inc('resume/items-missing', requeued);
  log.warn({ runId: opened.frontier.runId, requests: requeued }, `${requeued} requests the frontier recorded as handled have no items in the item store (an items file older than the frontier: a storage dir copied while a crawl wrote?); they are fetched again`);
}
