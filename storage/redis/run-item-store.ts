// One Redis run, one item store: the store recorded in the run's meta; a worker whose items would go elsewhere is refused before it fetches.
import type { Redis } from 'ioredis';
import { refuseOtherItemStore } from '../run-item-store';

/**
 * Two processes of one Redis run with stores of their own (a worker started without --store, a second
 * `crawl --run` from another directory) each ended finished, exit 0, accounting balanced, while each
 * store held only the items its process fetched: the one that ended the run folded 25 of 40 products into
 * the price history and the catalog, and each store's export missed the others'. The first process
 * records its store in the run's meta (HSETNX: of two opening at once, one is first); a process whose
 * store differs is refused before it fetches anything.
 */
export async function claimRunItemStore(redis: Redis, prefix: string, runId: string, identity: string): Promise<void> {
  const [, recorded] = (await redis.multi().hsetnx(`${prefix}meta`, 'itemStore', identity).hget(`${prefix}meta`, 'itemStore').exec()) as Array<[Error | null, unknown]>;
  refuseOtherItemStore(recorded[1], runId, identity);
}

/**
 * The same check before the run is opened: opening a running run as a seeder marks it unseeded until this
 * process's start() ends, so a process refused after that left the mark behind, and the run's own seeder,
 * long done, was then taken for one that died (FRONTIER_SEEDER_LOST, exit 2). Two processes opening at once
 * both pass here; the claim after the open still refuses one, while the other's start() is still to clear the mark.
 */
export async function refuseOtherRunItemStore(redis: Redis, prefix: string, runId: string, identity: string): Promise<void> {
  refuseOtherItemStore(await redis.hget(`${prefix}meta`, 'itemStore'), runId, identity);
}
