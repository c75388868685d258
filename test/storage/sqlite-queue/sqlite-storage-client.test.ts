// Crawlee's own RequestQueue over SqliteStorageClient: add, fetch, handle, reclaim, finish, reopen.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Configuration, RequestQueue } from '@crawlee/core';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStorageClient } from '../../../storage/sqlite/sqlite-storage-client';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-rq-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A fresh Configuration per open: Crawlee caches opened queues per configuration. */
async function openQueue(dir: string, name = 'shop-run') {
  const storageClient = new SqliteStorageClient({ dir });
  const config = new Configuration({ storageClient, persistStorage: false });
  const queue = await RequestQueue.open(name, { config, storageClient });
  return { queue, storageClient };
}

describe('SqliteStorageClient under Crawlee RequestQueue', () => {
  it('adds, fetches in order, handles, reclaims and finishes', async () => {
    const dir = tempDir();
    const { queue, storageClient } = await openQueue(dir);
    cleanups.push(() => storageClient.close());
    const added = await queue.addRequests([
      { url: 'http://127.0.0.1:9/a' },
      { url: 'http://127.0.0.1:9/b' },
      { url: 'http://127.0.0.1:9/a' },
      { url: 'http://127.0.0.1:9/c' },
    ]);
    expect(added.processedRequests.filter((r) => !r.wasAlreadyPresent)).toHaveLength(3);
    expect(await queue.isFinished()).toBe(false);

    const first = await queue.fetchNextRequest();
    expect(first?.url).toBe('http://127.0.0.1:9/a');
    await queue.markRequestHandled(first!);

    const second = await queue.fetchNextRequest();
    expect(second?.url).toBe('http://127.0.0.1:9/b');
    await queue.reclaimRequest(second!, { forefront: true });

    const again = await queue.fetchNextRequest();
    expect(again?.url).toBe('http://127.0.0.1:9/b');
    await queue.markRequestHandled(again!);
    const last = await queue.fetchNextRequest();
    expect(last?.url).toBe('http://127.0.0.1:9/c');
    expect(await queue.isFinished()).toBe(false);
    await queue.markRequestHandled(last!);

    expect(await queue.fetchNextRequest()).toBeNull();
    expect(await queue.isFinished()).toBe(true);
    const info = await queue.getInfo();
    expect(info).toMatchObject({ totalRequestCount: 3, handledRequestCount: 3, pendingRequestCount: 0 });
  });

  it('keeps pending requests across close and reopen, and not handled ones', async () => {
    const dir = tempDir();
    const first = await openQueue(dir);
    await first.queue.addRequests(['/1', '/2', '/3', '/4'].map((p) => ({ url: `http://127.0.0.1:9${p}` })));
    const done = await first.queue.fetchNextRequest();
    await first.queue.markRequestHandled(done!);
    first.storageClient.close();

    const second = await openQueue(dir);
    cleanups.push(() => second.storageClient.close());
    const urls: string[] = [];
    for (let request = await second.queue.fetchNextRequest(); request; request = await second.queue.fetchNextRequest()) {
      urls.push(request.url);
      await second.queue.markRequestHandled(request);
    }
    expect(urls).toEqual(['http://127.0.0.1:9/2', 'http://127.0.0.1:9/3', 'http://127.0.0.1:9/4']);
    expect(await second.queue.isFinished()).toBe(true);
    const readded = await second.queue.addRequest({ url: 'http://127.0.0.1:9/1' });
    expect(readded).toMatchObject({ wasAlreadyPresent: true, wasAlreadyHandled: true });
  });

  it('locks the head atomically per client and refuses to prolong a lock it does not hold', async () => {
    const dir = tempDir();
    const storageClient = new SqliteStorageClient({ dir });
    cleanups.push(() => storageClient.close());
    const info = await storageClient.requestQueues().getOrCreate('locks');
    const a = storageClient.requestQueue(info.id, { clientKey: 'worker-a' });
    const b = storageClient.requestQueue(info.id, { clientKey: 'worker-b' });
    await a.batchAddRequests(Array.from({ length: 5 }, (_, i) => ({ url: `http://127.0.0.1:9/${i}`, uniqueKey: `k${i}` })));

    const [lockedA, lockedB] = await Promise.all([a.listAndLockHead({ limit: 3, lockSecs: 60 }), b.listAndLockHead({ limit: 3, lockSecs: 60 })]);
    const idsA = lockedA.items.map((item) => item.id);
    const idsB = lockedB.items.map((item) => item.id);
    expect(idsA.length + idsB.length).toBe(5);
    expect(new Set([...idsA, ...idsB]).size).toBe(5);

    const empty = await a.listAndLockHead({ limit: 3, lockSecs: 60 });
    expect(empty.items).toEqual([]);
    expect(empty.queueHasLockedRequests).toBe(true);

    const mine = idsA[0] ?? idsB[0];
    const owner = idsA.length > 0 ? a : b;
    const other = idsA.length > 0 ? b : a;
    await expect(other.prolongRequestLock(mine, { lockSecs: 60 })).rejects.toThrow(/not locked by this client/);
    const prolonged = await owner.prolongRequestLock(mine, { lockSecs: 30 });
    expect(prolonged.lockExpiresAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    await expect(other.deleteRequestLock(mine)).rejects.toThrow(/locked by another client/);
    await owner.deleteRequestLock(mine);
    const relocked = await other.listAndLockHead({ limit: 3, lockSecs: 60 });
    expect(relocked.items.map((item) => item.id)).toEqual([mine]);
  });

  it('lists queues and deletes one with its requests', async () => {
    const dir = tempDir();
    const storageClient = new SqliteStorageClient({ dir });
    cleanups.push(() => storageClient.close());
    const one = await storageClient.requestQueues().getOrCreate('one');
    const again = await storageClient.requestQueues().getOrCreate('one');
    expect(again.id).toBe(one.id);
    await storageClient.requestQueues().getOrCreate('two');
    await storageClient.requestQueue(one.id).addRequest({ url: 'http://127.0.0.1:9/', uniqueKey: 'x' });
    expect((await storageClient.requestQueues().list()).items.map((q) => q.name)).toEqual(['one', 'two']);
    await storageClient.requestQueue('one').delete();
    expect(await storageClient.requestQueue(one.id).get()).toBeUndefined();
    expect((await storageClient.requestQueues().list()).items.map((q) => q.name)).toEqual(['two']);
  });
});
