// `crawl --processes N` on the command line: the count, and how the first process starts the others (this CLI again, joining its run).
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { PricecrawlError } from '../core/errors';
import type { CrawlProcessesOption } from '../app/crawl/crawl-processes';
import type { ProcessSlot } from '../ports/frontier';
import { parsePairs } from './key-value-pairs';
import { stdinOptionsText } from '../app/crawl/stdin-options';

interface ProcessOptions {
  processes?: string;
  processSlot?: string;
  set: string[];
  arg: string[];
  storage?: string;
  store?: string;
  config?: string;
  logLevel?: string;
  /** `--log-file <file>`: same as -s log.file=<file>. */
  logFile?: string;
}

/** The others, forked already; `release` lets them go (their wait for the run ends) when this process fails before its crawl. */
export interface ForkedCrawlProcesses extends CrawlProcessesOption {
  release(): void;
}

/**
 * `--processes <n|auto>`; undefined for one process. The others are forked here, at the very start
 * (before this process loads the crawl's modules), so their start-up overlaps its own; they learn the run
 * id over IPC once it is open.
 */
export function forkCrawlProcesses(opts: ProcessOptions, spider: string): ForkedCrawlProcesses | undefined {
  const raw = opts.processes ?? '1';
  const count = raw === 'auto' ? availableParallelism() : Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64) throw new PricecrawlError('SETTINGS_INVALID', `--processes must be auto or a whole number from 1 to 64, got "${raw}"`);
  if (count === 1 || opts.processSlot !== undefined) return undefined;
  const children = new Map<number, ChildProcess>();
  const passed = stdinOptionsText({ args: parsePairs(opts.arg, '-a'), set: opts.set, store: opts.store });
  for (let slot = 1; slot < count; slot++) {
    const child = fork(process.argv[1], childArgs(opts, spider, `${slot}/${count}`), { execArgv: process.execArgv, stdio: ['pipe', 'inherit', 'inherit', 'ipc'] });
    // A child that dies before reading them closes the pipe (EPIPE): its exit is what CrawlProcesses hears.
    child.stdin?.on('error', () => {});
    child.stdin?.end(passed);
    children.set(slot, child);
  }
  return {
    count,
    start: (slot) => children.get(slot)!,
    release: () => {
      for (const child of children.values()) if (child.connected) child.disconnect();
    },
  };
}

/** Several processes need the embedded frontier (Redis runs scale with `pricecrawl worker`). */
export function refuseSharedFrontier(processes: CrawlProcessesOption | undefined, frontierUrl: string): void {
  if (processes && frontierUrl !== '') throw new PricecrawlError('SETTINGS_INVALID', '--processes shares the embedded frontier; with a Redis frontier start more `pricecrawl worker` processes instead');
}

/**
 * The same spider, arguments and settings; no feeds, report or live progress (the first process writes
 * the run's, from the store), and no metrics endpoint (its port is the first process's). Spider arguments,
 * -s pairs and the store URL go on stdin (`--options-stdin`): they hold passwords and keys, and `ps` shows a
 * command line to every user of the machine.
 */
function childArgs(opts: ProcessOptions, spider: string, slot: string): string[] {
  const args = ['crawl', spider, '--process-slot', slot, '--options-stdin'];
  if (opts.storage) args.push('--storage', opts.storage);
  if (opts.config) args.push('--config', opts.config);
  if (opts.logLevel) args.push('--log-level', opts.logLevel);
  if (opts.logFile) args.push('--log-file', opts.logFile);
  args.push('-s', 'metrics.port=0');
  return args;
}

/** `--process-slot k/n` (the run it joins comes over IPC). */
export function parseProcessSlot(raw: string | undefined): ProcessSlot | undefined {
  if (raw === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const place = match ? { slot: Number(match[1]), slots: Number(match[2]) } : null;
  if (!place || place.slot < 1 || place.slot >= place.slots) throw new PricecrawlError('SETTINGS_INVALID', `--process-slot must be k/n with 1 ≤ k < n: got "${raw}"`);
  return place;
}
