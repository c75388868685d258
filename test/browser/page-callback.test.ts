// res.page in real Chromium: interaction inside the callback, pages closed after it, throws and hangs recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CrawlRequest } from '../../src/core/request';
import { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** A shop page whose price is revealed only after a click: the callback needs the live page. */
const CLICK_PAGE = `<html><body><button id="reveal" onclick="document.body.insertAdjacentHTML('beforeend', '<p class=price>12.99</p>')">show price</button></body></html>`;

class InteractiveSpider extends Spider {
  readonly name = 'page-callback-test';
  override fetchMode = 'browser' as const;
  readonly pages: Page[] = [];
  constructor(private readonly origin: string) {
    super();
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    for (const path of ['/click', '/click?then=throw', '/click?then=hang']) yield this.request(`${this.origin}${path}`, 'parse');
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    this.pages.push(res.page);
    await res.page.click('#reveal');
    const price = await res.page.textContent('.price');
    yield { sku: res.url, price, currency: 'USD', url: res.url };
    const then = new URL(res.url).searchParams.get('then');
    if (then === 'throw') throw new Error('spider bug after interacting');
    // Blocks until the page is closed under it: only the callback timeout can end this.
    if (then === 'hang') await res.page.waitForSelector('#never', { timeout: 0 });
  }
}

let server: FixtureServer;
const storage = tempStorageDir('page-callback');

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/click', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(CLICK_PAGE));
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

describe('res.page', () => {
  it('stays open for the callback, is closed after it whatever happened, and a hung callback times out as a recorded failure', async () => {
    const spider = new InteractiveSpider(server.url('').replace(/\/$/, ''));
    // A timed-out callback is tried once more (its page fetched anew), then fails. The limit leaves the
    // ordinary click callbacks room on a loaded machine: at 1.5 s one of them timed out once under load.
    const settings = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 3 }, browser: { callbackTimeoutMs: 3_000 }, retry: { maxAttempts: 2 } };
    const { summary, items } = await crawlInProcess(spider, storage.dir, settings);

    expect(summary.ledger).toMatchObject({ planned: 3, succeeded: 1, failed: 2, pending: 0 });
    expect(summary.ledger.failedByReason).toEqual({ 'callback/error': 1, 'callback/timeout': 1 });
    expect(summary.handling['retry/callback-timeout']).toBe(1);
    // Items yielded before the throw or the hang are kept: the click worked on all three pages (the hung one's item stored once over its two tries).
    expect(items.map((i) => i.price)).toEqual(['12.99', '12.99', '12.99']);
    expect(spider.pages).toHaveLength(4);
    expect(spider.pages.every((page) => page.isClosed())).toBe(true);
    expect(summary.browser['pages/opened']).toBe(4);
    expect(summary.browser['pages/closed']).toBe(4);
  }, 30_000);

  it('names the mistake when a callback of an HTTP response asks for the page', () => {
    const res = new CrawlResponse({
      request: new CrawlRequest({ url: 'http://127.0.0.1:1/x' }),
      url: 'http://127.0.0.1:1/x',
      status: 200,
      headers: {},
      body: Buffer.alloc(0),
      text: '',
      encoding: 'utf-8',
      timings: { startedAtMs: 0, finishedAtMs: 0 },
    });
    expect(() => res.page).toThrow(expect.objectContaining({ code: 'NO_PAGE' }));
  });
});
