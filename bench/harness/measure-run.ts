// One measured run: reset the site, run one crawler child, and join its own figures with the server's.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { CrawlJob } from '../crawlers/crawl-job';
import type { RunningSite } from '../site/site-client';
import type { SiteReport } from '../site/site-stats';
import type { CrawlerName } from './bench-config';
import { runCrawlerChild } from './crawler-process';

/** What the server saw during one run, summed or maxed over hosts. */
export interface ServerView {
  requests: number;
  pages200: number;
  uniquePages: number;
  status429: number;
  violations: number;
  minGapMs: number | null;
  /** The host that sat idle longest beyond its interval: its summed slack and its longest single gap, ms. */
  worstSlack: { slackMs: number; maxGapMs: number | null; arrivals: number; opening: string[] };
  maxInFlightPerHost: number;
  maxSocketsPerHost: number;
  /** The site's longest event-loop stall during the run, ms (arrival stamps are that much noisy). */
  siteLoopDelayMaxMs: number;
  /** First arrival to last answer, any host, seconds. */
  spanSeconds: number;
}

export interface RunRecord {
  crawler: CrawlerName;
  round: number;
  ok: boolean;
  error?: string;
  pages: number;
  items: number;
  failed: number;
  seconds: number;
  pagesPerSecond: number;
  cpuSeconds: number;
  cpuMsPerPage: number;
  /** The main thread's CPU per page, when the crawler reports it (node crawlers on Linux). */
  mainCpuMsPerPage?: number;
  peakRssMb: number;
  /** Host load average (1 min) when the run started: other work on the machine skews a run. */
  loadAvg1: number;
  server: ServerView;
  extra?: Record<string, number | string>;
}

export function serverView(report: SiteReport): ServerView {
  const hosts = report.hosts;
  const gaps = hosts.map((h) => h.minGapMs).filter((g): g is number => g !== null);
  const firsts = hosts.map((h) => h.firstArrivalMs).filter((v): v is number => v !== null);
  const lasts = hosts.map((h) => h.lastDoneMs).filter((v): v is number => v !== null);
  return {
    requests: hosts.reduce((s, h) => s + h.requests, 0),
    pages200: hosts.reduce((s, h) => s + (h.statuses['200'] ?? 0), 0),
    uniquePages: hosts.reduce((s, h) => s + h.uniquePages, 0),
    status429: hosts.reduce((s, h) => s + (h.statuses['429'] ?? 0), 0),
    violations: hosts.reduce((s, h) => s + h.violations, 0),
    minGapMs: gaps.length ? Math.min(...gaps) : null,
    worstSlack: hosts.reduce((worst, h) => (h.slackMs > worst.slackMs ? { slackMs: h.slackMs, maxGapMs: h.maxGapMs, arrivals: h.requests, opening: h.opening } : worst), { slackMs: 0, maxGapMs: null as number | null, arrivals: 0, opening: [] as string[] }),
    maxInFlightPerHost: Math.max(0, ...hosts.map((h) => h.maxInFlight)),
    maxSocketsPerHost: Math.max(0, ...hosts.map((h) => h.maxOpenSockets)),
    siteLoopDelayMaxMs: report.loopDelayMaxMs,
    spanSeconds: firsts.length && lasts.length ? (Math.max(...lasts) - Math.min(...firsts)) / 1000 : 0,
  };
}

export interface MeasureOptions {
  site: RunningSite;
  crawler: CrawlerName;
  round: number;
  job: Omit<CrawlJob, 'seeds' | 'storageDir'>;
  scratchDir: string;
  timeoutMs: number;
  cpuProfileDir?: string | null;
}

export async function measureRun(options: MeasureOptions): Promise<RunRecord> {
  const { site, crawler, round } = options;
  await site.reset(options.job.minIntervalMs);
  const job: CrawlJob = { ...options.job, seeds: site.seeds, storageDir: join(options.scratchDir, `${crawler}-r${round}`) };
  const loadAvg1 = Math.round(loadavg()[0] * 100) / 100;
  const outcome = await runCrawlerChild(crawler, job, options.timeoutMs, crawler.startsWith('pricecrawl') ? (options.cpuProfileDir ?? null) : null);
  const server = serverView(await site.report());
  if (!outcome.ok) {
    // A killed or crashed crawler still gets its server-side figures, so a timeout shows how far it got.
    return {
      crawler, round, ok: false, error: outcome.error, pages: server.pages200, items: 0, failed: 0, seconds: outcome.wallSeconds,
      pagesPerSecond: server.pages200 / outcome.wallSeconds, cpuSeconds: 0, cpuMsPerPage: 0, peakRssMb: 0, loadAvg1, server,
    };
  }
  const r = outcome.result;
  return {
    crawler,
    round,
    ok: true,
    pages: r.pages,
    items: r.items,
    failed: r.failed,
    seconds: r.seconds,
    pagesPerSecond: r.seconds > 0 ? r.pages / r.seconds : 0,
    cpuSeconds: r.cpuSeconds,
    cpuMsPerPage: r.pages > 0 ? (r.cpuSeconds * 1000) / r.pages : 0,
    ...(r.mainThreadCpuSeconds !== undefined && r.pages > 0 ? { mainCpuMsPerPage: (r.mainThreadCpuSeconds * 1000) / r.pages } : {}),
    peakRssMb: r.peakRssMb,
    loadAvg1,
    server,
    extra: r.extra,
  };
}
