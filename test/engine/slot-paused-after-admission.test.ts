// A request whose host was paused after its slot was taken goes back to the frontier until the pause's end, not to the wire as it ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchWait } from '../../src/core/errors';
import { RequestSlots } from '../../src/engine/request-slots';
import { hostKeyOf } from '../../src/politeness/host-key';
import { expectLease, openRedisWorker, req } from '../frontier/frontier-fixture';
import { startRedisServerWithClient, type RedisTestServerWithClient } from '../support/redis-server';

const HOST = 'paused.test';
const PAUSE_MS = 2_000;

describe('a slot taken before its host was paused', () => {
  let started: RedisTestServerWithClient;
  beforeAll(async () => {
    started = await startRedisServerWithClient();
  });
  afterAll(() => started.stop());

  it('is handed back with the pause\'s end (the request passes the chain again then), not waited out and sent', async () => {
    const frontier = await openRedisWorker(started.server.url, 'paused-slot', { policy: { maxConcurrency: 2, minIntervalMs: 0, jitterMs: 0 }, leaseTtlMs: 60_000 });
    try {
      await frontier.add([req(`http://${HOST}/p/1`)]);
      const lease = expectLease(await frontier.next(0));
      // The chain let the request through; then another answer of the host opened its breaker.
      const pausedUntilMs = Date.now() + PAUSE_MS;
      frontier.gate.pause(HOST, pausedUntilMs, 'breaker');
      const slots = new RequestSlots(lease, frontier, (url) => hostKeyOf(url, 'host'), () => undefined);
      const deadline = { signal: new AbortController().signal, remainingMs: () => 30_000 };
      // Before: the send waited the pause out and went as it ended, past the breaker's gate (beside its probe).
      const sent = await slots.beforeSend(deadline).then(() => 'sent', (error: unknown) => error);
      expect(sent).toBeInstanceOf(FetchWait);
      expect(sent).toMatchObject({ code: 'HOST_BUSY', countsDeferral: true });
      expect((sent as FetchWait).untilMs).toBeGreaterThanOrEqual(pausedUntilMs - 50);
    } finally {
      await frontier.close();
    }
  });
});
