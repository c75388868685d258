// Workers scenario: 1, 2 and 4 pricecrawl processes on one Redis frontier (throughput, scaling), and 2 polite ones.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchConfig } from '../harness/bench-config';
import type { CrawlJob } from '../crawlers/crawl-job';
import { runCrawlerChild, type ChildOutcome } from '../harness/crawler-process';
import { formatTable } from '../harness/report-table';
import { serverView, type ServerView } from '../harness/measure-run';
import type { ScenarioResult, TargetCheck } from '../harness/scenario-result';
import { siteInfo } from '../harness/site-info';
import { median, round2 } from '../harness/summarize';
import { startSite, type RunningSite } from '../site/site-client';
import { startRedisServer, type RedisTestServer } from '../../test/support/redis-server';

const WORKER_COUNTS = [1, 2, 4];

interface WorkersRun {
  workers: number;
  ok: boolean;
  errors: string[];
  server: ServerView;
  pagesPerSecond: number;
  /** CPU of every worker plus redis-server during the run. */
  cpuSeconds: number;
  cpuMsPerPage: number;
}

/** utime + stime of a process from /proc, seconds. */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function runWorkers(site: RunningSite, redis: RedisTestServer, workers: number, job: Omit<CrawlJob, 'seeds' | 'storageDir'>, dir: string, label: string): Promise<WorkersRun> {
  await site.reset(job.minIntervalMs);
  const redisCpuAt = processCpuSeconds(redis.pid);
  const runId = `bench-${label}`;
  // All children share one storage dir (one items.sqlite, WAL) as workers on one machine would.
  const children: Array<Promise<ChildOutcome>> = Array.from({ length: workers }, (_, i) =>
    runCrawlerChild('pricecrawl', { ...job, seeds: site.seeds, storageDir: dir, frontier: { url: redis.url, runId, join: i > 0, leaseTtlMs: 30_000 } }, 600_000),
  );
  const outcomes = await Promise.all(children);
  const server = serverView(await site.report());
  const cpuSeconds = outcomes.reduce((sum, o) => sum + (o.ok ? o.result.cpuSeconds : 0), 0) + processCpuSeconds(redis.pid) - redisCpuAt;
  return {
    workers,
    ok: outcomes.every((o) => o.ok),
    errors: outcomes.flatMap((o) => (o.ok ? [] : [o.error])),
    server,
    pagesPerSecond: server.spanSeconds > 0 ? server.pages200 / server.spanSeconds : 0,
    cpuSeconds,
    cpuMsPerPage: server.pages200 > 0 ? (cpuSeconds * 1000) / server.pages200 : 0,
  };
}

export async function workersScenario(config: BenchConfig, scratchDir: string): Promise<ScenarioResult> {
  const startedAtMs = performance.now();
  const redis = await startRedisServer();
  const notes: string[] = [];
  const targets: TargetCheck[] = [];
  try {
    const fast = await startSite({ productsPerHost: Array<number>(config.hosts).fill(config.fastProductsPerHost), answer429: false });
    const byCount = new Map<number, WorkersRun[]>();
    let site: ScenarioResult['site'];
    try {
      site = siteInfo(fast);
      for (let round = 0; round < config.politeRounds; round++) {
        for (const workers of WORKER_COUNTS) {
          const job = { concurrency: config.concurrency, perHostConcurrency: 4, minIntervalMs: 0 };
          const run = await runWorkers(fast, redis, workers, job, join(scratchDir, `fast-${workers}-r${round}`), `fast-${workers}-r${round}`);
          byCount.set(workers, [...(byCount.get(workers) ?? []), run]);
        }
      }
    } finally {
      await fast.stop();
    }
    const rows = [['workers', 'rounds ok', 'pages', 'server span s', 'pages/s', 'scaling', 'CPU s (workers+redis)', 'CPU ms/page']];
    const base = median((byCount.get(1) ?? []).map((r) => r.pagesPerSecond));
    for (const [workers, runs] of byCount) {
      const pps = median(runs.map((r) => r.pagesPerSecond));
      rows.push([String(workers), `${runs.filter((r) => r.ok).length}/${runs.length}`, String(Math.min(...runs.map((r) => r.server.uniquePages))),
        median(runs.map((r) => r.server.spanSeconds)).toFixed(2), pps.toFixed(1), `${round2(pps / base)}×`,
        median(runs.map((r) => r.cpuSeconds)).toFixed(1), median(runs.map((r) => r.cpuMsPerPage)).toFixed(2)]);
      for (const run of runs) for (const error of run.errors) notes.push(`${workers} workers: ${error}`);
      targets.push({ label: `${workers} worker(s), every page once`, measured: `${Math.min(...runs.map((r) => r.server.uniquePages))} of ${site.pages} pages; requests beyond them ${Math.max(...runs.map((r) => r.server.requests - r.server.uniquePages))} (robots.txt: ${workers * config.hosts} = one per host per worker)`, target: 'all pages', pass: runs.every((r) => r.server.uniquePages === site.pages) });
    }
    notes.push(`throughput (no politeness, per-host concurrency 4, ${config.hosts} hosts):\n${formatTable(rows)}`);
    notes.push('scaling on 2 cores is bounded by CPU: CPU ms/page (all workers + redis-server) is the figure that carries to bigger machines');

    const interval = config.politeIntervalMs;
    const polite = await startSite({ productsPerHost: Array<number>(config.hosts).fill(config.politeProductsPerHost), answer429: true, latencyMs: [5, Math.max(5, Math.floor(interval * 0.6))] });
    try {
      const idealSeconds = (Math.max(...polite.manifest.hosts.map((h) => h.pages)) * interval) / 1000;
      const runs: WorkersRun[] = [];
      for (let round = 0; round < config.politeRounds; round++) {
        const job = { concurrency: config.concurrency, perHostConcurrency: 1, minIntervalMs: interval };
        runs.push(await runWorkers(polite, redis, 2, job, join(scratchDir, `polite-r${round}`), `polite-r${round}`));
      }
      const span = median(runs.map((r) => r.server.spanSeconds));
      const violations = Math.max(...runs.map((r) => r.server.violations));
      const minGap = Math.min(...runs.map((r) => r.server.minGapMs ?? Infinity));
      targets.push({ label: '2 polite workers, server span', measured: `${span.toFixed(2)} s = ${round2(span / idealSeconds)} × ideal ${idealSeconds.toFixed(2)} s`, target: '≤ 1.05 × ideal', pass: span <= idealSeconds * 1.05 });
      targets.push({ label: '2 polite workers, gaps under the interval (all hosts, worst round)', measured: `${violations} (min gap ${minGap.toFixed(1)} ms, 429s ${Math.max(...runs.map((r) => r.server.status429))})`, target: '0', pass: violations === 0 });
      for (const run of runs) for (const error of run.errors) notes.push(`polite: ${error}`);
    } finally {
      await polite.stop();
    }
    return { name: 'workers', description: 'pricecrawl workers sharing one Redis frontier (redis-server on loopback)', site: site!, minIntervalMs: 0, runs: [], summaries: [], targets, notes, wallSeconds: (performance.now() - startedAtMs) / 1000 };
  } finally {
    await redis.stop();
  }
}
