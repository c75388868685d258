// The bench's results file keeps the settings overrides it ran with, never a password or token in them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempStorageDir } from '../support/test-crawl';

const ROOT = resolve(import.meta.dirname, '../..');

describe('bench results', () => {
  it('keep BENCH_PRICECRAWL_SETTINGS with proxy, store and frontier passwords and secret-named values masked', async () => {
    const cwd = tempStorageDir('bench-results');
    try {
      const overrides = {
        sessions: { proxyUrls: ['http://acct-zone1:pr0xy-Pw-81@127.0.0.1:1'] },
        storage: { url: 'postgres://crawler:pg-Pw-82@127.0.0.1:1/prices?sslmode=disable' },
        frontier: { url: 'redis://:r3dis-Pw-83@127.0.0.1:1/0' },
        http: { headers: { Authorization: 'Bearer tok-Pw-84' } },
        concurrency: { autoscale: false },
      };
      // Startup is a pricecrawl scenario: with Crawlee alone picked, nothing runs and the results file is written at once.
      const child = spawn(process.execPath, [join(ROOT, 'bin/run-ts.js'), join(ROOT, 'bench/run.ts')], {
        cwd: cwd.dir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, BENCH_SCENARIOS: 'startup', BENCH_CRAWLERS: 'crawlee', BENCH_PRICECRAWL_SETTINGS: JSON.stringify(overrides) },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, 'close')) as [number | null];
      expect(code, output).toBe(0);
      const dir = join(cwd.dir, 'bench/results');
      const [file] = readdirSync(dir);
      const text = readFileSync(join(dir, file), 'utf8');
      for (const secret of ['pr0xy-Pw-81', 'acct-zone1', 'pg-Pw-82', 'r3dis-Pw-83', 'tok-Pw-84']) expect(text).not.toContain(secret);
      const kept = JSON.parse((JSON.parse(text) as { pricecrawlSettings: string }).pricecrawlSettings) as typeof overrides;
      expect(kept.sessions.proxyUrls).toEqual(['http://***@127.0.0.1:1']);
      expect(kept.storage.url).toBe('postgres://***@127.0.0.1:1/prices?sslmode=disable');
      expect(kept.frontier.url).toBe('redis://***@127.0.0.1:1/0');
      expect(kept.concurrency).toEqual({ autoscale: false });
    } finally {
      cwd.cleanup();
    }
  });
});
