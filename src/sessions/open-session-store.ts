// Picks where sessions persist: nowhere (sessions.persist off), Redis on a shared frontier (frontier.url), else SQLite.
import type { Settings } from '../settings/schema';
import type { SessionStore } from '../ports/session-store';

export interface OpenedSessionStore {
  store: SessionStore | null;
  /** For the start-up log: `memory`, `sqlite` or `redis`. */
  kind: 'memory' | 'sqlite' | 'redis';
}

/**
 * Workers of a shared frontier share their sessions through the same Redis, so a recycled worker (or
 * another one) resumes them; the embedded crawl keeps them in <storage.dir>/sessions.sqlite.
 */
export async function openSessionStore(settings: Settings, spider: string): Promise<OpenedSessionStore> {
  if (!settings.sessions.persist) return { store: null, kind: 'memory' };
  if (settings.frontier.url !== '') {
    // Imported on demand, as the Redis frontier is: an embedded crawl never loads the Redis client.
    const { RedisSessionStore } = await import('../../storage/redis/redis-session-store');
    return { store: RedisSessionStore.open(settings.frontier.url, spider, settings.sessions.maxAgeMs), kind: 'redis' };
  }
  const { SqliteSessionStore } = await import('../../storage/sqlite/session-store');
  return { store: SqliteSessionStore.open(settings.storage.dir, spider), kind: 'sqlite' };
}
