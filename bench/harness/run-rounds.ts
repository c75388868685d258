// Runs crawlers alternately (A B C, B C A, ...) so drift in machine load spreads over all of them.
import type { CrawlJob } from '../crawlers/crawl-job';
import type { RunningSite } from '../site/site-client';
import type { CrawlerName } from './bench-config';
import { measureRun, type RunRecord } from './measure-run';

export interface RoundsOptions {
  scenario: string;
  site: RunningSite;
  crawlers: CrawlerName[];
  rounds: number;
  /** Crawlers that only run in the first `peerRounds` rounds (slow peers that would blow the time budget). */
  slowPeers: CrawlerName[];
  peerRounds: number;
  job: Omit<CrawlJob, 'seeds' | 'storageDir'>;
  scratchDir: string;
  timeoutMs: (crawler: CrawlerName) => number;
  cpuProfileDir: string | null;
}

export async function runRounds(options: RoundsOptions): Promise<RunRecord[]> {
  const runs: RunRecord[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const shift = (round - 1) % Math.max(1, options.crawlers.length);
    const order = [...options.crawlers.slice(shift), ...options.crawlers.slice(0, shift)];
    for (const crawler of order) {
      if (options.slowPeers.includes(crawler) && round > options.peerRounds) continue;
      const run = await measureRun({
        site: options.site,
        crawler,
        round,
        job: options.job,
        scratchDir: options.scratchDir,
        timeoutMs: options.timeoutMs(crawler),
        cpuProfileDir: options.cpuProfileDir,
      });
      runs.push(run);
      process.stderr.write(`${progressLine(options.scenario, run)}\n`);
    }
  }
  return runs;
}

function progressLine(scenario: string, run: RunRecord): string {
  const head = `[${scenario}] round ${run.round} ${run.crawler.padEnd(11)}`;
  const server = `server: ${run.server.pages200} pages, ${run.server.violations} gaps<min, ${run.server.status429} 429s, ≤${run.server.maxInFlightPerHost} in flight/host, site loop stalls ≤${run.server.siteLoopDelayMaxMs.toFixed(1)} ms`;
  if (!run.ok) return `${head} FAILED ${run.error} (${server})`;
  return `${head} ${run.pages} pages in ${run.seconds.toFixed(2)} s = ${run.pagesPerSecond.toFixed(1)} p/s, CPU ${run.cpuSeconds.toFixed(1)} s${run.mainCpuMsPerPage === undefined ? '' : ` (main thread ${run.mainCpuMsPerPage.toFixed(2)} ms/page)`}, RSS ${run.peakRssMb.toFixed(0)} MB${run.extra?.peakRssMbByProcess ? ` (per process ${run.extra.peakRssMbByProcess}; the others began ${run.extra.othersStartedLateSeconds} s after the first, first request ${run.extra.othersFirstFetchLateSeconds} s after its)` : ''}, load ${run.loadAvg1} (${server})`;
}
