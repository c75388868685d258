// Crawler child: pricecrawl's own runCrawl on the bench site, with the job's limits as settings overrides.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { pino } from 'pino';
import { runCrawl } from '../../src/app/crawl/run-crawl';
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
// Resume: the first request undici creates is the one timed; the crawl stops right after it.
let firstRequestAtMs: number | null = null;
let stopAskedAtMs: number | null = null;
if (job.resumeToFirstRequest) {
  const onCreate = () => {
    unsubscribe('undici:request:create', onCreate);
    firstRequestAtMs = performance.now();
    stopAskedAtMs = performance.now();
    engine?.stop('bench: first request after resume');
  };
  subscribe('undici:request:create', onCreate);
}
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
const summary = await runCrawl({ spider, loaded, log, ...shared, resume: job.resumeToFirstRequest, onEngine: (e) => (engine = e) });
const endedAtMs = performance.now();
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
    ...(firstRequestAtMs !== null && stopAskedAtMs !== null
      ? {
          // performance.now() counts from process start: module loading included, as a user waits for it.
          processToFirstRequestSeconds: seconds3(firstRequestAtMs),
          resumeToFirstRequestSeconds: seconds3(firstRequestAtMs - startedAtMs),
          stopSeconds: seconds3(endedAtMs - stopAskedAtMs),
        }
      : {}),
    ...(seededAtMs !== null ? { seedingSeconds: Math.round((seededAtMs - startedAtMs) / 10) / 100 } : {}),
  },
});

function seconds3(ms: number): number {
  return Math.round(ms) / 1000;
}
