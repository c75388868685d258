// A real crawl whose callback blocks the event loop on one page: the watchdog names that page's callback, and only it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { CrawlRequest } from '../../src/core/request';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { FixtureServer } from '../support/fixture-server';
import { freePort } from '../support/free-port';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const PRODUCTS = ['/p/1', '/p/2', '/p/slow', '/p/3'];

class BlockingSpider extends Spider {
  readonly name = 'blocking-shop';
  constructor(private readonly origin: string) {
    super();
    this.startUrls = [`${origin}/list`];
  }
  override async *parse(): AsyncGenerator<SpiderOutput> {
    for (const path of PRODUCTS) yield new CrawlRequest({ url: `${this.origin}${path}`, callback: 'parseProduct' });
  }
  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    // The DOM work a real callback does (cheerio's lazy parse runs here, inside the timed step).
    const title = res.$('h1').text();
    if (title === 'slow') {
      const untilMs = performance.now() + 300;
      while (performance.now() < untilMs); // a CPU-bound callback: nothing else runs meanwhile
    }
  }
}

describe('the event-loop watchdog in a crawl', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  let metrics: string;
  const storage = tempStorageDir('loop-block');

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/list', (_req, res) => void res.end('<html><body>list</body></html>'));
    server.route('/p/:id', (_req, res, ctx) => void res.end(`<html><body><h1>${ctx.params.id}</h1></body></html>`));
    const port = await freePort();
    result = await crawlInProcess(
      new BlockingSpider(server.origin),
      storage.dir,
      { watchdog: { blockedLoopMs: 200 }, metrics: { port, graceMs: 0 }, politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 } },
      { onRunEnd: async () => void (metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()) },
    );
  });
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  const warnings = () => result.logs.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('event loop blocked'));

  it('names the spider, callback and URL of the blocking step, once, and no normal callback', () => {
    expect(result.summary.status).toBe('finished');
    const byCallback = warnings().filter((line) => line.callback !== null);
    expect(byCallback.map((line) => [line.spider, line.callback, line.url])).toEqual([['blocking-shop', 'parseProduct', `${server.origin}/p/slow`]]);
    expect(byCallback[0].blockedMs).toBeGreaterThanOrEqual(300);
  });

  it('counts every reported block in stats and exposes the count and the longest in the metrics', () => {
    // Exactly the one step above, unless this shared machine stalled the whole process (then that is reported too, unattributed).
    const blocked = Number(/^pricecrawl_loop_blocked_total\{[^}]*\} (\S+)$/m.exec(metrics)?.[1]);
    expect(blocked).toBe(warnings().length);
    expect(blocked).toBeGreaterThanOrEqual(1);
    const maxSeconds = Number(/^pricecrawl_loop_blocked_max_seconds\{[^}]*\} (\S+)$/m.exec(metrics)?.[1]);
    expect(maxSeconds).toBeGreaterThanOrEqual(0.3);
  });

  it('reports nothing with watchdog.blockedLoopMs = 0', async () => {
    const off = tempStorageDir('loop-block-off');
    try {
      const run = await crawlInProcess(new BlockingSpider(server.origin), off.dir, { watchdog: { blockedLoopMs: 0 }, politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 } });
      expect(run.summary.status).toBe('finished');
      expect(run.summary.ledger.succeeded).toBe(1 + PRODUCTS.length);
      expect(run.logs.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('event loop blocked'))).toEqual([]);
    } finally {
      off.cleanup();
    }
  });
});
