// One run, one item store: a worker whose items would go elsewhere than the run's is refused before it fetches.
import { resolve } from 'node:path';
import type { Redis } from 'ioredis';
import { PricecrawlError } from '../../src/core/errors';
import type { StoreLocation } from '../../src/settings/store-url';

/**
 * Where a process keeps a run's items: an embedded store is a directory on one machine
 * (`sqlite <hostname>:<absolute dir>`), and every PostgreSQL store is `postgres`: two URLs cannot be told
 * apart safely (a DNS name and an address, a pgbouncer beside each worker), so they are taken as one.
 */
export function itemStoreIdentity(location: StoreLocation, host: string): string {
  return location.kind === 'postgres' ? 'postgres' : `sqlite ${host}:${resolve(location.dir)}`;
}

function described(identity: string): string {
  return identity === 'postgres' ? 'a PostgreSQL store (storage.url)' : `the storage dir ${identity.slice('sqlite '.length)}`;
}

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
  refuseOtherStore(recorded[1], runId, identity);
}

/**
 * The same check before the run is opened: opening a running run as a seeder marks it unseeded until this
 * process's start() ends, so a process refused after that left the mark behind, and the run's own seeder,
 * long done, was then taken for one that died (FRONTIER_SEEDER_LOST, exit 2). Two processes opening at once
 * both pass here; the claim after the open still refuses one, while the other's start() is still to clear the mark.
 */
export async function refuseOtherRunItemStore(redis: Redis, prefix: string, runId: string, identity: string): Promise<void> {
  refuseOtherStore(await redis.hget(`${prefix}meta`, 'itemStore'), runId, identity);
}

function refuseOtherStore(kept: unknown, runId: string, identity: string): void {
  if (typeof kept !== 'string' || kept === identity) return;
  throw new PricecrawlError(
    'FRONTIER_STORE_MISMATCH',
    `run ${runId} keeps its items in ${described(kept)}; this process would write them to ${described(identity)}, so neither store would hold the whole run: give every process of a run the same store (storage.url, a PostgreSQL database all of them reach, or the same --storage on one machine). Nothing was fetched`,
  );
}
