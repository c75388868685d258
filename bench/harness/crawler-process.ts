// Starts one crawler child with a job, bounds it with a timeout, and reads its one JSON result line.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { RESULT_PREFIX, type CrawlerResult, type CrawlJob } from '../crawlers/crawl-job';
import type { CrawlerName } from './bench-config';
import { launcherNodeFlags } from './launcher-node-flags';

export const SYSTEM_PYTHON = '/usr/bin/python3';

interface Command {
  file: string;
  args: string[];
  env?: (job: CrawlJob) => Record<string, string>;
}

const COMMANDS: Record<CrawlerName, Command> = {
  pricecrawl: { file: process.execPath, args: ['bin/run-ts.js', 'bench/crawlers/pricecrawl-runner.ts'] },
  'pricecrawl-2p': { file: process.execPath, args: ['bin/run-ts.js', 'bench/crawlers/pricecrawl-runner.ts'], env: () => ({ BENCH_PRICECRAWL_PROCESSES: '2' }) },
  crawlee: {
    file: process.execPath,
    args: ['bin/run-ts.js', 'bench/baselines/crawlee-cheerio.ts'],
    // Crawlee's default persisted storage, but in the run's scratch dir rather than ./storage.
    env: (job) => ({ CRAWLEE_STORAGE_DIR: join(job.storageDir, 'crawlee-storage') }),
  },
  'undici-loop': { file: process.execPath, args: ['bin/run-ts.js', 'bench/baselines/undici-loop.ts'] },
  scrapy: { file: SYSTEM_PYTHON, args: ['bench/baselines/scrapy_spider.py'] },
};

/** Scrapy is optional: Debian's python3-scrapy under the system python, not the pyenv one on PATH. */
export function scrapyVersion(): string | null {
  const probe = spawnSync(SYSTEM_PYTHON, ['-c', 'import scrapy; print(scrapy.__version__)'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : null;
}

export type ChildOutcome = { ok: true; result: CrawlerResult; wallSeconds: number } | { ok: false; error: string; wallSeconds: number };

export function runCrawlerChild(name: CrawlerName, job: CrawlJob, timeoutMs: number, cpuProfileDir: string | null = null): Promise<ChildOutcome> {
  mkdirSync(job.storageDir, { recursive: true });
  const command = COMMANDS[name];
  const profiling = cpuProfileDir !== null && command.file === process.execPath ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
  // pricecrawl runs with its launcher's heap flags (bin/pricecrawl.js); BENCH_PRICECRAWL_NODE_FLAGS adds
  // or overrides (a later flag wins in node), to try other heap settings.
  const nodeFlags = name.startsWith('pricecrawl') ? [...launcherNodeFlags(), ...(process.env.BENCH_PRICECRAWL_NODE_FLAGS ?? '').split(' ').filter(Boolean)] : [];
  const startedAtMs = performance.now();
  const child = spawn(command.file, [...nodeFlags, ...profiling, ...command.args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...command.env?.(job), BENCH_JOB: JSON.stringify(job) },
  });
  let result: CrawlerResult | null = null;
  let stderrTail = '';
  // BENCH_CHILD_STDOUT: the child's other stdout lines (node's --trace-gc-nvp via BENCH_PRICECRAWL_NODE_FLAGS) go to that file.
  const stdoutCopy = process.env.BENCH_CHILD_STDOUT;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (stdoutCopy) appendFileSync(stdoutCopy, `${line}\n`);
    if (line.startsWith(RESULT_PREFIX)) result = (JSON.parse(line) as { benchResult: CrawlerResult }).benchResult;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-4000);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const wallSeconds = (performance.now() - startedAtMs) / 1000;
      if (timedOut) resolve({ ok: false, error: `timed out after ${Math.round(timeoutMs / 1000)} s (killed)`, wallSeconds });
      else if (result) resolve({ ok: true, result, wallSeconds });
      else resolve({ ok: false, error: `exited with ${signal ?? code} and no result; stderr: ${stderrTail.trim().slice(-600)}`, wallSeconds });
    });
  });
}
