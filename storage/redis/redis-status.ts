// Reads a run's live status from a Redis frontier (what `pricecrawl status` prints), without joining it.
import type { Redis } from 'ioredis';
import type { LedgerCounts } from '../../src/ports/frontier';
import type { BreakerState } from '../../src/politeness/host-breaker';
import type { IntervalCause, PauseCause } from '../../src/ports/host-gate';
import { frontierScripts, runIndexKey, runPrefix } from './redis-scripts';
import { latestRunningRun, listRedisRuns } from './redis-runs';

export interface HostStatus extends LedgerCounts {
  queued: number;
  delayed: number;
  leased: number;
  inflight: number;
  /** The interval in force: the slowest worker's adaptive throttle, else the configured one, never under Crawl-delay. */
  intervalMs: number;
  intervalCause: IntervalCause;
  crawlDelayMs: number;
  nextOpenInMs: number;
  pausedForMs: number;
  /** Set while a pause runs. */
  pauseCause?: PauseCause;
  breaker: BreakerState;
}

export interface RunStatusReport {
  runId: string;
  nowMs: number;
  meta: { spider?: string; status?: string; startedAt?: string; finishedAt?: string };
  seeding: boolean;
  planned: number;
  succeeded: number;
  failed: number;
  pending: number;
  reclaimed: number;
  leases: number;
  failedByReason: Record<string, number>;
  byHost: Record<string, HostStatus>;
  workers: Record<string, { heartbeatAgoMs: number; leases: number }>;
  settledLast10s: number;
}

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
