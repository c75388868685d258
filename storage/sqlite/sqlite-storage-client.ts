// Crawlee StorageClient: request queues in frontier.sqlite, datasets and key-value stores in memory.
import { randomUUID } from 'node:crypto';
import { MemoryStorage } from '@crawlee/memory-storage';
import type * as storage from '@crawlee/types';
import { openFrontierDb, type SqliteDb } from './open-frontier-db';
import { isPidAlive } from './process-liveness';
import { SqliteRequestQueueClient, findQueue, queueInfo, releaseLocks } from './sqlite-request-queue-client';

export interface SqliteStorageClientOptions {
  /** storage.dir: the queues live in `<dir>/frontier.sqlite`. */
  dir: string;
}

/**
 * Only the request queue must survive a crash; items go through our own ItemStore, so Crawlee's
 * datasets and key-value stores stay in an unpersisted MemoryStorage. purge() therefore touches
 * only those: purging a durable queue on start would throw away the work we exist to keep.
 */
export class SqliteStorageClient implements storage.StorageClient {
  private readonly db: SqliteDb;
  private readonly memory = new MemoryStorage({ persistStorage: false, writeMetadata: false });
  private readonly issuedKeys = new Set<string>();
  /** Locks of dead processes freed when this client opened the file. */
  readonly releasedOnOpen: number;

  constructor(options: SqliteStorageClientOptions) {
    this.db = openFrontierDb(options.dir);
    this.releasedOnOpen = releaseLocks(this.db, { deadPids: (pid) => !isPidAlive(pid) });
  }

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
    const db = this.db;
    return {
      async list() {
        const rows = db.prepare('SELECT * FROM rq_queues ORDER BY created_at, rowid').all() as Parameters<typeof queueInfo>[1][];
        const items = rows.map((row) => queueInfo(db, row));
        return { total: items.length, count: items.length, offset: 0, limit: items.length, desc: false, items };
      },
      async getOrCreate(name: string) {
        const now = Date.now();
        db.prepare(
          'INSERT INTO rq_queues (id, name, created_at, modified_at, accessed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO NOTHING',
        ).run(randomUUID(), name, now, now, now);
        return queueInfo(db, findQueue(db, name)!);
      },
    };
  }

  requestQueue(id: string, options?: storage.RequestQueueOptions): storage.RequestQueueClient {
    const client = new SqliteRequestQueueClient(this.db, id, options);
    this.issuedKeys.add(client.clientKey);
    return client;
  }

  async purge(): Promise<void> {
    await this.memory.purge();
  }

  async teardown(): Promise<void> {
    await this.memory.teardown();
  }

  /** Hands back this client's locks and closes the connection; the queues stay on disk for the next open. */
  close(): void {
    if (!this.db.open) return;
    releaseLocks(this.db, { owners: this.issuedKeys });
    this.db.close();
  }
}
