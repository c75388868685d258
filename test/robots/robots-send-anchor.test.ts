// robots.txt goes to the host outside the slots; the host's next request is spaced from its socket write, not its answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { FixtureServer } from '../support/fixture-server';
import { robotsWorker } from './robots-worker';

describe('robots.txt fetch and the host interval', () => {
  let server: FixtureServer;
  /** The crawl's clock; the robots.txt route moves it on while the file is being answered. */
  let clockMs = 0;
  let robotsText = 'User-agent: *\nAllow: /\n';

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/robots.txt', (_req, res) => {
      clockMs += 40_000; // the file takes "40 s" to answer once the request has reached the host
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(robotsText);
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('anchors the next slot on the write of robots.txt, a full interval later', async () => {
    robotsText = 'User-agent: *\nAllow: /\n';
    const worker = robotsWorker(new MemoryRobotsCache(), { politeness: { minIntervalMs: 1_000, jitterMs: 0 } });
    try {
      clockMs = 10_000;
      const url = server.url('/p/1');
      expect(await worker.ask(url, () => clockMs)).toMatchObject({ type: 'defer', reason: 'robots/wait' });
      await worker.middleware.close!(); // the look-up has finished
      expect(clockMs).toBe(50_000);
      expect(server.requestsTo('/robots.txt')).toHaveLength(1);
      // Before: the interval counted from the answer (51,000), adding the file's whole answer time to the gap.
      expect(worker.nextOpenAtMs(url, clockMs)).toBe(11_000);
      expect(await worker.ask(url, clockMs)).toEqual({ type: 'continue' });
    } finally {
      await worker.close();
    }
  });

  it('counts a Crawl-delay from the answer of robots.txt, as from every answer', async () => {
    robotsText = 'User-agent: *\nCrawl-delay: 5\n';
    const worker = robotsWorker(new MemoryRobotsCache(), { politeness: { minIntervalMs: 1_000, jitterMs: 0 } });
    try {
      clockMs = 10_000;
      const url = server.url('/p/1');
      await worker.ask(url, () => clockMs);
      await worker.middleware.close!();
      // 5 s after the answer at 50,000 (from the write it would be 15,000).
      expect(worker.nextOpenAtMs(url, clockMs)).toBe(55_000);
    } finally {
      await worker.close();
    }
  });
});
