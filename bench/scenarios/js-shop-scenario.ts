// JS-shop scenario: pricecrawl vs Crawlee's PlaywrightCrawler on the JS-rendered demo shop, same pages open, blocking and Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startJsShop } from '../../demo/demo-shops';
import { processTreePssBytes } from '../../src/browser/process-tree';
import { treeCpuOf } from '../harness/cgroup-cpu';
import { formatTable } from '../harness/report-table';
import type { TargetCheck } from '../harness/scenario-result';
import { JS_RESULT_PREFIX, type JsShopJob, type JsShopResult } from '../crawlers/js-shop-job';

export interface JsShopRun extends JsShopResult {
  round: number;
  pagesPerSecond: number;
  cpuMsPerPage: number;
  /** CPU of the whole tree by cgroup (Chromium's orphaned zygote and renderers included), null where cgroups cannot be made; cpuMsPerPage is from it when present. */
  treeCpuSeconds: number | null;
  /** Peak over the run of the crawler's whole process tree (node + Chromium), PSS sampled every 250 ms. */
  peakPssMb: number;
  loadAvg1: number;
}

export interface JsShopScenarioResult {
  products: number;
  pages: number;
  pagesOpen: number;
  runs: JsShopRun[];
  errors: string[];
  targets: TargetCheck[];
}

const CHILDREN = {
  pricecrawl: 'bench/crawlers/pricecrawl-js-runner.ts',
  'crawlee-playwright': 'bench/baselines/crawlee-playwright.ts',
};
export type JsCrawler = keyof typeof CHILDREN;

function runChild(crawler: JsCrawler, job: JsShopJob, timeoutMs: number): Promise<{ result: JsShopResult; peakPssMb: number; treeCpuSeconds: number | null }> {
  mkdirSync(job.storageDir, { recursive: true });
  const child = spawn(process.execPath, ['bin/run-ts.js', CHILDREN[crawler]], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CRAWLEE_STORAGE_DIR: join(job.storageDir, 'crawlee-storage'), BENCH_JOB: JSON.stringify(job) },
  });
  // Moved before it can start Chromium (node takes ~1 s to load the crawler).
  const treeCpu = child.pid === undefined ? null : treeCpuOf(child.pid, crawler);
  let result: JsShopResult | null = null;
  let stderrTail = '';
  let peakPss = 0;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith(JS_RESULT_PREFIX)) result = (JSON.parse(line) as { jsShopResult: JsShopResult }).jsShopResult;
  });
  child.stderr.on('data', (chunk: Buffer) => void (stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000)));
  const sampler = setInterval(() => {
    if (child.pid !== undefined) peakPss = Math.max(peakPss, processTreePssBytes(child.pid));
  }, 250);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve, reject) => {
    child.once('close', (code, signal) => {
      clearInterval(sampler);
      clearTimeout(timer);
      const treeCpuSeconds = treeCpu?.seconds() ?? null;
      treeCpu?.dispose();
      if (result) resolve({ result, peakPssMb: peakPss / 2 ** 20, treeCpuSeconds });
      else reject(new Error(`${crawler} exited with ${signal ?? code} and no result; stderr: ${stderrTail.trim().slice(-600)}`));
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export async function jsShopScenario(options: { products: number; pagesOpen: number; rounds: number; scratchDir: string; executablePath: string; crawlers: readonly JsCrawler[] }): Promise<JsShopScenarioResult> {
  const group = await startJsShop({ productCounts: { 'js-rendered': options.products } });
  const shop = group.shops[0];
  const urls = [`${shop.origin}/`, ...shop.expected.items.map((item) => item.url)];
  const runs: JsShopRun[] = [];
  const errors: string[] = [];
  try {
    for (let round = 1; round <= options.rounds; round++) {
      const order: JsCrawler[] = round % 2 === 1 ? ['crawlee-playwright', 'pricecrawl'] : ['pricecrawl', 'crawlee-playwright'];
      for (const crawler of order.filter((c) => options.crawlers.includes(c))) {
        const job: JsShopJob = { urls, pagesOpen: options.pagesOpen, storageDir: join(options.scratchDir, `${crawler}-${round}`), executablePath: options.executablePath };
        const loadAvg1 = loadavg()[0];
        try {
          const { result, peakPssMb, treeCpuSeconds } = await runChild(crawler, job, 600_000);
          const cpuMsPerPage = ((treeCpuSeconds ?? result.cpuSeconds) * 1000) / Math.max(1, result.pages);
          runs.push({ ...result, round, loadAvg1, peakPssMb: Math.round(peakPssMb), pagesPerSecond: result.pages / result.seconds, cpuMsPerPage, treeCpuSeconds });
        } catch (error) {
          errors.push(`round ${round}: ${(error as Error).message}`);
        }
      }
    }
  } finally {
    await group.close();
  }
  return { products: options.products, pages: urls.length, pagesOpen: options.pagesOpen, runs, errors, targets: targets(runs) };
}

function targets(runs: JsShopRun[]): TargetCheck[] {
  const of = (crawler: string, pick: (r: JsShopRun) => number) => median(runs.filter((r) => r.crawler === crawler).map(pick));
  const ratio = (pick: (r: JsShopRun) => number) => of('pricecrawl', pick) / of('crawlee-playwright', pick);
  const check = (label: string, value: number, target: string, pass: (v: number) => boolean): TargetCheck => ({ label, measured: Number.isFinite(value) ? `${value.toFixed(2)} ×` : 'n/a', target, pass: Number.isFinite(value) ? pass(value) : null });
  return [
    check('pages/s vs PlaywrightCrawler', ratio((r) => r.pagesPerSecond), '≥ 1.2 ×', (v) => v >= 1.2),
    check('CPU per page vs PlaywrightCrawler', ratio((r) => r.cpuMsPerPage), '≤ 0.8 ×', (v) => v <= 0.8),
    check('peak PSS vs PlaywrightCrawler', ratio((r) => r.peakPssMb), '≤ 1.0 ×', (v) => v <= 1.0),
  ];
}

export function formatJsShop(result: JsShopScenarioResult): string {
  const header = ['crawler', 'round', 'load 1m', 'pages', 'prices', 'failed', 's', 'pages/s', 'CPU s (reaped)', 'CPU s (cgroup)', 'CPU ms/page', 'peak PSS MB (node + Chromium)'];
  const rows = result.runs.map((r) => [r.crawler, String(r.round), r.loadAvg1.toFixed(2), String(r.pages), String(r.prices), String(r.failed), r.seconds.toFixed(2), r.pagesPerSecond.toFixed(1), r.cpuSeconds.toFixed(1), r.treeCpuSeconds?.toFixed(1) ?? 'n/a', r.cpuMsPerPage.toFixed(1), String(r.peakPssMb)]);
  return [
    `== js-shop: the JS-rendered demo shop, ${result.products} products (${result.pages} pages: listing + products), ${result.pagesOpen} pages open, images/fonts/media blocked`,
    '',
    formatTable([header, ...rows]),
    '',
    'CPU ms/page: the cgroup of the child\'s whole tree where one can be made (root), else what the child reaped (which misses Chromium\'s orphaned zygote and renderers)',
    ...result.targets.map((t) => `${t.pass === null ? 'n/a ' : t.pass ? 'PASS' : 'MISS'}  ${t.label}: ${t.measured} (target ${t.target})`),
    ...result.errors.map((e) => `note  ${e}`),
  ].join('\n');
}
