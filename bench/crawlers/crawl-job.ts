// The contract between the bench and each crawler child: a job in BENCH_JOB, one JSON result line on stdout.
import { readFileSync } from 'node:fs';

export interface CrawlJob {
  /** Home page of every host. */
  seeds: string[];
  /** Global ceiling on requests in flight. */
  concurrency: number;
  /** Per-host requests in flight. */
  perHostConcurrency: number;
  /** Per-host minimum spacing between sends, ms (0: no limit). */
  minIntervalMs: number;
  /** Scratch directory for the crawler's storage (queue, items). */
  storageDir: string;
  /** Storm scenario: turn on the crawler's adaptive throttle (pricecrawl: throttle.adaptive; Scrapy: AutoThrottle). */
  adaptiveThrottle?: boolean;
  /** Memory scenario: seed this many tiny-page requests instead of crawling the shops. */
  tinyRequests?: number;
  /** Memory scenario: keep crawling this long after seeding finished, then stop. */
  crawlAfterSeedMs?: number;
  /**
   * Memory scenario, second child: resume the run left in storageDir (a million requests still pending),
   * stop as soon as the first request goes out, and report how long that took.
   */
  resumeToFirstRequest?: boolean;
  /** Workers scenario: crawl on this shared frontier; `join`: a worker that joins the run another child seeds. */
  frontier?: { url: string; runId: string; join: boolean; leaseTtlMs: number };
}

export interface CrawlerResult {
  crawler: string;
  /** Pages fetched with status 200. */
  pages: number;
  /** Items extracted (one per product page). */
  items: number;
  /** Requests that ended in failure. */
  failed: number;
  /** Wall time of the crawl itself, from its first call to its end (no process start-up). */
  seconds: number;
  /** User + system CPU spent during the crawl (module loading and TS transpiling excluded, like `seconds`). */
  cpuSeconds: number;
  /** The main thread's share of `cpuSeconds` (Linux; absent elsewhere): the thread that bounds pages/s. */
  mainThreadCpuSeconds?: number;
  /** Peak resident set of the whole process. */
  peakRssMb: number;
  /** Crawler-specific figures (seeding time, queue counts...). */
  extra?: Record<string, number | string>;
}

export const RESULT_PREFIX = '{"benchResult"';

export function readJob(): CrawlJob {
  const raw = process.env.BENCH_JOB;
  if (!raw) throw new Error('BENCH_JOB is not set: crawler children are started by bench/run.ts');
  return JSON.parse(raw) as CrawlJob;
}

/** Highest RSS the kernel saw for this process (VmHWM), in MB; falls back to getrusage. */
export function peakRssMb(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // not Linux: getrusage below is the same figure there
  }
  return process.resourceUsage().maxRSS / 1024;
}

/**
 * Starts the crawl's clocks: wall time and CPU from here on, so start-up costs stay out of the figures.
 * `process.cpuUsage()` counts every thread (V8's GC helpers, libuv's pool); the main thread's own
 * share comes from /proc, because it is the one a CPU profile samples and the one that bounds pages/s.
 */
export function startClocks(): () => { seconds: number; cpuSeconds: number; mainThreadCpuSeconds?: number } {
  const wallAtMs = performance.now();
  const cpuAt = process.cpuUsage();
  const mainAt = mainThreadCpuSeconds();
  return () => {
    const cpu = process.cpuUsage(cpuAt);
    const main = mainThreadCpuSeconds();
    return {
      seconds: (performance.now() - wallAtMs) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      ...(main === null || mainAt === null ? {} : { mainThreadCpuSeconds: main - mainAt }),
    };
  };
}

/** utime + stime of the main thread (the task whose id is the pid), seconds in 10 ms ticks; null off Linux. */
function mainThreadCpuSeconds(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

export function emitResult(result: CrawlerResult): void {
  const rounded = {
    ...result,
    seconds: round(result.seconds),
    cpuSeconds: round(result.cpuSeconds),
    ...(result.mainThreadCpuSeconds === undefined ? {} : { mainThreadCpuSeconds: round(result.mainThreadCpuSeconds) }),
    peakRssMb: round(result.peakRssMb),
  };
  process.stdout.write(`${JSON.stringify({ benchResult: rounded })}\n`);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
