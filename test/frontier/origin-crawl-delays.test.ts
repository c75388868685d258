// Under one host key (hostKey: domain), the longest Crawl-delay of its origins holds whichever worker read each file, and across a resume.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostKeyOf } from '../../src/politeness/host-key';
import { CrawlDelays } from '../../src/robots/crawl-delays';
import type { HostGate } from '../../src/ports/host-gate';
import { readRunStatus } from '../../storage/redis/redis-status';
import { startRedisServerWithClient, type RedisTestServerWithClient } from '../support/redis-server';
import { openFrontier, openRedisWorker, req, tempDir } from './frontier-fixture';

const byDomain = (origin: string) => hostKeyOf(origin, 'domain');
/** What each worker's robots middleware does with a file it read. */
const readFile = (gate: HostGate, origin: string, crawlDelayMs: number) => new CrawlDelays(gate, byDomain, 60_000).set(origin, crawlDelayMs);

describe('the Crawl-delay of a host key with two origins', () => {
  let started: RedisTestServerWithClient;
  beforeAll(async () => {
    started = await startRedisServerWithClient();
  });
  afterAll(() => started.stop());

  it('two Redis workers, each reading one subdomain\'s file: the longer holds for both (before: the last one read)', async () => {
    const open = () => openRedisWorker(started.server.url, 'two-origins', { policy: { maxConcurrency: 1, minIntervalMs: 10, jitterMs: 0 }, leaseTtlMs: 60_000 });
    const [a, b] = [await open(), await open()];
    try {
      await a.add([req('http://shop.test/1')]); // a host the run knows (this worker keys by host), so its status shows it
      readFile(a.gate, 'http://www.shop.test', 2_000);
      await a.status(); // a's write went before it on a's connection
      readFile(b.gate, 'http://img.shop.test', 500);
      await b.status();
      expect((await readRunStatus(started.client, 'two-origins')).byHost['shop.test']).toMatchObject({ crawlDelayMs: 2_000, intervalCause: 'crawl-delay' });
      // The longer one read again as shorter (the file changed): the shorter of the two now.
      readFile(a.gate, 'http://www.shop.test', 300);
      await a.status();
      expect((await readRunStatus(started.client, 'two-origins')).byHost['shop.test']).toMatchObject({ crawlDelayMs: 500 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('Redis, a resumed worker reads the file again and it asks for no Crawl-delay now: the run\'s old one is lifted (before: kept for the rest of the run)', async () => {
    const open = () => openRedisWorker(started.server.url, 'delay-dropped', { policy: { maxConcurrency: 1, minIntervalMs: 10, jitterMs: 0 }, leaseTtlMs: 60_000 });
    const first = await open();
    await first.add([req('http://shop.test/1')]);
    readFile(first.gate, 'http://www.shop.test', 2_000);
    await first.status();
    await first.close();
    const resumed = await open();
    try {
      expect((await readRunStatus(started.client, 'delay-dropped')).byHost['shop.test']).toMatchObject({ crawlDelayMs: 2_000 });
      // The file changed between the run and its resume (its cache entry ran out): no Crawl-delay any more.
      readFile(resumed.gate, 'http://www.shop.test', 0);
      await resumed.status();
      expect((await readRunStatus(started.client, 'delay-dropped')).byHost['shop.test']).toMatchObject({ crawlDelayMs: 0, intervalCause: 'configured' });
    } finally {
      await resumed.close();
    }
  });

  it('embedded: a resumed run that reads the other subdomain\'s shorter file first keeps the longer one the run had', async () => {
    const tmp = tempDir();
    try {
      const first = openFrontier(tmp.dir, { minIntervalMs: 10 });
      readFile(first.frontier.gate, 'http://www.shop.test', 2_000);
      const runId = first.frontier.runId;
      await first.frontier.close();
      const { frontier } = openFrontier(tmp.dir, { minIntervalMs: 10 }, { runId });
      readFile(frontier.gate, 'http://img.shop.test', 500);
      expect(frontier.gate.snapshot(0).find((view) => view.hostKey === 'shop.test')).toMatchObject({ intervalMs: 2_000, intervalCause: 'crawl-delay' });
      await frontier.close();
    } finally {
      tmp.cleanup();
    }
  });
});
