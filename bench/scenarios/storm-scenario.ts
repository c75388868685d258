// Storm scenario: one host answers 429 above N requests/s beside normal hosts; pages lost, 429s and wall time per crawler.
import type { BenchConfig, CrawlerName } from '../harness/bench-config';
import type { RunRecord } from '../harness/measure-run';
import type { ScenarioResult, TargetCheck } from '../harness/scenario-result';
import { runRounds } from '../harness/run-rounds';
import { siteInfo } from '../harness/site-info';
import { median, summarize } from '../harness/summarize';
import { startSite } from '../site/site-client';

const SLOW_PEERS: CrawlerName[] = ['crawlee', 'scrapy'];
/** The plain undici loop has no retries or throttle: nothing to compare here. */
const STORM_CRAWLERS: CrawlerName[] = ['pricecrawl', 'crawlee', 'scrapy'];
/** Several requests in flight per host, so every crawler can outrun the limit and has to be slowed by its throttle. */
const STORM_PER_HOST_CONCURRENCY = 4;

export async function stormScenario(config: BenchConfig, crawlers: CrawlerName[], scratchDir: string, notes: string[]): Promise<ScenarioResult> {
  const startedAtMs = performance.now();
  const site = await startSite({
    productsPerHost: Array<number>(config.stormHosts).fill(config.stormProductsPerHost),
    answer429: false,
    rateLimit: { hostIndex: 0, maxPerSecond: config.stormPerSecond },
  });
  const idealSeconds = site.manifest.hosts[0].pages / config.stormPerSecond;
  const running = crawlers.filter((c) => STORM_CRAWLERS.includes(c));
  try {
    const runs = await runRounds({
      scenario: 'storm',
      site,
      crawlers: running,
      rounds: config.politeRounds,
      slowPeers: SLOW_PEERS,
      peerRounds: config.peerRounds,
      // No fixed interval: the adaptive throttle (pricecrawl, Scrapy) has to find the limited host's pace.
      job: { concurrency: config.concurrency, perHostConcurrency: STORM_PER_HOST_CONCURRENCY, minIntervalMs: 0, adaptiveThrottle: true },
      scratchDir,
      timeoutMs: () => Math.max(180_000, Math.round(idealSeconds * 20_000)),
      cpuProfileDir: config.cpuProfileDir,
    });
    const lost = (run: RunRecord) => site.totalPages - run.server.uniquePages;
    const rows = running.flatMap((crawler) => {
      const mine = runs.filter((r) => r.crawler === crawler);
      if (mine.length === 0) return [];
      return [{ crawler, worstLost: Math.max(...mine.map(lost)), median429: median(mine.map((r) => r.server.status429)), medianSeconds: median(mine.map((r) => r.seconds)), rounds: mine.length }];
    });
    const describe = (row: (typeof rows)[number]) => `${row.crawler}: ${row.worstLost} lost (worst of ${row.rounds}), ${row.median429} × 429, ${row.medianSeconds.toFixed(1)} s (median)`;
    const pc = rows.find((r) => r.crawler === 'pricecrawl');
    const targets: TargetCheck[] = [
      {
        label: 'pricecrawl pages lost to the storm (adaptive throttle on)',
        measured: pc ? describe(pc) : 'not run',
        target: '0 lost',
        pass: pc ? pc.worstLost === 0 : null,
      },
      ...rows.filter((r) => r.crawler !== 'pricecrawl').map((row) => ({ label: `${row.crawler} side by side`, measured: describe(row), target: 'comparison', pass: null })),
    ];
    return {
      name: 'storm',
      description: `host 1 of ${config.stormHosts} answers 429 (Retry-After: 1) above ${config.stormPerSecond} requests/s; lost pages, 429s and wall time`,
      site: siteInfo(site),
      minIntervalMs: 0,
      idealSeconds,
      runs,
      summaries: running.map((c) => summarize(c, runs)).filter((s) => s.rounds > 0),
      targets,
      notes: [
        ...notes,
        `ideal ${idealSeconds.toFixed(1)} s = limited host's ${site.manifest.hosts[0].pages} pages at ${config.stormPerSecond}/s; "lost" = pages never answered 200 (server-side)`,
        `pricecrawl: default settings + throttle.adaptive.enabled, no fixed interval, ${STORM_PER_HOST_CONCURRENCY} in flight per host`,
        'Crawlee: vanilla CheerioCrawler (429 is a blocked status: session retired, retried up to 3 times, Retry-After ignored); it has no per-host throttle that applies on 127.0.0.1',
        `Scrapy: AutoThrottle on, RetryMiddleware on (429 in its default codes), CONCURRENT_REQUESTS_PER_DOMAIN ${STORM_PER_HOST_CONCURRENCY}`,
      ],
      wallSeconds: (performance.now() - startedAtMs) / 1000,
    };
  } finally {
    await site.stop();
  }
}
