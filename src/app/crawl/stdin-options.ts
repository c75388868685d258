// `crawl --options-stdin` (internal): what a parent process (the scheduler, the first of `--processes N`) tells its child crawl off its command line.
import { PricecrawlError } from '../../core/errors';

/**
 * Spider arguments, `-s` pairs and the store URL hold API keys, logins and passwords (from a config file, or the
 * parent's own command line). A command line is shown by `ps` and /proc/<pid>/cmdline to every user of the
 * machine; the child's stdin is a pipe only the two processes hold.
 */
export interface StdinOptions {
  args: Record<string, string>;
  set: string[];
  store?: string;
}

/** The text a parent writes to the child's stdin (then closes it). */
export function stdinOptionsText(options: StdinOptions): string {
  return JSON.stringify(options);
}

export async function readStdinOptions(): Promise<StdinOptions> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    value = null;
  }
  const options = asStdinOptions(value);
  if (!options) throw new PricecrawlError('SETTINGS_INVALID', '--options-stdin: expected one JSON object {"args": {…strings}, "set": […strings], "store"?: string} on stdin');
  return options;
}

function asStdinOptions(value: unknown): StdinOptions | null {
  if (!isRecord(value)) return null;
  const { args, set, store } = value;
  if (!isRecord(args) || Object.values(args).some((entry) => typeof entry !== 'string')) return null;
  if (!Array.isArray(set) || set.some((pair) => typeof pair !== 'string')) return null;
  if (store !== undefined && typeof store !== 'string') return null;
  return { args: args as Record<string, string>, set: set as string[], store };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
