// A `pricecrawl crawl` of the catalog test spider as its own process, optionally killed at a counted event (kill-at.mjs).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts'; // the spider named `catalog`
const KILL_AT = resolve(import.meta.dirname, 'kill-at.mjs');

/** Resolves when the process has exited: its code (null when a signal ended it) and its stdout and stderr together. */
export async function catalogCrawl(args: string[], killAt?: string): Promise<{ code: number | null; output: string }> {
  const env = killAt ? { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${KILL_AT}`, KILL_AT: killAt } : process.env;
  const child = spawn(process.execPath, ['bin/pricecrawl.js', 'crawl', SPIDER_FILE, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output };
}

/** KILL_AT for the n-th acknowledgement of the embedded frontier (each follows its request's items' commit). */
export const beforeAck = (n: number) => `sql:before:${n}:frontier.sqlite:^UPDATE requests SET state = 'succeeded'`;
