// After kill -9 of a process holding a run's Crawlee queue locks, the next client gets the requests at once, in order.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { log as crawleeLog } from '@crawlee/core';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { openFrontier } from '../../storage/open-backends';
import { hostKeyOf } from '../../src/politeness/host-key';
import { openRequestQueue } from '../../src/queue/open-request-queue';
import { resolveSettings } from '../../src/settings/load-settings';
import { tempStorageDir } from '../support/test-crawl';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

it('frees a SIGKILLed client’s locks when the next client lists the head, instead of waiting lockSecs', async () => {
  crawleeLog.setLevel(crawleeLog.LEVELS.OFF);
  const storage = tempStorageDir('queue-crash');
  cleanups.push(() => storage.cleanup());
  const { settings } = resolveSettings([{ name: 'cli', origin: 'test', values: { storage: { dir: storage.dir } } }]);
  const urls = ['/1', '/2', '/3'].map((p) => `http://127.0.0.1:9${p}`);
  const planned = await openFrontier({ settings, spider: 'crashy', hostKeyOf: (url) => hostKeyOf(url, 'host'), log: pino({ level: 'silent' }), runId: 'crashy-run' });
  await planned.frontier.add(urls.map((url) => new CrawlRequest({ url })));
  await planned.frontier.close();

  const child = spawn(process.execPath, ['bin/run-ts.js', 'test/queue/fixtures/lock-and-hang.ts', storage.dir, 'crashy-run'], { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  // Crawlee locks a whole head batch: the child holds all three.
  expect(JSON.parse(line)).toEqual({ fetched: urls[0], pid: child.pid });
  child.kill('SIGKILL');
  await once(child, 'exit');

  const { queue, close } = await openRequestQueue('crashy-run', { dir: storage.dir });
  cleanups.push(close);
  const fetched: string[] = [];
  for (let request = await queue.fetchNextRequest(); request; request = await queue.fetchNextRequest()) {
    fetched.push(request.url);
    await queue.markRequestHandled(request);
  }
  expect(fetched).toEqual(urls);
  expect(await queue.isFinished()).toBe(true);
  expect(await queue.getInfo()).toMatchObject({ totalRequestCount: 3, handledRequestCount: 3, pendingRequestCount: 0 });
});
