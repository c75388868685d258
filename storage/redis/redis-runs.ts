// Run lookup on a Redis frontier: a spider's runs newest first, and the latest one still running.
import type { Redis } from 'ioredis';
import { runIndexKey, runPrefix } from './redis-scripts';

export interface RedisRunInfo {
  runId: string;
  spider: string;
  startedAtMs: number;
  status: string;
}

export async function listRedisRuns(redis: Redis, spider: string, limit = 20): Promise<RedisRunInfo[]> {
  const ids = await redis.zrevrange(runIndexKey(spider), 0, limit - 1);
  const runs: RedisRunInfo[] = [];
  for (const runId of ids) {
    const meta = await redis.hgetall(`${runPrefix(runId)}meta`);
    if (meta.spider) runs.push({ runId, spider: meta.spider, startedAtMs: Number(meta.startedAt), status: meta.status ?? 'unknown' });
  }
  return runs;
}

export async function latestRunningRun(redis: Redis, spider: string): Promise<RedisRunInfo | null> {
  return (await listRedisRuns(redis, spider)).find((run) => run.status === 'running') ?? null;
}
