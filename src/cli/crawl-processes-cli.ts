// `crawl --processes N` on the command line: the count, and how the first process starts the others (this CLI again, joining its run).
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { PricecrawlError } from '../core/errors';
import type { CrawlProcessesOption } from '../app/crawl/crawl-processes';
import type { ProcessSlot } from '../ports/frontier';

interface ProcessOptions {
  processes?: string;
  set: string[];
  arg: string[];
  storage?: string;
  store?: string;
  config?: string;
  logLevel?: string;
}

/** `--processes <n|auto>`; undefined for one process. Several need the embedded frontier (Redis runs scale with `pricecrawl worker`). */
export function crawlProcessesOption(opts: ProcessOptions, spider: string, frontierUrl: string): CrawlProcessesOption | undefined {
  const raw = opts.processes ?? '1';
  const count = raw === 'auto' ? availableParallelism() : Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new PricecrawlError('SETTINGS_INVALID', `--processes must be auto or a whole number from 1 to 64, got "${raw}"`);
  if (count === 1) return undefined;
  if (frontierUrl !== '') throw new PricecrawlError('SETTINGS_INVALID', '--processes shares the embedded frontier; with a Redis frontier start more `pricecrawl worker` processes instead');
  return { count, start: (slot, runId) => fork(process.argv[1], childArgs(opts, spider, runId, `${slot}/${count}`), { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }) };
}

/**
 * The same spider, arguments and settings; no feeds, report or live progress (the first process writes
 * the run's, from the store), and no metrics endpoint (its port is the first process's).
 */
function childArgs(opts: ProcessOptions, spider: string, runId: string, slot: string): string[] {
  const args = ['crawl', spider, '--run', runId, '--process-slot', slot];
  for (const pair of opts.set) args.push('-s', pair);
  for (const pair of opts.arg) args.push('-a', pair);
  if (opts.storage) args.push('--storage', opts.storage);
  if (opts.store) args.push('--store', opts.store);
  if (opts.config) args.push('--config', opts.config);
  if (opts.logLevel) args.push('--log-level', opts.logLevel);
  args.push('-s', 'metrics.port=0');
  return args;
}

/** `--process-slot k/n` with the run it joins. */
export function parseProcessSlot(raw: string | undefined, runId: string | undefined): ProcessSlot | undefined {
  if (raw === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const place = match ? { slot: Number(match[1]), slots: Number(match[2]) } : null;
  if (!place || place.slot < 1 || place.slot >= place.slots || !runId) throw new PricecrawlError('SETTINGS_INVALID', `--process-slot must be k/n with 1 ≤ k < n, with --run: got "${raw}"`);
  return place;
}
