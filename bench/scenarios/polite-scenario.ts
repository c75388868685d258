// Polite scenarios: one request in flight per host, a minimum interval, spans against the ideal, gaps at the server.
import { spawn } from 'node:child_process';
import { getPriority } from 'node:os';
import type { BenchConfig, CrawlerName } from '../harness/bench-config';
import type { RunRecord } from '../harness/measure-run';
import type { ScenarioResult, TargetCheck } from '../harness/scenario-result';
import { runRounds } from '../harness/run-rounds';
import { siteInfo } from '../harness/site-info';
import { round2, summarize, type CrawlerSummary } from '../harness/summarize';
import { startSite } from '../site/site-client';

const SLOW_PEERS: CrawlerName[] = ['crawlee', 'scrapy'];

export interface PoliteVariant {
  name: 'polite' | 'skewed' | 'polite-busy';
  productsPerHost: number[];
  description: string;
  /** A CPU-bound process (a busy loop) runs beside every crawl of the scenario. */
  busyNeighbour?: boolean;
}

export function politeVariants(config: BenchConfig): PoliteVariant[] {
  return [
    {
      name: 'polite',
      productsPerHost: Array<number>(config.hosts).fill(config.politeProductsPerHost),
      description: `each host ≤ 1 in flight and ${config.politeIntervalMs} ms apart; span vs ideal, gaps measured at the server`,
    },
    {
      name: 'skewed',
      productsPerHost: Array.from({ length: config.hosts }, (_, i) => (i === 0 ? 10 * config.skewSmallProducts : config.skewSmallProducts)),
      description: `as polite, but one host holds 10 × the pages of the others (no head-of-line blocking behind it)`,
    },
    {
      name: 'polite-busy',
      productsPerHost: Array<number>(config.hosts).fill(config.politeProductsPerHost),
      description: `as polite, with a CPU-bound process (a busy loop) beside the crawl on the same two cores`,
      busyNeighbour: true,
    },
  ];
}

/**
 * `fastPagesPerSecond`: pricecrawl's unthrottled rate from the fast scenario, when it ran. If every host
 * busy at once asks for more pages/s than that, no schedule can reach the ideal on this machine.
 */
export async function politeScenario(
  config: BenchConfig,
  variant: PoliteVariant,
  crawlers: CrawlerName[],
  scratchDir: string,
  notes: string[],
  fastPagesPerSecond: number | null,
): Promise<ScenarioResult> {
  const startedAtMs = performance.now();
  const interval = config.politeIntervalMs;
  // Think time below the interval: a real shop answers in tens of ms, and in-flight counts become visible.
  const latencyMs: [number, number] = [5, Math.max(5, Math.floor(interval * 0.6))];
  const site = await startSite({ productsPerHost: variant.productsPerHost, answer429: true, latencyMs });
  const idealSeconds = (Math.max(...site.manifest.hosts.map((h) => h.pages)) * interval) / 1000;
  const neighbour = variant.busyNeighbour ? startBusyLoop() : null;
  try {
    const runs = await runRounds({
      scenario: variant.name,
      site,
      crawlers,
      rounds: config.politeRounds,
      slowPeers: SLOW_PEERS,
      peerRounds: config.peerRounds,
      job: { concurrency: config.concurrency, perHostConcurrency: 1, minIntervalMs: interval },
      scratchDir,
      timeoutMs: () => Math.round(idealSeconds * 6_000 + 30_000),
      cpuProfileDir: config.cpuProfileDir,
    });
    const summaries = crawlers.map((c) => summarize(c, runs)).filter((s) => s.rounds > 0);
    const demand = (site.manifest.hosts.length * 1000) / interval;
    const feasibility =
      fastPagesPerSecond === null
        ? `demand while every host has work: ${demand.toFixed(0)} pages/s (run the fast scenario too to compare it with the machine's capacity)`
        : `demand while every host has work: ${demand.toFixed(0)} pages/s; pricecrawl unthrottled (fast scenario): ${fastPagesPerSecond.toFixed(0)} pages/s` +
          (demand > fastPagesPerSecond ? ' → CPU-bound here: the span measures parsing capacity as much as scheduling' : ' → within capacity');
    const pc = summaries.find((s) => s.crawler === 'pricecrawl');
    const allPages = pc !== undefined && pc.okRounds === pc.rounds && pc.minPages === site.totalPages;
    const targets: TargetCheck[] = pc
      ? [
          {
            label: 'pricecrawl crawl span (server side: first arrival to last answer)',
            measured:
              `${pc.medianServerSpanSeconds.toFixed(2)} s = ${round2(pc.medianServerSpanSeconds / idealSeconds)} × ideal ${idealSeconds.toFixed(2)} s (median)` +
              (pc.minPages < site.totalPages ? '; a round missed pages, so its span is not comparable' : ''),
            target: '≤ 1.05 × ideal, every page fetched',
            // A crawl that lost pages (429s turned into failures) finishes early: that is no win.
            pass: allPages && pc.medianServerSpanSeconds <= 1.05 * idealSeconds,
          },
          {
            label: 'pricecrawl wall time of the crawl (its own start to finish)',
            measured: `${pc.medianSeconds.toFixed(2)} s = ${round2(pc.medianSeconds / idealSeconds)} × ideal (median)`,
            target: '≤ 1.10 × ideal',
            pass: allPages && pc.medianSeconds <= 1.1 * idealSeconds,
          },
          {
            label: `pricecrawl arrival gaps under ${interval} ms at the server`,
            measured: `${pc.maxViolations} in the worst round, shortest gap ${pc.minGapMs?.toFixed(2) ?? 'n/a'} ms, ${pc.total429} × 429`,
            target: '0',
            pass: pc.maxViolations === 0,
          },
          {
            label: 'where the spacing is lost (pricecrawl, client side, all rounds)',
            measured: clientSideGaps(runs),
            target: 'diagnostic',
            pass: null,
          },
          {
            label: 'where the span is lost (pricecrawl, server side, worst host of the slowest round)',
            measured: idleBeyondInterval(runs),
            target: 'diagnostic',
            pass: null,
          },
          {
            label: 'pricecrawl requests in flight per host at the server',
            measured: `max ${pc.maxInFlightPerHost}`,
            target: '≤ 1',
            pass: pc.maxInFlightPerHost <= 1,
          },
          {
            label: 'pricecrawl fetched every page',
            measured: `${pc.minPages} of ${site.totalPages} (worst round)`,
            target: `${site.totalPages}`,
            pass: pc.minPages === site.totalPages,
          },
        ]
      : [{ label: 'pricecrawl polite targets', measured: 'pricecrawl not run', target: 'n/a', pass: null }];
    targets.push(...twoProcessTargets(summaries.find((s) => s.crawler === 'pricecrawl-2p'), runs, interval, idealSeconds, site.totalPages));
    return {
      name: variant.name,
      description: variant.description,
      site: siteInfo(site),
      minIntervalMs: interval,
      idealSeconds,
      runs,
      summaries,
      targets,
      notes: [
        ...notes,
        feasibility,
        'ideal = max over hosts of (pages on host × interval); the span is judged at the server (≤ 1.05 ×), "s" is the crawler\'s own wall time of the crawl (≤ 1.10 ×)',
        ...(variant.busyNeighbour ? ['a busy-loop node process spins beside every crawl of this scenario (started before the first round, killed after the last)'] : []),
        'the site answers 429 (Retry-After: 1) to any arrival sooner than the interval after the previous one on that host, and counts it',
        `the site thinks ${latencyMs[0]}–${latencyMs[1]} ms per page before answering (fixed per path)`,
        site.raisedPriority
          ? `the site runs at nice ${getPriority() - 10 < -20 ? -20 : getPriority() - 10} (the bench at ${getPriority()}), as a machine of its own would not wait for the crawler's CPU; its longest event-loop stall per round is in the round lines`
          : 'the site could not get a raised CPU priority (not root): its arrival stamps carry its scheduling delays (see "site loop stalls" per round)',
      ],
      wallSeconds: (performance.now() - startedAtMs) / 1000,
    };
  } finally {
    await neighbour?.stop();
    await site.stop();
  }
}

/** A second CPU-bound process: a node child spinning at the bench's own priority until stopped. */
function startBusyLoop(): { stop(): Promise<void> } {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** undici's own diagnostics: gaps when the request was created vs when its headers hit the socket. */
function clientSideGaps(runs: RunRecord[]): string {
  const mine = runs.filter((r) => r.crawler === 'pricecrawl' && r.ok && r.extra?.clientWriteGapsUnderMin !== undefined);
  if (mine.length === 0) return 'not reported';
  const sum = (key: string): number => mine.reduce((s, r) => s + Number(r.extra?.[key] ?? 0), 0);
  const min = (key: string): string => Math.min(...mine.map((r) => Number(r.extra?.[key] ?? Infinity))).toFixed(2);
  const mean = (key: string): string => (mine.reduce((s, r) => s + Number(r.extra?.[key] ?? NaN), 0) / mine.length).toFixed(2);
  return `gaps under the interval at request creation ${sum('clientCreateGapsUnderMin')} (shortest ${min('clientCreateMinGapMs')} ms), at the socket write ${sum('clientWriteGapsUnderMin')} (shortest ${min('clientWriteMinGapMs')} ms); mean gap at the write ${mean('clientWriteMeanGapMs')} ms, ${mean('clientWriteSteadyMeanGapMs')} ms after each host's first 5 (interval + politeness.intervalMarginMs is the floor)`;
}

/** Time a host's arrivals spent apart beyond the interval: queue-empty stalls, Retry-After pauses, a slow loop. */
function idleBeyondInterval(runs: RunRecord[]): string {
  const mine = runs.filter((r) => r.crawler === 'pricecrawl' && r.ok);
  if (mine.length === 0) return 'not reported';
  const slowest = mine.reduce((a, b) => (b.server.spanSeconds > a.server.spanSeconds ? b : a));
  const { slackMs, maxGapMs, arrivals, opening } = slowest.server.worstSlack;
  return `${(slackMs / 1000).toFixed(2)} s beyond the interval over ${arrivals} arrivals, longest gap ${maxGapMs?.toFixed(0) ?? 'n/a'} ms; its first arrivals: ${opening?.join(', ') ?? 'n/a'}`;
}

/** `--processes 2`: the same budget across both processes, measured at the server. */
function twoProcessTargets(two: CrawlerSummary | undefined, runs: RunRecord[], interval: number, idealSeconds: number, totalPages: number): TargetCheck[] {
  if (!two) return [];
  // Each process probes its own hosts (disjoint), so the merged client-side gaps cover every send.
  const client = runs.filter((r) => r.crawler === 'pricecrawl-2p' && r.ok).map((r) => `${r.extra?.clientWriteGapsUnderMin ?? 'n/a'} (shortest ${r.extra?.clientWriteMinGapMs ?? 'n/a'} ms)`);
  return [
    {
      label: `pricecrawl --processes 2 arrival gaps under ${interval} ms at the server, ≤ 1 in flight per host`,
      measured: `${two.maxViolations} in the worst round, ${two.total429} × 429, max ${two.maxInFlightPerHost} in flight per host, ${two.minPages} of ${totalPages} pages`,
      target: '0, ≤ 1, every page',
      pass: two.maxViolations === 0 && two.total429 === 0 && two.maxInFlightPerHost <= 1 && two.minPages === totalPages,
    },
    { label: 'pricecrawl --processes 2 gaps under the interval at the socket write, both processes (client side, per round)', measured: client.join(', ') || 'n/a', target: 'diagnostic', pass: null },
    { label: 'pricecrawl --processes 2 crawl span', measured: `${two.medianSeconds.toFixed(2)} s = ${round2(two.medianSeconds / idealSeconds)} × ideal`, target: 'comparison', pass: null },
  ];
}
