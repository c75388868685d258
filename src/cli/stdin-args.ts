// `crawl --args-stdin` (internal): spider arguments read as one JSON object from stdin, where the scheduler writes a spider's configured ones.
import { PricecrawlError } from '../core/errors';

/**
 * The scheduler's child learns its spider's arguments this way, not as `-a` pairs: a command line is shown by
 * `ps` to every user of the machine, and schedule.spiders.<key>.args hold API keys and logins kept in a config file.
 */
export async function readStdinArgs(): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null;
  }
  const entries = value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : null;
  if (entries === null || entries.some(([, entry]) => typeof entry !== 'string')) {
    throw new PricecrawlError('SETTINGS_INVALID', '--args-stdin: expected one JSON object of string values on stdin');
  }
  return Object.fromEntries(entries) as Record<string, string>;
}
