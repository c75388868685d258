// A browser page whose script sends it to a gate naming the page to return to (a JS bot check) is a block, retried; one that moves to another site stays offsite/browser-navigation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { exitCodeFor } from '../../src/engine/run-summary';
import { FixtureServer } from '../support/fixture-server';
import { quickRetrySettings } from '../support/quick-retry-settings';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const MAX_ATTEMPTS = 2;

class BrowserShopSpider extends Spider {
  readonly name = 'wall-navigation-test';
  override readonly fetchMode = 'browser' as const;
  constructor(urls: readonly string[], override readonly allowedDomains: string[]) {
    super();
    this.startUrls = [...urls];
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.url, price: res.$('.price').first().text() || null, currency: 'USD', url: res.url };
  }
}

describe('a browser crawl of pages whose script sends them away', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('wall-navigation');

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    // The other host is this server under another name (loopback): refused before it is asked, either way.
    const elsewhere = server.url('/').replace('127.0.0.1', 'localhost');
    const page = (script: string) => `<html><body><p>One moment</p><script>${script}</script></body></html>`;
    server.route('/p/1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page(`location.replace(${JSON.stringify(`${elsewhere}verify?returnUrl=`)} + encodeURIComponent(location.href))`)));
    server.route('/p/2', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page(`location.replace(${JSON.stringify(`${elsewhere}p/2`)})`)));
    const urls = [server.url('/p/1'), server.url('/p/2')];
    result = await crawlInProcess(new BrowserShopSpider(urls, [new URL(server.url('/')).host]), storage.dir, quickRetrySettings(MAX_ATTEMPTS));
  }, 120_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('retries the page sent to a gate as a block, then fails it as transient (exit 4)', () => {
    expect(server.requestsTo('/p/1')).toHaveLength(MAX_ATTEMPTS);
    expect(result.summary.ledger.failedByReason).toEqual({ 'retry/exhausted': 1, 'offsite/browser-navigation': 1 });
    expect(exitCodeFor(result.summary)).toBe(4);
  });

  it('fails the page that moved to another site once, as offsite/browser-navigation', () => {
    expect(server.requestsTo('/p/2')).toHaveLength(1);
    expect(result.items).toEqual([]);
  });
});
