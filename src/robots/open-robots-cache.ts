// Picks where robots.txt results live: in Redis on a shared frontier (frontier.url), so workers fetch each once, else in memory.
import type { Settings } from '../settings/schema';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import type { RobotsCache } from '../ports/robots-cache';

export async function openRobotsCache(settings: Settings, runId: string): Promise<RobotsCache> {
  if (settings.frontier.url === '') return new MemoryRobotsCache();
  // Imported on demand, as the Redis frontier is: an embedded crawl never loads the Redis client.
  const { RedisRobotsCache } = await import('../../storage/redis/redis-robots-cache');
  return RedisRobotsCache.open(settings.frontier.url, runId);
}
