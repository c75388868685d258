// Workers scenario: 1, 2 and 4 pricecrawl processes on one Redis frontier (throughput, scaling, Redis cost per page), and 2 polite ones.
import { join } from 'node:path';
import type { BenchConfig } from '../harness/bench-config';
import { formatTable } from '../harness/report-table';
import type { ScenarioResult, TargetCheck } from '../harness/scenario-result';
import { siteInfo } from '../harness/site-info';
import { median, round2 } from '../harness/summarize';
import { startSite } from '../site/site-client';
import { startRedisServer } from '../../test/support/redis-server';
import { runWorkers, type WorkersRun } from './workers-run';

const WORKER_COUNTS = [1, 2, 4];

/** One row of the throughput table: the median of a worker count's rounds. */
function throughputRow(label: string, runs: WorkersRun[], base: number): string[] {
  const m = (pick: (r: WorkersRun) => number) => median(runs.map(pick));
  const pps = m((r) => r.pagesPerSecond);
  return [label, `${runs.filter((r) => r.ok).length}/${runs.length}`, String(Math.min(...runs.map((r) => r.server.uniquePages))),
    m((r) => r.server.spanSeconds).toFixed(2), pps.toFixed(1), `${round2(pps / base)}×`,
    m((r) => r.workerCpuMsPerPage).toFixed(2), m((r) => r.redisCpuMsPerPage).toFixed(3), m((r) => r.redisCallsPerPage).toFixed(2),
    m((r) => r.scriptCallsPerPage).toFixed(2), runs.map((r) => r.loadAvg1.toFixed(1)).join(' ')];
}

export async function workersScenario(config: BenchConfig, scratchDir: string): Promise<ScenarioResult> {
  const startedAtMs = performance.now();
  const redis = await startRedisServer();
  const notes: string[] = [];
  const targets: TargetCheck[] = [];
  const profile = config.cpuProfileDir;
  try {
    const fast = await startSite({ productsPerHost: Array<number>(config.hosts).fill(config.fastProductsPerHost), answer429: false });
    const byCount = new Map<number, WorkersRun[]>();
    const sqlite: WorkersRun[] = [];
    let site: ScenarioResult['site'];
    try {
      site = siteInfo(fast);
      const job = { concurrency: config.concurrency, perHostConcurrency: 4, minIntervalMs: 0 };
      for (let round = 0; round < config.politeRounds; round++) {
        // The embedded frontier in the same round: the baseline one Redis worker is held to.
        sqlite.push(await runWorkers(fast, null, 1, job, join(scratchDir, `fast-sqlite-r${round}`), `fast-sqlite-r${round}`, profile));
        for (const workers of WORKER_COUNTS) {
          const run = await runWorkers(fast, redis, workers, job, join(scratchDir, `fast-${workers}-r${round}`), `fast-${workers}-r${round}`, profile);
          byCount.set(workers, [...(byCount.get(workers) ?? []), run]);
        }
      }
    } finally {
      await fast.stop();
    }
    const rows = [['frontier', 'rounds ok', 'pages', 'server span s', 'pages/s', 'vs 1 redis', 'worker CPU ms/page', 'redis CPU ms/page', 'redis calls/page', 'scripts/page', 'load 1m']];
    const base = median((byCount.get(1) ?? []).map((r) => r.pagesPerSecond));
    rows.push(throughputRow('sqlite, 1', sqlite, base));
    for (const [workers, runs] of byCount) {
      rows.push(throughputRow(`redis, ${workers}`, runs, base));
      for (const run of runs) for (const error of run.errors) notes.push(`${workers} workers: ${error}`);
      notes.push(`${workers} worker(s), Redis commands in the last round: ${JSON.stringify(runs[runs.length - 1].redisCalls)}`);
      targets.push({ label: `${workers} worker(s), every page once`, measured: `${Math.min(...runs.map((r) => r.server.uniquePages))} of ${site.pages} pages; requests beyond them ${Math.max(...runs.map((r) => r.server.requests - r.server.uniquePages))} (robots.txt is shared through Redis: ${config.hosts} = one per host)`, target: 'all pages', pass: runs.every((r) => r.server.uniquePages === site.pages) });
    }
    const sqlitePps = median(sqlite.map((r) => r.pagesPerSecond));
    const twoPps = median((byCount.get(2) ?? []).map((r) => r.pagesPerSecond));
    targets.push({ label: '1 Redis worker vs 1 SQLite worker, pages/s', measured: `${round2(base / sqlitePps)}× (${base.toFixed(1)} vs ${sqlitePps.toFixed(1)})`, target: '≥ 0.9×', pass: base >= 0.9 * sqlitePps });
    targets.push({ label: '2 Redis workers vs 1, pages/s (site, redis-server and workers share this machine\'s cores)', measured: `${round2(twoPps / base)}×`, target: '≥ 1.7×', pass: twoPps >= 1.7 * base });
    notes.push(`throughput (no politeness, per-host concurrency 4, ${config.hosts} hosts):\n${formatTable(rows)}`);
    notes.push('worker CPU ms/page: all workers\' CPU over the pages; redis calls/page: INFO commandstats calls (scripts/page: EVALSHA + EVAL) over the pages. These carry to bigger machines; pages/s on 2 cores is bounded by CPU shared with the site.');

    const interval = config.politeIntervalMs;
    const polite = await startSite({ productsPerHost: Array<number>(config.hosts).fill(config.politeProductsPerHost), answer429: true, latencyMs: [5, Math.max(5, Math.floor(interval * 0.6))] });
    try {
      const idealSeconds = (Math.max(...polite.manifest.hosts.map((h) => h.pages)) * interval) / 1000;
      const runs: WorkersRun[] = [];
      for (let round = 0; round < config.politeRounds; round++) {
        const job = { concurrency: config.concurrency, perHostConcurrency: 1, minIntervalMs: interval };
        runs.push(await runWorkers(polite, redis, 2, job, join(scratchDir, `polite-r${round}`), `polite-r${round}`, null));
      }
      const span = median(runs.map((r) => r.server.spanSeconds));
      const violations = Math.max(...runs.map((r) => r.server.violations));
      const minGap = Math.min(...runs.map((r) => r.server.minGapMs ?? Infinity));
      targets.push({ label: '2 polite workers, server span', measured: `${span.toFixed(2)} s = ${round2(span / idealSeconds)} × ideal ${idealSeconds.toFixed(2)} s`, target: '≤ 1.05 × ideal', pass: span <= idealSeconds * 1.05 });
      targets.push({ label: '2 polite workers, gaps under the interval (all hosts, worst round)', measured: `${violations} (min gap ${minGap.toFixed(1)} ms, 429s ${Math.max(...runs.map((r) => r.server.status429))}; site loop stalls ≤ ${Math.max(...runs.map((r) => r.server.siteLoopDelayMaxMs)).toFixed(1)} ms, load ${runs.map((r) => r.loadAvg1.toFixed(1)).join(' ')})`, target: '0', pass: violations === 0 });
      for (const run of runs) for (const error of run.errors) notes.push(`polite: ${error}`);
    } finally {
      await polite.stop();
    }
    return { name: 'workers', description: 'pricecrawl workers sharing one Redis frontier (redis-server on loopback), against one on the embedded SQLite frontier', site: site!, minIntervalMs: 0, runs: [], summaries: [], targets, notes, wallSeconds: (performance.now() - startedAtMs) / 1000 };
  } finally {
    await redis.stop();
  }
}
