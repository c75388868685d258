// Crawler child: pricecrawl's own runCrawl on the bench site, with the job's limits as settings overrides.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { CrawlEngine } from '../../src/engine/crawl-engine';
import type { SettingsOverrides } from '../../src/settings/schema';
import { emitResult, peakRssMb, readJob, startClocks } from './crawl-job';
import { startSendGapProbe } from './send-gap-probe';

// pricecrawl-2p: the joining processes are forked before this one loads pricecrawl (below, dynamically),
// as the CLI does (src/cli/main.ts), so their start-up overlaps its own.
const processCount = Number(process.env.BENCH_PRICECRAWL_PROCESSES ?? 1);
const slotEnv = process.env.BENCH_PRICECRAWL_SLOT;
const forked = new Map<number, ChildProcess>();
if (!slotEnv) {
  for (let slot = 1; slot < processCount; slot++) {
    forked.set(slot, fork(resolve('bin/run-ts.js'), [process.argv[1]], { execArgv: process.execArgv, env: { ...process.env, BENCH_PRICECRAWL_SLOT: `${slot}/${processCount}` }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
  }
}
const { pino } = await import('pino');
const { runCrawl } = await import('../../src/app/crawl/run-crawl');
const { resolveSettings } = await import('../../src/settings/load-settings');
const { BenchShopSpider, TinyFloodSpider } = await import('./bench-shop-spider');

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
// pricecrawl-2p: `--processes N` as the CLI runs it, this runner forked again (above) for each joining process.
const processSlot = slotEnv ? { slot: Number(slotEnv.split('/')[0]), slots: Number(slotEnv.split('/')[1]) } : undefined;
type SendGaps = ReturnType<NonNullable<typeof probe>>;
interface ProcessFigures {
  cpuSeconds: number;
  peakRssMb: number;
  /** Its hosts are its own, so each process's client-side gaps are complete for them. */
  sendGaps?: SendGaps;
  /** When its crawl began (epoch ms): how long the first process crawled alone. */
  crawlStartedAtMs: number;
  /** When it created its first request (epoch ms): how long its hosts waited after the first process's began. */
  firstFetchAtMs: number;
}
const others: Array<Promise<ProcessFigures>> = [];
let firstFetchAtMs = Number.NaN;
const onFirstFetch = () => {
  unsubscribe('undici:request:create', onFirstFetch);
  firstFetchAtMs = performance.timeOrigin + performance.now();
};
if (processCount > 1 || processSlot) subscribe('undici:request:create', onFirstFetch);
const startOther = (slot: number): ChildProcess => {
  const child = forked.get(slot)!;
  others.push(
    new Promise((done) => {
      child.on('message', (m: { benchProcess?: ProcessFigures }) => m.benchProcess && done(m.benchProcess));
      child.once('exit', () => done({ cpuSeconds: Number.NaN, peakRssMb: Number.NaN, crawlStartedAtMs: Number.NaN, firstFetchAtMs: Number.NaN })); // no figures: the result shows NaN
    }),
  );
  return child;
};
const summary = await runCrawl({
  spider, loaded, log, ...shared, resume: job.resumeToFirstRequest, onEngine: (e) => (engine = e),
  ...(processSlot ? { processSlot } : processCount > 1 ? { processes: { count: processCount, start: startOther } } : {}),
});
const endedAtMs = performance.now();
clearInterval(keepAlive);
const { seconds, cpuSeconds: ownCpuSeconds, mainThreadCpuSeconds } = clocks();
if (processSlot) {
  // A joining process: its own figures to the first one, which reports the run's.
  const figures: ProcessFigures = { cpuSeconds: ownCpuSeconds, peakRssMb: peakRssMb(), sendGaps: probe?.(), crawlStartedAtMs: performance.timeOrigin + startedAtMs, firstFetchAtMs };
  process.send?.({ benchProcess: figures }, undefined, {}, () => process.exit(0));
  await new Promise(() => undefined);
}
const otherFigures = await Promise.all(others);
const cpuSeconds = ownCpuSeconds + otherFigures.reduce((sum, o) => sum + o.cpuSeconds, 0);
const rssByProcess = [peakRssMb(), ...otherFigures.map((o) => o.peakRssMb)];
const sendGaps = mergeGaps([probe?.(), ...otherFigures.map((o) => o.sendGaps)]);
log.flush();
emitResult({
  crawler: 'pricecrawl',
  pages: summary.ledger.byStatus['200'] ?? 0,
  items: summary.items.written,
  failed: summary.ledger.failed,
  seconds,
  cpuSeconds,
  // The first process's main thread (with --processes, each process has its own).
  mainThreadCpuSeconds,
  // Peak RSS of the largest process (the budget is per process); every process's in extra.
  peakRssMb: Math.max(...rssByProcess),
  extra: {
    ...(rssByProcess.length > 1 ? { peakRssMbByProcess: rssByProcess.map((mb) => Math.round(mb)).join('/') } : {}),
    ...(otherFigures.length > 0 ? { othersStartedLateSeconds: otherFigures.map((o) => ((o.crawlStartedAtMs - performance.timeOrigin - startedAtMs) / 1000).toFixed(2)).join('/') } : {}),
    ...(otherFigures.length > 0 ? { othersFirstFetchLateSeconds: otherFigures.map((o) => ((o.firstFetchAtMs - firstFetchAtMs) / 1000).toFixed(2)).join('/') } : {}),
    planned: summary.ledger.planned,
    pending: summary.ledger.pending,
    status: summary.status,
    ...(sendGaps
      ? {
          clientCreateGapsUnderMin: sendGaps.created.underMin,
          clientCreateMinGapMs: sendGaps.created.minGapMs ?? 'n/a',
          clientWriteGapsUnderMin: sendGaps.written.underMin,
          clientWriteMinGapMs: sendGaps.written.minGapMs ?? 'n/a',
          clientWriteMeanGapMs: sendGaps.written.gaps > 0 ? round2(sendGaps.written.sumMs / sendGaps.written.gaps) : 'n/a',
          clientWriteSteadyMeanGapMs: sendGaps.written.steadyGaps > 0 ? round2(sendGaps.written.steadySumMs / sendGaps.written.steadyGaps) : 'n/a',
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

/** Several processes' client-side gaps: disjoint hosts, so counts add up and the shortest gap is the shortest of all. */
function round2(ms: number): number {
  return Math.round(ms * 100) / 100;
}

function mergeGaps(all: Array<SendGaps | undefined>): SendGaps | undefined {
  const present = all.filter((g): g is SendGaps => g !== undefined);
  if (present.length <= 1) return present[0];
  const merge = (pick: (g: SendGaps) => SendGaps['created']) => {
    const mins = present.map((g) => pick(g).minGapMs).filter((m): m is number => m !== null);
    const total = (key: 'gaps' | 'underMin' | 'sumMs' | 'steadyGaps' | 'steadySumMs') => present.reduce((n, g) => n + pick(g)[key], 0);
    return { gaps: total('gaps'), underMin: total('underMin'), minGapMs: mins.length > 0 ? Math.min(...mins) : null, sumMs: total('sumMs'), steadyGaps: total('steadyGaps'), steadySumMs: total('steadySumMs') };
  };
  return { created: merge((g) => g.created), written: merge((g) => g.written) };
}
