// Reads a run's live status from a Redis frontier (what `pricecrawl status` prints), without joining it.
import type { Redis } from 'ioredis';
import { maskSecretsInText } from '../../src/core/mask-secrets';
import type { RunSelector, RunStatusReader, RunStatusReport } from '../../src/ports/run-status';
import { connectRedis } from './redis-connect';
import { frontierScripts, runIndexKey, runPrefix } from './redis-scripts';
import { latestRunningRun, listRedisRuns } from './redis-runs';

export async function readRunStatus(redis: Redis, runId: string): Promise<RunStatusReport> {
  const json = (await frontierScripts(redis).status(runPrefix(runId))) as string;
  return { runId, ...(JSON.parse(json) as Omit<RunStatusReport, 'runId'>) };
}

/** The run to show: the given id, else the spider's latest (running first), else the newest of any spider. */
export async function resolveRunId(redis: Redis, opts: RunSelector): Promise<string | null> {
  if (opts.run) return opts.run;
  if (opts.spider) return (await latestRunningRun(redis, opts.spider))?.runId ?? (await listRedisRuns(redis, opts.spider, 1))[0]?.runId ?? null;
  let newest: { runId: string; startedAtMs: number } | null = null;
  for (const key of await redis.keys(runIndexKey('*'))) {
    const [runId, score] = await redis.zrevrange(key, 0, 0, 'WITHSCORES');
    if (runId !== undefined && (newest === null || Number(score) > newest.startedAtMs)) newest = { runId, startedAtMs: Number(score) };
  }
  return newest?.runId ?? null;
}

/** The status port on a shared frontier; the run's time is Redis's own clock (the status script reads it), not `nowMs`. */
export class RedisRunStatusReader implements RunStatusReader {
  private constructor(
    private readonly redis: Redis,
    readonly where: string,
  ) {}

  static async open(url: string): Promise<RedisRunStatusReader> {
    return new RedisRunStatusReader(await connectRedis(url, { maxRetriesPerRequest: 1 }), maskSecretsInText(url));
  }

  resolveRunId(select: RunSelector): Promise<string | null> {
    return resolveRunId(this.redis, select);
  }

  async read(runId: string): Promise<RunStatusReport | null> {
    const status = await readRunStatus(this.redis, runId);
    // A run id Redis has never seen still answers, with no meta: that is no run.
    return status.meta.spider ? status : null;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
