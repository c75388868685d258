// A resumed Redis run's acknowledgements that its item store does not back: those requests go back to their queues.
import type { Redis } from 'ioredis';
import { ackUnbacked } from '../../src/frontier/unbacked-ack';
import type { FrontierScripts } from './redis-scripts';

/** Ids per script call: one call's work stays short however many pages a run lost. */
const CHUNK = 500;

/**
 * The embedded frontier's check (storage/sqlite/unstored-acks.ts) for a frontier in Redis: its state outlives the
 * item store's (a PostgreSQL restored from a backup older than Redis' snapshot, an items.sqlite copied or restored
 * beside a Redis that kept running), and the products acknowledged in between were missing from a resumed run that
 * ended finished and balanced. `stored`: ItemStore.storedRequests. Resolves how many requests went back.
 */
export async function requeueUnstoredAcks(redis: Redis, scripts: FrontierScripts, prefix: string, stored: ReadonlyMap<string, number | null>): Promise<number> {
  const unbacked: string[] = [];
  for await (const page of redis.hscanStream(`${prefix}acked`, { count: 1000 }) as AsyncIterable<string[]>) {
    for (let i = 0; i < page.length; i += 2) {
      const [id, fence] = [page[i], Number(page[i + 1].split(' ')[0])];
      if (ackUnbacked(id, fence, stored)) unbacked.push(id);
    }
  }
  let requeued = 0;
  for (let i = 0; i < unbacked.length; i += CHUNK) requeued += Number(await scripts.requeueAcks(prefix, ...unbacked.slice(i, i + CHUNK)));
  return requeued;
}
