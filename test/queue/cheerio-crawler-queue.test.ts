// A stock Crawlee CheerioCrawler consumes a run's queue (SQLite dir, Redis URL) to the end; the ledger records what it handled and gave up.
import { CheerioCrawler } from '@crawlee/cheerio';
import { Configuration, log as crawleeLog } from '@crawlee/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import type { LedgerSummary } from '../../src/ports/frontier';
import { openFrontier } from '../../storage/open-backends';
import { hostKeyOf } from '../../src/politeness/host-key';
import { CRAWLEE_FAILED } from '../../src/queue/queue-request';
import { openRequestQueue } from '../../src/queue/open-request-queue';
import { resolveSettings } from '../../src/settings/load-settings';
import { FixtureServer } from '../support/fixture-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { tempStorageDir } from '../support/test-crawl';

const PAGES = 8;

let redis: RedisTestServer;
beforeAll(async () => {
  crawleeLog.setLevel(crawleeLog.LEVELS.OFF);
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis.stop();
});

describe.each(['sqlite', 'redis'] as const)('a CheerioCrawler on a %s run queue', (backend) => {
  const storage = tempStorageDir(`cheerio-${backend}`);
  const runId = `cheerio-${backend}`;
  let server: FixtureServer;
  const titles = new Map<string, string>();
  const gaveUp: string[] = [];
  let ledger: LedgerSummary;
  let info: { totalRequestCount: number; handledRequestCount: number; pendingRequestCount: number } | undefined;

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/p/:n', (_req, res, ctx) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<html><head><title>page ${ctx.params.n}</title></head></html>`);
    });
    server.route('/boom', (_req, res) => {
      res.statusCode = 500;
      res.end('down');
    });
    const { settings } = resolveSettings([
      {
        name: 'cli',
        origin: 'test',
        values: { storage: { dir: storage.dir }, frontier: { url: backend === 'redis' ? redis.url : '' }, politeness: { minIntervalMs: 0, jitterMs: 0 } },
      },
    ]);
    // The run is planned by the engine's own frontier, as a spider's start() would.
    const opened = await openFrontier({ settings, spider: 'shop', hostKeyOf: (url) => hostKeyOf(url, 'host'), log: pino({ level: 'silent' }), runId });
    const urls = [...Array.from({ length: PAGES }, (_, i) => server.url(`/p/${i}`)), server.url('/boom')];
    await opened.frontier.add(urls.map((url) => new CrawlRequest({ url })));
    await opened.frontier.seedingDone?.();
    await opened.frontier.close();

    const { queue, storageClient, close } = await openRequestQueue(runId, { settings });
    try {
      const crawler = new CheerioCrawler(
        {
          requestQueue: queue,
          maxConcurrency: 2,
          maxRequestRetries: 1,
          useSessionPool: false,
          requestHandler: async ({ request, $ }) => {
            titles.set(new URL(request.url).pathname, $('title').text());
          },
          failedRequestHandler: async ({ request }) => {
            gaveUp.push(new URL(request.url).pathname);
          },
        },
        new Configuration({ storageClient, persistStorage: false, purgeOnStart: false }),
      );
      await crawler.run();
      info = await queue.getInfo();
    } finally {
      await close();
    }
    const reread = await openFrontier({ settings, spider: 'shop', hostKeyOf: (url) => hostKeyOf(url, 'host'), log: pino({ level: 'silent' }), runId, join: backend === 'redis' });
    ledger = await reread.frontier.summary();
    await reread.frontier.close();
  }, 60_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('handles every page the run planned, each fetched once', () => {
    expect(titles.size).toBe(PAGES);
    for (let i = 0; i < PAGES; i++) {
      expect(titles.get(`/p/${i}`)).toBe(`page ${i}`);
      expect(server.requestsTo(`/p/${i}`)).toHaveLength(1);
    }
  });

  it('records the page Crawlee gave up on as failed with a reason, after its one retry', () => {
    expect(gaveUp).toEqual(['/boom']);
    expect(server.requestsTo('/boom')).toHaveLength(2);
    expect(ledger).toMatchObject({ planned: PAGES + 1, succeeded: PAGES, failed: 1, pending: 0, failedByReason: { [CRAWLEE_FAILED]: 1 } });
  });

  it('reports getInfo() counts equal to the ledger', () => {
    expect(info).toMatchObject({ totalRequestCount: ledger.planned, handledRequestCount: ledger.succeeded + ledger.failed, pendingRequestCount: ledger.pending });
  });
});
