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

/** A joining worker may start before the crawl that creates the run: it waits for the run (`latest`: the spider's running one) to appear. */
export async function waitForRun(redis: Redis, spider: string, runId: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (runId === 'latest') {
      const run = await latestRunningRun(redis, spider);
      if (run) return run.runId;
    } else if ((await redis.exists(`${runPrefix(runId)}meta`)) === 1) return runId;
    if (Date.now() > deadline) throw new Error(`no running run ${runId === 'latest' ? `of ${spider}` : runId} on the frontier`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
