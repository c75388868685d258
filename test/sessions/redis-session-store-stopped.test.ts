// The sessions' close on a Redis that stops answering: reported at once, never the wait of a command timeout.
import { describe, expect, it } from 'vitest';
import { HostSessionPools } from '../../src/sessions/host-session-pools';
import { settingsSchema } from '../../src/settings/schema';
import { RedisSessionStore } from '../../storage/redis/redis-session-store';
import { startRedisServer } from '../support/redis-server';

const MAX_AGE_MS = 600_000;

describe('RedisSessionStore on a server that stops answering', () => {
  /**
   * A Redis stopped (SIGSTOP; a network path dropping packets looks the same) keeps the socket and never
   * answers. Before, the close sent the final save and waited for the client's command timeout (30 s at the
   * run's end, after the frontier had given up on the same server), then reported a timed-out write.
   */
  it('the close does not wait for the command timeout: the unanswered save is reported as such', async () => {
    const redis = await startRedisServer();
    const store = RedisSessionStore.open(redis.url, 'stopped-shop', MAX_AGE_MS, 20_000);
    const reports: string[] = [];
    const config = settingsSchema.parse({ sessions: { maxAgeMs: MAX_AGE_MS } }).sessions;
    const pools = new HostSessionPools({
      config, proxies: [], store,
      onWriteError: (error) => reports.push(`write failed: ${(error as Error).message}`),
      onSaveUnanswered: () => reports.push('unanswered at close'),
    });
    try {
      const session = await pools.acquire('a:80');
      session.storeCookies('http://a/', ['sid=one; Path=/']);
      process.kill(redis.pid, 'SIGSTOP');
      try {
        await pools.close();
        await store.close();
      } finally {
        process.kill(redis.pid, 'SIGCONT');
      }
      expect(reports).toEqual(['unanswered at close']);
    } finally {
      await store.close();
      await redis.stop();
    }
  }, 60_000);
});
