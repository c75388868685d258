// After kill -9 of a process holding Crawlee queue locks, a new client gets the requests at once.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Configuration, RequestQueue } from '@crawlee/core';
import { afterEach, expect, it } from 'vitest';
import { SqliteStorageClient } from '../../../storage/sqlite/sqlite-storage-client';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

it('frees a SIGKILLed process’s locks on open instead of waiting lockSecs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pricecrawl-rq-crash-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['bin/run-ts.js', 'test/storage/sqlite-queue/fixtures/lock-and-hang.ts', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  expect(JSON.parse(line)).toEqual({ fetched: 'http://127.0.0.1:9/1', pid: child.pid });

  child.kill('SIGKILL');
  await once(child, 'exit');
  const storageClient = new SqliteStorageClient({ dir });
  cleanups.push(() => storageClient.close());
  // Crawlee locks a whole head batch, so all three were locked by the dead process.
  expect(storageClient.releasedOnOpen).toBe(3);
  const queue = await RequestQueue.open('crashy', { config: new Configuration({ storageClient, persistStorage: false }), storageClient });
  const urls: string[] = [];
  for (let request = await queue.fetchNextRequest(); request; request = await queue.fetchNextRequest()) {
    urls.push(request.url);
    await queue.markRequestHandled(request);
  }
  expect(urls).toEqual(['http://127.0.0.1:9/1', 'http://127.0.0.1:9/2', 'http://127.0.0.1:9/3']);
  expect(await queue.isFinished()).toBe(true);
});
