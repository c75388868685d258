// Reads a run's live status from a Redis frontier (what `pricecrawl status` prints), without joining it.
import type { Redis } from 'ioredis';
import type { RunStatusReport } from '../../src/ports/run-status';
import { frontierScripts, runIndexKey, runPrefix } from './redis-scripts';
import { latestRunningRun, listRedisRuns } from './redis-runs';

export async function readRunStatus(redis: Redis, runId: string): Promise<RunStatusReport> {
  const json = (await frontierScripts(redis).status(runPrefix(runId))) as string;
  return { runId, ...(JSON.parse(json) as Omit<RunStatusReport, 'runId'>) };
}

/** The run to show: the given id, else the spider's latest (running first), else the newest of any spider. */
export async function resolveRunId(redis: Redis, opts: { run?: string; spider?: string }): Promise<string | null> {
  if (opts.run) return opts.run;
  if (opts.spider) return (await latestRunningRun(redis, opts.spider))?.runId ?? (await listRedisRuns(redis, opts.spider, 1))[0]?.runId ?? null;
  let newest: { runId: string; startedAtMs: number } | null = null;
  for (const key of await redis.keys(runIndexKey('*'))) {
    const [runId, score] = await redis.zrevrange(key, 0, 0, 'WITHSCORES');
    if (runId !== undefined && (newest === null || Number(score) > newest.startedAtMs)) newest = { runId, startedAtMs: Number(score) };
  }
  return newest?.runId ?? null;
}
