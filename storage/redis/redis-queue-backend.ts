// The shared frontier as a Crawlee storage client's backend: a run's queue on its keys in Redis.
import { closeRedis, connectRedis } from './redis-connect';
import { refuseEvictingServer } from './eviction-policy';
import { policyFromSettings } from '../../src/politeness/host-policy';
import type { QueueBackend } from '../../src/queue/frontier-storage-client';
import type { Settings } from '../../src/settings/schema';
import { RedisQueueClient, queueScripts } from './redis-queue-client';
import { frontierScripts, runIndexKey } from './redis-scripts';

export async function redisQueueBackend(url: string, settings: Settings, keyOf: (url: string) => string): Promise<QueueBackend> {
  const redis = await connectRedis(url);
  try {
    await refuseEvictingServer(redis, url);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  const scripts = frontierScripts(redis);
  const queue = queueScripts(redis);
  const policyFor = policyFromSettings(settings.politeness);
  const clientOf = (runId: string, clientKey?: string) =>
    new RedisQueueClient({ redis, scripts, queue, runId, hostKeyOf: keyOf, policyFor, intervalMarginMs: settings.politeness.intervalMarginMs, settings: settings.frontier, clientKey });
  return {
    queueClient: (runId, queueOptions) => clientOf(runId, queueOptions?.clientKey),
    info: (runId) => clientOf(runId).get(),
    runIds: async () => {
      // SCAN, not KEYS: the server may hold millions of keys of running crawls.
      const runIds: string[] = [];
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', runIndexKey('*'), 'COUNT', 500);
        for (const key of keys) runIds.push(...(await redis.zrange(key, '0', '-1')));
        cursor = next;
      } while (cursor !== '0');
      return runIds;
    },
    close: async () => {
      await closeRedis(redis);
    },
  };
}
