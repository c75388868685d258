// Starts a real redis-server on a free loopback port in a temp dir (no persistence) for one test file.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './free-port';

export interface RedisTestServer {
  url: string;
  port: number;
  /** The server's process id (benchmarks read its CPU time). */
  pid: number;
  stop(): Promise<void>;
}

const REDIS_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/** `password`: the server demands it (`requirepass`); `url` then carries it. */
export async function startRedisServer(options: { password?: string } = {}): Promise<RedisTestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes', '--loglevel', 'notice'];
  if (options.password !== undefined) args.push('--requirepass', options.password);
  const child: ChildProcess = spawn(REDIS_BIN, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await waitUntilReady(child, port);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: options.password === undefined ? `redis://127.0.0.1:${port}` : `redis://:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Ready when redis-server logs that it accepts connections; an early exit fails with its own output. */
async function waitUntilReady(child: ChildProcess, port: number): Promise<void> {
  const lines: string[] = [];
  const output = createInterface({ input: child.stdout! });
  const ready = new Promise<void>((resolve) => {
    output.on('line', (line) => {
      lines.push(line);
      if (line.includes('Ready to accept connections')) resolve();
    });
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`redis-server exited with ${String(code)} before accepting connections on ${port}:\n${lines.join('\n')}`);
  });
  await Promise.race([ready, exited]);
  exited.catch(() => undefined);
}
