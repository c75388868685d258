// One run of N pricecrawl worker processes on a shared frontier (or one on the embedded one): server view, CPU and Redis calls per page.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Redis } from 'ioredis';
import type { CrawlJob } from '../crawlers/crawl-job';
import { runCrawlerChild, type ChildOutcome } from '../harness/crawler-process';
import { serverView, type ServerView } from '../harness/measure-run';
import type { RunningSite } from '../site/site-client';
import type { RedisTestServer } from '../../test/support/redis-server';

export interface WorkersRun {
  workers: number;
  ok: boolean;
  errors: string[];
  server: ServerView;
  pagesPerSecond: number;
  /** CPU of every worker, ms per page served. */
  workerCpuMsPerPage: number;
  /** CPU of redis-server during the run, ms per page (0 without Redis). */
  redisCpuMsPerPage: number;
  /** Commands Redis ran during the run (INFO commandstats), per page; scripts: EVALSHA and EVAL only. */
  redisCallsPerPage: number;
  scriptCallsPerPage: number;
  /** Commands run during the run, by name (what the calls per page are made of). */
  redisCalls: Record<string, number>;
  loadAvg1: number;
}

/** utime + stime of a process from /proc, seconds. */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

type Calls = Map<string, number>;

/** Calls per command so far, from INFO commandstats (the bench's own INFO calls are a handful). */
async function commandCalls(client: Redis | null): Promise<Calls> {
  const calls: Calls = new Map();
  if (!client) return calls;
  for (const match of (await client.info('commandstats')).matchAll(/^cmdstat_([a-z|_-]+):calls=(\d+)/gm)) calls.set(match[1], Number(match[2]));
  return calls;
}

function callsSince(before: Calls, after: Calls): Calls {
  return new Map([...after].map(([name, n]) => [name, n - (before.get(name) ?? 0)]));
}

/** `redis` null: one worker on the embedded SQLite frontier. */
export async function runWorkers(site: RunningSite, redis: RedisTestServer | null, workers: number, job: Omit<CrawlJob, 'seeds' | 'storageDir'>, dir: string, label: string, cpuProfileDir: string | null): Promise<WorkersRun> {
  await site.reset(job.minIntervalMs);
  const loadAvg1 = loadavg()[0];
  const client = redis ? new Redis(redis.url) : null;
  try {
    const callsAt = await commandCalls(client);
    const redisCpuAt = redis ? processCpuSeconds(redis.pid) : 0;
    const frontier = (i: number) => (redis ? { frontier: { url: redis.url, runId: `bench-${label}`, join: i > 0, leaseTtlMs: 30_000 } } : {});
    // All children share one storage dir (one items.sqlite, WAL) as workers on one machine would.
    const children: Array<Promise<ChildOutcome>> = Array.from({ length: workers }, (_, i) =>
      runCrawlerChild('pricecrawl', { ...job, seeds: site.seeds, storageDir: dir, ...frontier(i) }, 600_000, cpuProfileDir),
    );
    const outcomes = await Promise.all(children);
    const redisCpu = redis ? processCpuSeconds(redis.pid) - redisCpuAt : 0;
    const calls = callsSince(callsAt, await commandCalls(client));
    const sum = (names: string[] | null) => [...calls].reduce((s, [name, n]) => s + (names === null || names.includes(name) ? n : 0), 0);
    const server = serverView(await site.report());
    const pages = Math.max(1, server.pages200);
    const workerCpu = outcomes.reduce((sum, o) => sum + (o.ok ? o.result.cpuSeconds : 0), 0);
    return {
      workers,
      ok: outcomes.every((o) => o.ok),
      errors: outcomes.flatMap((o) => (o.ok ? [] : [o.error])),
      server,
      pagesPerSecond: server.spanSeconds > 0 ? server.pages200 / server.spanSeconds : 0,
      workerCpuMsPerPage: (workerCpu * 1000) / pages,
      redisCpuMsPerPage: (redisCpu * 1000) / pages,
      redisCallsPerPage: sum(null) / pages,
      scriptCallsPerPage: sum(['evalsha', 'eval']) / pages,
      redisCalls: Object.fromEntries([...calls].filter(([, n]) => n > 0)),
      loadAvg1,
    };
  } finally {
    client?.disconnect();
  }
}
