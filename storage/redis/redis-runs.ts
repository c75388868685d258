// Run lookup on a Redis frontier: a spider's runs newest first, and the latest one still running.
import type { Redis } from 'ioredis';
import { PricecrawlError } from '../../src/core/errors';
import { newRunId } from '../../src/core/run-id';
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
    // A refusal (exit 2: nothing was done), not a broken run (exit 1 says the accounting broke).
    if (Date.now() > deadline) throw new PricecrawlError('FRONTIER_NO_RUN', `no running run ${runId === 'latest' ? `of ${spider}` : runId} on the frontier`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The run a seeding crawl opens. `resume-latest` (`crawl --resume`) is the spider's latest run still
 * marked running (an interrupted or crashed run stays so), else a new one: before, the shared frontier
 * took every run id but a given one as `new`, so a resume fetched the whole site again in a fresh run
 * and left the killed run's queue behind for ever.
 */
export async function runToOpen(redis: Redis, options: { runId: string; spider: string }): Promise<string> {
  if (options.runId === 'resume-latest') return (await latestRunningRun(redis, options.spider))?.runId ?? newRunId(Date.now());
  return options.runId === 'new' ? newRunId(Date.now()) : options.runId;
}
