// Memory for the autoscaler from /proc: the process tree's RSS as `ps` would give it, and a pool that runs where `ps` is missing.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GlobalPool } from '../../src/engine/global-pool';
import { readProcessMemory } from '../../src/engine/process-memory';

const MB = 2 ** 20;

/** A child node process holding `mb` MB of touched memory; resolves once it says it holds them. */
async function startHolder(mb: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', `globalThis.keep = Buffer.alloc(${mb} * 2 ** 20, 1); console.log('ready'); setInterval(() => {}, 1000);`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toContain('ready');
  return child;
}

describe('process memory from /proc', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  it('counts this process and the RSS of the processes it started', async () => {
    const before = await readProcessMemory();
    children.push(await startHolder(64));
    const during = await readProcessMemory();
    expect(during.mainProcessBytes).toBeGreaterThan(10 * MB);
    expect(during.childProcessesBytes - before.childProcessesBytes).toBeGreaterThan(64 * MB);
    expect(during.totalBytes).toBeGreaterThan(during.mainProcessBytes + during.childProcessesBytes);
    const exited = once(children[0], 'exit');
    children[0].kill('SIGKILL');
    await exited;
    expect((await readProcessMemory()).childProcessesBytes).toBeLessThan(during.childProcessesBytes - 64 * MB);
  });

  it('lets the global pool run where there is no `ps` (a slim container image)', async () => {
    const emptyBin = mkdtempSync(join(tmpdir(), 'pricecrawl-no-ps-'));
    const path = process.env.PATH;
    process.env.PATH = emptyBin;
    try {
      let done = 0;
      const pool = new GlobalPool(
        { maxConcurrency: 4, minConcurrency: 1, desiredConcurrency: 4, autoscale: true },
        { isTaskReady: () => done < 3, runTask: async () => void done++, isFinished: () => done >= 3 },
      );
      await pool.run();
      expect(done).toBe(3);
    } finally {
      process.env.PATH = path;
      rmSync(emptyBin, { recursive: true, force: true });
    }
  });
});
