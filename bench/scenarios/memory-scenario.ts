// Memory scenario: pricecrawl seeds a million requests (tiny pages on the bench hosts) and crawls for a while.
import type { BenchConfig } from '../harness/bench-config';
import { runRounds } from '../harness/run-rounds';
import type { ScenarioResult, TargetCheck } from '../harness/scenario-result';
import { siteInfo } from '../harness/site-info';
import { summarize } from '../harness/summarize';
import { startSite } from '../site/site-client';

export async function memoryScenario(config: BenchConfig, scratchDir: string): Promise<ScenarioResult> {
  const startedAtMs = performance.now();
  const site = await startSite({ productsPerHost: Array<number>(config.hosts).fill(1), answer429: false });
  try {
    const job = {
      concurrency: config.concurrency,
      perHostConcurrency: config.concurrency,
      minIntervalMs: 0,
      tinyRequests: config.memoryRequests,
      crawlAfterSeedMs: config.memoryCrawlAfterSeedMs,
    };
    const rounds = { scenario: 'memory', site, crawlers: ['pricecrawl' as const], rounds: 1, slowPeers: [], peerRounds: 0, scratchDir, timeoutMs: () => 600_000, cpuProfileDir: config.cpuProfileDir };
    const runs = await runRounds({ ...rounds, job });
    // Same round, so the same storage directory: the run just stopped, with its requests still pending.
    const [reopen] = await runRounds({ ...rounds, scenario: 'memory (resume)', job: { ...job, resumeToFirstRequest: true } });
    const summaries = [summarize('pricecrawl', runs)];
    const run = runs[0];
    const resumeSeconds = reopen.ok ? Number(reopen.extra?.resumeToFirstRequestSeconds) : NaN;
    const planned = Number(run.extra?.planned ?? 0);
    const targets: TargetCheck[] = [
      {
        label: `pricecrawl peak RSS with ${config.memoryRequests.toLocaleString('en')} requests yielded`,
        measured: run.ok ? `${run.peakRssMb.toFixed(0)} MB` : `no result: ${run.error}`,
        target: '≤ 500 MB',
        pass: run.ok ? run.peakRssMb <= 500 : false,
      },
      {
        label: 'every yielded request stored in the frontier',
        measured: run.ok ? `${planned.toLocaleString('en')} planned` : 'no result',
        target: config.memoryRequests.toLocaleString('en'),
        pass: run.ok ? planned === config.memoryRequests : false,
      },
      {
        label: 'resume of that run (requests still pending) to its first request',
        measured: reopen.ok ? `${resumeSeconds.toFixed(2)} s (${String(reopen.extra?.processToFirstRequestSeconds)} s from process start), load ${reopen.loadAvg1}` : `no result: ${reopen.error}`,
        target: '≤ 5 s',
        pass: reopen.ok ? resumeSeconds <= 5 : false,
      },
    ];
    const seeding = run.extra?.seedingSeconds;
    return {
      name: 'memory',
      description: `a spider whose start() yields ${config.memoryRequests.toLocaleString('en')} requests to tiny pages; peak RSS of the whole process`,
      site: siteInfo(site),
      minIntervalMs: 0,
      runs: [...runs, reopen],
      summaries,
      targets,
      notes: [
        `measured: the whole pricecrawl process while start() yields every request into the SQLite frontier (crawling already runs alongside), then ${config.memoryCrawlAfterSeedMs / 1000} s more of crawling, then a graceful stop`,
        seeding === undefined ? 'seeding time not reported' : `seeding took ${seeding} s (${Math.round(config.memoryRequests / Number(seeding)).toLocaleString('en')} requests/s); pages crawled meanwhile and after: ${run.pages.toLocaleString('en')}`,
        `status ${run.extra?.status ?? 'n/a'}, pending at stop ${run.extra?.pending ?? 'n/a'} (stays queued for --resume)`,
        `resumed: runCrawl({ resume: true }) on the same storage to the first request ${reopen.extra?.resumeToFirstRequestSeconds ?? 'n/a'} s, from process start ${reopen.extra?.processToFirstRequestSeconds ?? 'n/a'} s; then stopped, the graceful stop took ${reopen.extra?.stopSeconds ?? 'n/a'} s; peak RSS ${reopen.ok ? reopen.peakRssMb.toFixed(0) : 'n/a'} MB`,
      ],
      wallSeconds: (performance.now() - startedAtMs) / 1000,
    };
  } finally {
    await site.stop();
  }
}
