// A page that swaps in a document of its own making (blob:, about:blank) while its callback reads it: what it shows then is not stored as this page.
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const html = (body: string) => `<!doctype html><html><head><title>shop</title></head><body>${body}</body></html>`;
/** No request goes out for either document: only its commit shows that the page is another one. */
const SWAPS: Record<string, string> = {
  blob: `URL.createObjectURL(new Blob(['<p class="price">0.01</p>'], { type: 'text/html' }))`,
  blank: `'about:blank'`,
};
/** Swaps its document once /go/<name> answers, which the test lets happen only after the callback took the page. */
const swapper = (name: string) => html(`<p class="price">9.99</p><script>fetch('/go/${name}').then(() => { location.href = ${SWAPS[name]}; })</script>`);

class ReaderSpider extends Spider {
  readonly name = 'page-replaced-test';
  override readonly fetchMode = 'browser' as const;
  constructor(
    private readonly url: string,
    private readonly letPageGo: () => Promise<void>,
  ) {
    super();
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    yield this.request(this.url, 'parse');
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const page = res.page;
    const swapped = page.waitForEvent('framenavigated', (frame: Frame) => frame === page.mainFrame() && !frame.url().startsWith('http'));
    await this.letPageGo();
    await swapped;
    const price = await page.locator('.price').first().textContent({ timeout: 1_000 }).catch(() => null);
    yield { sku: 'this-product', price, currency: 'USD', url: res.url };
  }
}

let site: FixtureServer;
const storage = tempStorageDir('page-replaced');
const held = new Map<string, Promise<() => void>>();

beforeAll(async () => {
  site = await FixtureServer.start({ builtInRoutes: false });
  site.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  for (const name of Object.keys(SWAPS)) {
    site.route(`/product-${name}`, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(swapper(name)));
    held.set(name, new Promise((resolve) => site.route(`/go/${name}`, (_req, res) => resolve(() => void res.writeHead(200).end('go')))));
  }
});
afterAll(async () => {
  await site.close();
  storage.cleanup();
});

describe('a page that swaps in a document of its own while its callback reads it', () => {
  for (const name of Object.keys(SWAPS)) {
    it(`(${name}) fails the request as browser/page-navigated and stores nothing read there`, async () => {
      const spider = new ReaderSpider(site.url(`/product-${name}`), async () => (await held.get(name)!)());
      const result = await crawlInProcess(spider, `${storage.dir}/${name}`, { politeness: { minIntervalMs: 0, jitterMs: 0 }, retry: { maxAttempts: 1 } });
      // Before, the blob document's 0.01 (or the blank page's null) was stored as the price of /product-<name>.
      expect(result.items).toEqual([]);
      expect(result.summary.ledger.failedByReason).toEqual({ 'browser/page-navigated': 1 });
    });
  }
});
