// Fast scenario: no politeness limits; throughput and memory of pricecrawl against its peers on the same pages.
import type { BenchConfig, CrawlerName } from '../harness/bench-config';
import type { ScenarioResult, TargetCheck } from '../harness/scenario-result';
import { runRounds } from '../harness/run-rounds';
import { siteInfo } from '../harness/site-info';
import { round2, summarize, type CrawlerSummary } from '../harness/summarize';
import { startSite } from '../site/site-client';

const SLOW_PEERS: CrawlerName[] = ['crawlee', 'scrapy'];

export async function fastScenario(config: BenchConfig, crawlers: CrawlerName[], scratchDir: string, notes: string[]): Promise<ScenarioResult> {
  const startedAtMs = performance.now();
  const site = await startSite({ productsPerHost: Array<number>(config.hosts).fill(config.fastProductsPerHost), answer429: false });
  try {
    const runs = await runRounds({
      scenario: 'fast',
      site,
      crawlers,
      rounds: config.rounds,
      slowPeers: SLOW_PEERS,
      peerRounds: config.peerRounds,
      job: { concurrency: config.concurrency, perHostConcurrency: config.concurrency, minIntervalMs: 0 },
      scratchDir,
      // Generous: vanilla Crawlee runs at ~20 pages/s on a busy 2-core machine.
      timeoutMs: () => Math.max(120_000, site.totalPages * 60),
      cpuProfileDir: config.cpuProfileDir,
    });
    const summaries = crawlers.map((c) => summarize(c, runs));
    const by = (name: CrawlerName) => summaries.find((s) => s.crawler === name && s.rounds > 0);
    const pc = by('pricecrawl');
    const targets: TargetCheck[] = [
      speedTarget('pricecrawl pages/s ≥ 3 × vanilla Crawlee CheerioCrawler', pc, by('crawlee'), 3),
      speedTarget('pricecrawl pages/s ≥ 0.8 × plain undici + cheerio loop', pc, by('undici-loop'), 0.8),
      {
        label: 'pricecrawl peak RSS',
        measured: pc ? `${pc.maxPeakRssMb.toFixed(0)} MB (worst round)` : 'not run',
        target: '≤ 300 MB',
        pass: pc ? pc.maxPeakRssMb <= 300 : null,
      },
      {
        label: 'pricecrawl fetched every page',
        measured: pc ? `${pc.minPages} of ${site.totalPages} (worst round)` : 'not run',
        target: `${site.totalPages}`,
        pass: pc ? pc.minPages === site.totalPages : null,
      },
      ...processesTargets(by('pricecrawl-2p'), pc, by('undici-loop'), site.totalPages),
    ];
    return {
      name: 'fast',
      description: 'no politeness limits (per-host concurrency = global ceiling); pages/s, CPU and peak RSS on the same pages',
      site: siteInfo(site),
      minIntervalMs: 0,
      runs,
      summaries: summaries.filter((s) => s.rounds > 0),
      targets,
      notes: [...notes, `global ceiling ${config.concurrency} for every crawler; Crawlee otherwise vanilla (default persisted storage, sessions, autoscaling from 10)`],
      wallSeconds: (performance.now() - startedAtMs) / 1000,
    };
  } finally {
    await site.stop();
  }
}

function speedTarget(label: string, ours: CrawlerSummary | undefined, peer: CrawlerSummary | undefined, factor: number): TargetCheck {
  if (!ours || !peer) return { label, measured: `${ours ? '' : 'pricecrawl '}${peer ? '' : 'peer '}not run`, target: `ratio ≥ ${factor}`, pass: null };
  const ratio = ours.medianPagesPerSecond / peer.medianPagesPerSecond;
  return {
    label,
    measured: `${ours.medianPagesPerSecond.toFixed(1)} vs ${peer.medianPagesPerSecond.toFixed(1)} pages/s, ratio ${round2(ratio)}${peer.okRounds < peer.rounds ? ' (peer timed out: ratio is an upper bound)' : ''}`,
    target: `ratio ≥ ${factor}`,
    pass: ratio >= factor,
  };
}

/** `crawl --processes 2` (crawler pricecrawl-2p): against the loop, against one process, and the budgets per process. */
function processesTargets(two: CrawlerSummary | undefined, one: CrawlerSummary | undefined, loop: CrawlerSummary | undefined, totalPages: number): TargetCheck[] {
  if (!two) return [];
  return [
    speedTarget('pricecrawl --processes 2 pages/s ≥ 0.8 × plain undici + cheerio loop (aim ≥ 1.0)', two, loop, 0.8),
    { ...speedTarget('pricecrawl --processes 2 vs one process', two, one, 1), target: 'comparison', pass: null },
    { label: 'pricecrawl --processes 2 peak RSS of the largest process', measured: `${two.maxPeakRssMb.toFixed(0)} MB (worst round)`, target: '≤ 300 MB', pass: two.maxPeakRssMb <= 300 },
    { label: 'pricecrawl --processes 2 fetched every page', measured: `${two.minPages} of ${totalPages} (worst round)`, target: `${totalPages}`, pass: two.minPages === totalPages },
  ];
}
