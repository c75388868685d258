// Starts a real redis-server on a free loopback port in a temp dir (no persistence) for one test file.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { freePort } from './free-port';

export interface RedisTestServer {
  url: string;
  port: number;
  /** The server's process id (benchmarks read its CPU time). */
  pid: number;
  /** Stops the server and keeps its files (the crawl sees a server that went away). */
  shutdown(): Promise<void>;
  /** Stops the server and starts it again on the same port from its files (with `appendOnly`, its data too). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const REDIS_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/**
 * `password`: the server demands it (`requirepass`); `url` then carries it. `appendOnly`: every write is
 * logged to disk, so `restart()` brings the data back (a restart or failover the crawl should ride out).
 * `debugCommand`: DEBUG is allowed from loopback (DEBUG SLEEP: a server that stalls, then runs what it was sent).
 */
export async function startRedisServer(options: { password?: string; appendOnly?: boolean; debugCommand?: boolean } = {}): Promise<RedisTestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-redis-'));
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', options.appendOnly ? 'yes' : 'no', '--appendfsync', 'always', '--protected-mode', 'yes', '--loglevel', 'notice'];
  if (options.password !== undefined) args.push('--requirepass', options.password);
  if (options.debugCommand) args.push('--enable-debug-command', 'local');
  let child: ChildProcess;
  try {
    child = await spawnReady(args, port);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const shutdown = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  return {
    url: options.password === undefined ? `redis://127.0.0.1:${port}` : `redis://:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    port,
    get pid() {
      return child.pid!;
    },
    shutdown,
    restart: async () => {
      await shutdown();
      child = await spawnReady(args, port);
    },
    stop: async () => {
      await shutdown();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A server with one plain client beside it, for tests that read the keys or INFO of what they did. */
export interface RedisTestServerWithClient {
  server: RedisTestServer;
  client: Redis;
  /** Closes the client, then stops the server. */
  stop(): Promise<void>;
}

export async function startRedisServerWithClient(): Promise<RedisTestServerWithClient> {
  const server = await startRedisServer();
  const client = new Redis(server.url);
  return {
    server,
    client,
    stop: async () => {
      client.disconnect();
      await server.stop();
    },
  };
}

async function spawnReady(args: string[], port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_BIN, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await waitUntilReady(child, port);
    return child;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
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
