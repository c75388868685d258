// openRequestQueue(runId): a stock Crawlee RequestQueue on a run's frontier storage (SQLite directory or Redis URL).
import type { RequestQueue } from '@crawlee/core';
import { crawleeCore } from '../core/crawlee';
import { acquireFrontierConnection } from '../frontier/frontier-connection';
import { runCounts } from '../frontier/frontier-summary';
import { getRun, listRuns } from '../frontier/frontier-runs';
import { policyFromSettings } from '../politeness/host-policy';
import { hostKeyOf } from '../politeness/host-key';
import { resolveSettings } from '../settings/load-settings';
import type { Settings } from '../settings/schema';
import { FrontierQueueClient } from '../../storage/sqlite/frontier-queue-client';
import { FrontierStorageClient, type QueueBackend } from './frontier-storage-client';
import { queueInfo } from './queue-info';

export interface OpenRequestQueueOptions {
  /** The crawl's settings: storage.dir or frontier.url say where the run lives, politeness.hostKey how requests join host queues. Defaults otherwise. */
  settings?: Settings;
  /** The crawl's storage.dir (the run is in `<dir>/frontier.sqlite`); overrides settings. */
  dir?: string;
  /** The crawl's shared frontier, `redis://host:port` (frontier.url); overrides settings and dir. */
  url?: string;
}

export interface OpenedRequestQueue {
  /** Crawlee's own RequestQueue (v2, locking): addRequests, fetchNextRequest, markRequestHandled, getInfo... or a crawler's `requestQueue`. */
  queue: RequestQueue;
  storageClient: FrontierStorageClient;
  /** Hands back the requests this process holds locked and closes the connection; the run stays. */
  close(): Promise<void>;
}

/**
 * The run's queue as Crawlee sees it. Requests added through it join the run's ledger and host queues
 * (a running crawl fetches them under its politeness); getInfo() counts are the ledger's.
 */
export async function openRequestQueue(runId: string, options: OpenRequestQueueOptions = {}): Promise<OpenedRequestQueue> {
  const storageClient = await openFrontierStorageClient(options);
  try {
    const config = new crawleeCore.Configuration({ storageClient, persistStorage: false, purgeOnStart: false });
    const queue = await crawleeCore.RequestQueue.open(runId, { config, storageClient });
    return { queue, storageClient, close: () => storageClient.close() };
  } catch (error) {
    await storageClient.close();
    throw error;
  }
}

/** The Crawlee StorageClient over the frontier a crawl with these settings uses. */
export async function openFrontierStorageClient(options: OpenRequestQueueOptions = {}): Promise<FrontierStorageClient> {
  const settings = options.settings ?? resolveSettings([]).settings;
  const keyOf = (url: string) => hostKeyOf(url, settings.politeness.hostKey);
  const url = options.url ?? (options.dir === undefined ? settings.frontier.url : '');
  if (url !== '') return new FrontierStorageClient(await redisBackend(url, settings, keyOf));
  return new FrontierStorageClient(sqliteBackend(options.dir ?? settings.storage.dir, keyOf));
}

function sqliteBackend(dir: string, keyOf: (url: string) => string): QueueBackend {
  const connection = acquireFrontierConnection(dir);
  return {
    queueClient: (runId, queueOptions) => new FrontierQueueClient({ connection, runId, hostKeyOf: keyOf, clientKey: queueOptions?.clientKey }),
    info: async (runId) => {
      const run = getRun(connection.db, runId);
      return run ? queueInfo(run, runCounts(connection.db, runId)) : undefined;
    },
    runIds: async () => listRuns(connection.db).map((run) => run.runId),
    close: async () => connection.release(),
  };
}

async function redisBackend(url: string, settings: Settings, keyOf: (url: string) => string): Promise<QueueBackend> {
  // Imported on demand, as the crawl does: an embedded queue never loads the Redis client.
  const [{ Redis }, { RedisQueueClient, queueScripts }, { frontierScripts, runIndexKey }] = await Promise.all([
    import('ioredis'),
    import('../../storage/redis/redis-queue-client'),
    import('../../storage/redis/redis-scripts'),
  ]);
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
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
      await redis.quit();
    },
  };
}
