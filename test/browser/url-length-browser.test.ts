// Browser-mode crawls: a redirect or a script's navigation to a URL past urlLength.limit fails the request as url/too-long, the target never asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { exitCodeFor } from '../../src/engine/run-summary';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const HUGE = `/land?x=${'y'.repeat(5000)}`;

class BrowserListSpider extends Spider {
  readonly name = 'url-length-browser';
  override readonly fetchMode = 'browser' as const;
  constructor(private readonly urls: readonly string[]) {
    super();
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    for (const url of this.urls) yield this.request(url, 'parse');
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: new URL(res.url).pathname, price: '1.00', currency: 'EUR', url: res.url };
  }
}

describe('a browser crawl led to a URL longer than urlLength.limit', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('url-length-browser');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [shop] = servers;
    shop.route('/jump', (_req, res) => void res.writeHead(302, { location: HUGE }).end());
    shop.route('/script', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>going</p><script>location.href = ${JSON.stringify(HUGE)};</script>`));
    shop.route('/land', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>landed</p>'));
    shop.route('/fine', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    const spider = new BrowserListSpider([shop.url('/jump'), shop.url('/script'), shop.url('/fine')]);
    result = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, log: { statsIntervalMs: 0 } });
  }, 90_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('fails both as url/too-long, never asks for the long URL, stores only the fine page, and exits clean', () => {
    const [shop] = servers;
    expect(shop.requestsTo('/land')).toHaveLength(0);
    expect(result.summary.ledger.failedByReason).toEqual({ 'url/too-long': 2 });
    expect(result.items.map((item) => item.url)).toEqual([shop.url('/fine')]);
    expect(exitCodeFor(result.summary)).toBe(0);
  });
});
