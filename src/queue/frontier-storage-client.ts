// Crawlee StorageClient whose request queues are runs of the frontier; datasets and key-value stores stay in memory.
import { crawleeMemoryStorage } from '../core/crawlee';
import { PricecrawlError } from '../core/errors';
import type * as storage from '@crawlee/types';

/** A queue client the storage client can close: its leases go back and its connection is released. */
export type ClosableQueueClient = storage.RequestQueueClient & { close(): Promise<void> };

/** One frontier backend (SQLite file or Redis server) as the storage client needs it. */
export interface QueueBackend {
  queueClient(runId: string, options?: storage.RequestQueueOptions): ClosableQueueClient;
  /** The run as a queue, or undefined when the backend holds no such run. */
  info(runId: string): Promise<storage.RequestQueueInfo | undefined>;
  runIds(): Promise<string[]>;
  close(): Promise<void>;
}

/** The runs the frontier does hold (the latest few), or that it holds none: a run id from another storage dir is the usual slip. */
async function runsThere(backend: QueueBackend): Promise<string> {
  const runIds = (await backend.runIds()).sort().reverse();
  if (runIds.length === 0) return 'it holds no run (pass the crawl\'s storage dir as { dir } or its frontier as { url })';
  const shown = runIds.slice(0, 5).join(', ');
  return `its runs: ${shown}${runIds.length > 5 ? `, and ${runIds.length - 5} more` : ''} (pricecrawl runs lists them with their spiders)`;
}

/**
 * A queue is a run, named by its run id: `requestQueue(runId)` is the run's own requests, in the
 * frontier's tables or keys. Queues are not created here: a run starts with a crawl (`pricecrawl crawl`,
 * `--run-id`), which also fixes its spider. Items go through our own ItemStore, so Crawlee's datasets
 * and key-value stores stay in an unpersisted MemoryStorage, and purge() touches only those.
 */
export class FrontierStorageClient implements storage.StorageClient {
  private readonly memory = new crawleeMemoryStorage.MemoryStorage({ persistStorage: false, writeMetadata: false });
  private readonly clients = new Set<ClosableQueueClient>();

  constructor(
    private readonly backend: QueueBackend,
    /** Where the runs are, for messages: the frontier file, or the Redis URL with its password masked. */
    private readonly where = 'this frontier',
  ) {}

  datasets(): storage.DatasetCollectionClient {
    return this.memory.datasets();
  }

  dataset(id: string): storage.DatasetClient {
    return this.memory.dataset(id);
  }

  keyValueStores(): storage.KeyValueStoreCollectionClient {
    return this.memory.keyValueStores();
  }

  keyValueStore(id: string): storage.KeyValueStoreClient {
    return this.memory.keyValueStore(id);
  }

  requestQueues(): storage.RequestQueueCollectionClient {
    const { backend, where } = this;
    return {
      async list() {
        const infos = await Promise.all((await backend.runIds()).map((runId) => backend.info(runId)));
        const items = infos.filter((info): info is storage.RequestQueueInfo => info !== undefined);
        return { total: items.length, count: items.length, offset: 0, limit: items.length, desc: false, items };
      },
      async getOrCreate(name: string) {
        const info = await backend.info(name);
        if (!info) throw new PricecrawlError('FRONTIER_NO_RUN', `no run "${name}" in ${where}: a run's queue opens once a crawl has created the run; ${await runsThere(backend)}`);
        return info;
      },
    };
  }

  requestQueue(id: string, options?: storage.RequestQueueOptions): storage.RequestQueueClient {
    const client = this.backend.queueClient(id, options);
    this.clients.add(client);
    return client;
  }

  async purge(): Promise<void> {
    await this.memory.purge();
  }

  async teardown(): Promise<void> {
    await this.memory.teardown();
  }

  /** Hands back every lease its queue clients hold and closes the backend; the runs stay. */
  async close(): Promise<void> {
    for (const client of this.clients) await client.close();
    this.clients.clear();
    await this.backend.close();
  }
}
