// Finds or creates the run a Redis worker opens, after refusing what would make it unsafe to share.
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { PricecrawlError } from '../../src/core/errors';
import { refuseEvictingServer, type EvictionState } from './eviction-policy';
import type { RedisFrontierOptions } from './redis-frontier-options';
import { runToOpen, waitForRun } from './redis-runs';
import { frontierScripts, runIndexKey, runPrefix, type FrontierScripts } from './redis-scripts';
import { claimRunItemStore, refuseOtherRunItemStore } from './run-item-store';
import { itemStoreIdentity } from '../run-item-store';

export interface OpenedRedisRun {
  scripts: FrontierScripts;
  runId: string;
  /** The run existed before this worker opened it (a resume or a join). */
  resumed: boolean;
  /** The server's eviction policy and count as the run opened. */
  eviction: EvictionState;
  /** The fencing token of the claim the run was last opened under (RedisFrontierOptions.fence), if any. */
  fence?: number;
}

/**
 * Refuses a server that may evict the run's keys, then joins the named run (waiting for it to appear) or
 * opens the one to create or resume, and claims the run's item store so that no worker writes elsewhere.
 */
export async function openRedisRun(redis: Redis, options: RedisFrontierOptions): Promise<OpenedRedisRun> {
  const eviction = await refuseEvictingServer(redis, options.url);
  const scripts = frontierScripts(redis);
  const runId = options.join ? await waitForRun(redis, options.spider, options.runId, options.joinTimeoutMs ?? 30_000) : await runToOpen(redis, options);
  const seedingTtl = options.seeding ? options.settings.leaseTtlMs : 0;
  const mode = options.join ? 'join' : 'create';
  const store = options.itemStore === undefined ? null : itemStoreIdentity(options.itemStore, hostname());
  if (store !== null) await refuseOtherRunItemStore(redis, runPrefix(runId), runId, store);
  const fenceArg = options.fence === undefined ? '' : String(options.fence);
  const [existed, , fence] = (await scripts.openRun(runPrefix(runId), runIndexKey(options.spider), runId, options.spider, mode, seedingTtl, fenceArg)) as [number, number, string];
  if (existed === -2) throw new PricecrawlError('FRONTIER_NO_RUN', `run ${runId} of ${options.spider} has finished already: nothing to join`);
  if (store !== null) await claimRunItemStore(redis, runPrefix(runId), runId, store);
  return { scripts, runId, resumed: existed === 1, eviction, fence: fence === '' ? undefined : Number(fence) };
}
