// kill -9 of Chromium in the middle of a crawl: the browser is replaced, in-flight requests retried, none lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import type { Page } from 'playwright-core';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { signalProcessTree } from '../../src/browser/process-tree';
import { failureKind } from '../../src/engine/failure-kind';
import { launchedChromiumPids } from '../../src/fetch/chromium-launch';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

class PagesSpider extends Spider {
  readonly name = 'browser-crash-test';
  override fetchMode = 'browser' as const;
  constructor(private readonly urls: string[]) {
    super();
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    for (const url of this.urls) yield this.request(url, 'parse');
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.url, price: res.$('.price').text(), currency: 'USD', url: res.url };
  }
}

/** Reads the live page only once the test killed the browser under it. */
class DrivingSpider extends Spider {
  readonly name = 'browser-crash-callback-test';
  override fetchMode = 'browser' as const;
  constructor(
    private readonly url: string,
    private readonly reading: (page: Page) => Promise<void>,
  ) {
    super();
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    yield this.request(this.url, 'parse');
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const page = res.page;
    await this.reading(page);
    yield { sku: res.url, price: await page.textContent('.price'), currency: 'USD', url: res.url };
  }
}

let server: FixtureServer;
const storage = tempStorageDir('browser-crash');
let firstHang: () => void;
const hanging = new Promise<void>((resolve) => (firstHang = resolve));

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  let hung = false;
  server.route('/p/:n', (_req, res, { params }) => {
    // The first visit to page 3 never answers: the browser is certainly busy with it when it is killed.
    if (params.n === '3' && !hung) {
      hung = true;
      firstHang();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<p class="price">${params.n}.00</p>`);
  });
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

describe('a crashed browser', () => {
  it('is replaced and its in-flight request retried; the ledger balances with every page succeeded', async () => {
    const urls = [1, 2, 3, 4, 5, 6].map((n) => server.url(`/p/${n}`));
    const settings = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 2 }, retry: { backoffBaseMs: 10, backoffCapMs: 50 } };
    const crawl = crawlInProcess(new PagesSpider(urls), storage.dir, settings);
    await hanging;
    const pids = launchedChromiumPids();
    expect(pids).toHaveLength(1);
    // The whole tree at once, as an OOM kill or a crashed machine would: no renderer lingers on the pipe.
    signalProcessTree(pids[0], 'SIGKILL');
    const { summary, items } = await crawl;

    expect(summary.balanced).toBe(true);
    expect(summary.ledger).toMatchObject({ planned: 6, succeeded: 6, failed: 0, pending: 0 });
    expect(items.map((i) => i.price).sort()).toEqual(['1.00', '2.00', '3.00', '4.00', '5.00', '6.00']);
    expect(summary.browser['retired/crash']).toBe(1);
    expect(summary.browser.launched).toBe(2);
    expect(summary.browser['pages/opened']).toBe(summary.browser['pages/closed']);
    expect(server.requests.filter((r) => r.path === '/p/3')).toHaveLength(2);
  }, 120_000);

  it("fails a request whose callback was driving its page when the browser died as the browser's failure (transient), not the spider's", async () => {
    // The whole tree, as in the test above, while the callback holds its page; it reads once the page is gone.
    const reading = async (page: Page) => {
      const gone = new Promise((resolve) => page.once('close', resolve));
      signalProcessTree(launchedChromiumPids()[0], 'SIGKILL');
      await gone;
    };
    const crawl = crawlInProcess(new DrivingSpider(server.url('/p/7'), reading), `${storage.dir}/callback`, { politeness: { minIntervalMs: 0, jitterMs: 0 }, retry: { maxAttempts: 1 } });
    const { summary, items } = await crawl;
    expect(items).toEqual([]);
    expect(summary.ledger.failedByReason).toEqual({ 'fetch/browser-crashed': 1 });
    expect(failureKind('fetch/browser-crashed')).toBe('transient');
  }, 60_000);
});
