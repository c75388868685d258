// Crawler child: pricecrawl's own runCrawl on the bench site, with the job's limits as settings overrides.
import { pino } from 'pino';
import { runCrawl } from '../../src/crawl/run-crawl';
import type { CrawlEngine } from '../../src/engine/crawl-engine';
import { resolveSettings } from '../../src/settings/load-settings';
import type { SettingsOverrides } from '../../src/settings/schema';
import { BenchShopSpider, TinyFloodSpider } from './bench-shop-spider';
import { emitResult, peakRssMb, readJob, startClocks } from './crawl-job';
import { startSendGapProbe } from './send-gap-probe';

const job = readJob();
const overrides: SettingsOverrides = {
  concurrency: { maxConcurrency: job.concurrency, desiredConcurrency: job.concurrency },
  politeness: { minIntervalMs: job.minIntervalMs, jitterMs: 0, maxConcurrencyPerHost: job.perHostConcurrency },
  storage: { dir: job.storageDir },
  log: { level: 'warn', format: 'json', statsIntervalMs: 0 },
  shutdown: { graceMs: 2_000 },
  ...(job.frontier ? { frontier: { url: job.frontier.url, leaseTtlMs: job.frontier.leaseTtlMs } } : {}),
  ...(job.adaptiveThrottle ? { throttle: { adaptive: { enabled: true } } } : {}),
};
// BENCH_PRICECRAWL_SETTINGS (JSON) layers extra overrides on top, e.g. '{"concurrency":{"autoscale":false}}'.
const extra = process.env.BENCH_PRICECRAWL_SETTINGS ? (JSON.parse(process.env.BENCH_PRICECRAWL_SETTINGS) as Record<string, unknown>) : {};
const loaded = resolveSettings([
  { name: 'config', origin: 'bench job', values: overrides as Record<string, unknown> },
  { name: 'env', origin: 'BENCH_PRICECRAWL_SETTINGS', values: extra },
]);
const log = pino({ level: 'warn', base: undefined }, pino.destination({ dest: 2, sync: false }));

let engine: CrawlEngine | null = null;
let seededAtMs: number | null = null;
const probe = job.minIntervalMs > 0 ? startSendGapProbe(job.minIntervalMs) : null;
const startedAtMs = performance.now();
const clocks = startClocks();
const spider = job.tinyRequests
  ? new TinyFloodSpider(job.seeds, job.tinyRequests, () => {
      seededAtMs = performance.now();
      // Bounded by construction: crawl a little after seeding, then a graceful stop.
      setTimeout(() => engine?.stop('bench time budget'), job.crawlAfterSeedMs ?? 10_000).unref();
    })
  : new BenchShopSpider(job.seeds);

// After engine.stop() the engine can be left waiting with no ref'd handle, and Node would then exit before
// runCrawl resolves (seen with the memory scenario's timed stop); this keeps the process alive until it does.
const keepAlive = setInterval(() => undefined, 1_000);
const shared = job.frontier ? { runId: job.frontier.runId, join: job.frontier.join } : {};
const summary = await runCrawl({ spider, loaded, log, ...shared, onEngine: (e) => (engine = e) });
clearInterval(keepAlive);
const { seconds, cpuSeconds } = clocks();
const sendGaps = probe?.();
log.flush();
emitResult({
  crawler: 'pricecrawl',
  pages: summary.ledger.byStatus['200'] ?? 0,
  items: summary.items.written,
  failed: summary.ledger.failed,
  seconds,
  cpuSeconds,
  peakRssMb: peakRssMb(),
  extra: {
    planned: summary.ledger.planned,
    pending: summary.ledger.pending,
    status: summary.status,
    ...(sendGaps
      ? {
          clientCreateGapsUnderMin: sendGaps.created.underMin,
          clientCreateMinGapMs: sendGaps.created.minGapMs ?? 'n/a',
          clientWriteGapsUnderMin: sendGaps.written.underMin,
          clientWriteMinGapMs: sendGaps.written.minGapMs ?? 'n/a',
        }
      : {}),
    ...(seededAtMs !== null ? { seedingSeconds: Math.round((seededAtMs - startedAtMs) / 10) / 100 } : {}),
  },
});
