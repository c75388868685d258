// A running embedded frontier leases what a queue client of its run added or handed back, once it has nothing else to lease.
import { afterEach, expect, it } from 'vitest';
import { acquireFrontierConnection } from '../../storage/sqlite/frontier-connection';
import { hostKeyOf } from '../../src/politeness/host-key';
import { FrontierQueueClient } from '../../storage/sqlite/frontier-queue-client';
import { expectLease, openFrontier, req, tempDir } from '../frontier/frontier-fixture';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

it('leases a request a queue client handed back after the frontier believed its host drained', async () => {
  const tmp = tempDir();
  cleanups.push(() => tmp.cleanup());
  const { frontier, clock } = openFrontier(tmp.dir, { maxConcurrency: 5 });
  cleanups.push(() => frontier.close());
  await frontier.add([req('http://shop.test/1'), req('http://shop.test/2')]);
  const connection = acquireFrontierConnection(tmp.dir);
  cleanups.push(() => connection.release());
  const client = new FrontierQueueClient({ connection, runId: frontier.runId, hostKeyOf: (url) => hostKeyOf(url, 'host'), clientKey: 'outside' });
  cleanups.push(() => client.close());

  const [locked] = (await client.listAndLockHead({ limit: 1, lockSecs: 60 })).items;
  const own = expectLease(frontier.next(clock.nowMs()));
  expect(own.request.url).not.toBe(locked.url);
  // The frontier counted two pending; one went to the client, so its host looks drained now. The
  // client is a live holder of a lease of this run, so the frontier waits (it may hand it back) rather
  // than calling the run empty.
  expect(frontier.next(clock.nowMs())).toMatchObject({ type: 'wait' });

  await client.deleteRequestLock(locked.id);
  const handedBack = expectLease(frontier.next(clock.nowMs()));
  expect(handedBack.request.url).toBe(locked.url);
  expect(handedBack.request.id).toBe(locked.id);
});

it('leases a request a queue client added for a host the frontier never saw', async () => {
  const tmp = tempDir();
  cleanups.push(() => tmp.cleanup());
  const { frontier, clock } = openFrontier(tmp.dir);
  cleanups.push(() => frontier.close());
  const connection = acquireFrontierConnection(tmp.dir);
  cleanups.push(() => connection.release());
  const client = new FrontierQueueClient({ connection, runId: frontier.runId, hostKeyOf: (url) => hostKeyOf(url, 'host') });
  expect(frontier.next(clock.nowMs())).toEqual({ type: 'empty' });
  const added = await client.addRequest({ url: 'http://new.test/a', uniqueKey: 'http://new.test/a' });
  const lease = expectLease(frontier.next(clock.nowMs()));
  expect(lease).toMatchObject({ hostKey: 'new.test', request: { url: 'http://new.test/a', id: added.requestId } });
});
