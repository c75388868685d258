// The JS-shop scenario's contract with its crawler children: the job in BENCH_JOB, and clocks that include Chromium's CPU.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface JsShopJob {
  /** The listing page first, then every product page. */
  urls: string[];
  /** Pages open at once (pricecrawl: browser.maxOpenPages; Crawlee: min = max concurrency). */
  pagesOpen: number;
  storageDir: string;
  executablePath: string;
}

export interface JsShopResult {
  crawler: string;
  /** Pages loaded with status 200. */
  pages: number;
  /** Product pages whose script-written price was read. */
  prices: number;
  failed: number;
  seconds: number;
  /** This process and every child it reaped (Chromium and its renderers, once closed). */
  cpuSeconds: number;
}

export const JS_RESULT_PREFIX = '{"jsShopResult"';
/** What the product page's script marks once it wrote the price. */
export const PRICE_READY = '.price[data-ready]';

export function readJsShopJob(): JsShopJob {
  const raw = process.env.BENCH_JOB;
  if (!raw) throw new Error('BENCH_JOB is not set: crawler children are started by bench/run.ts');
  return JSON.parse(raw) as JsShopJob;
}

/** CPU of this process plus its reaped children (utime, stime, cutime, cstime of /proc/self/stat), seconds. */
function treeCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'latin1');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14 … cstime 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks / 100; // USER_HZ is 100 on Linux
}

/** Starts wall and CPU clocks; the CPU figure is complete once the crawler closed (and so reaped) its browsers. */
export function startTreeClocks(): () => { seconds: number; cpuSeconds: number } {
  const wallAtMs = performance.now();
  const cpuAt = treeCpuSeconds();
  return () => ({ seconds: (performance.now() - wallAtMs) / 1000, cpuSeconds: treeCpuSeconds() - cpuAt });
}

export function emitJsShopResult(result: JsShopResult): void {
  process.stdout.write(`${JSON.stringify({ jsShopResult: result })}\n`);
}
