// Both frontiers for parameterised crawl tests: the embedded SQLite one, or a real redis-server started once per file when first asked.
import { startRedisServer, type RedisTestServer } from './redis-server';

export interface FrontierBackends {
  /** `[name, settings]` rows for `describe.each`; `settings()` gives the crawl's `frontier` settings. */
  backends: Array<[string, () => Promise<Record<string, unknown>>]>;
  /** Stops the redis-server if one was started. */
  stop(): Promise<void>;
}

export function frontierBackends(): FrontierBackends {
  let redis: Promise<RedisTestServer> | null = null;
  return {
    backends: [
      ['embedded', () => Promise.resolve({})],
      ['redis', async () => ({ url: (await (redis ??= startRedisServer())).url })],
    ],
    stop: async () => {
      if (redis) await (await redis).stop();
      redis = null;
    },
  };
}
