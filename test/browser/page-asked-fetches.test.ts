// Real Chromium, a browser crawl with robots.txt: what a page asks Chromium to fetch beside itself (frames, prefetch hints) is judged too.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const ROBOTS = 'User-agent: *\nDisallow: /private/\n';
const HTML = { 'content-type': 'text/html' };
const html = (head: string, body: string) => `<!doctype html><html><head><title>shop</title>${head}</head><body>${body}</body></html>`;

/**
 * Each hint marks the body once it ended (load or error): the fetch waits for all, so a hint Chromium
 * sent has reached its server before the crawl ends (the page does not wait for prefetches on its own).
 */
const hinted = (hrefs: string[]) =>
  html(
    hrefs.map((href) => `<link rel="prefetch" href="${href}" onload="hintDone()" onerror="hintDone()">`).join(''),
    `<p class="price">4.50</p><script>let left = ${hrefs.length}; function hintDone() { if (--left === 0) document.body.dataset.hints = 'done'; }</script>`,
  );

function reply(res: ServerResponse, status: number, headers: Record<string, string>, body = ''): void {
  res.writeHead(status, headers).end(body);
}

class PricedPagesSpider extends Spider {
  readonly name = 'page-asked-fetches';
  override readonly fetchMode = 'browser' as const;
  constructor(
    private readonly pages: Array<{ url: string; waitFor?: string }>,
    allowed: string,
  ) {
    super();
    this.allowedDomains = [allowed];
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    for (const { url, waitFor } of this.pages) yield this.request(url, 'parse', {}, waitFor ? { browser: { waitFor: { selector: waitFor } } } : {});
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'EUR', url: res.url };
  }
}

describe('a browser crawl whose pages ask Chromium for more than themselves', () => {
  let shop: FixtureServer;
  let other: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('page-asked-fetches');

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    other = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.2' });
    for (const server of [shop, other]) {
      server.route('/robots.txt', (_req, res) => reply(res, 200, { 'content-type': 'text/plain' }, ROBOTS));
      server.route('/private/:n', (_req, res) => reply(res, 200, HTML, html('', '<p class="price">0.01</p>')));
      server.route('/next', (_req, res) => reply(res, 200, HTML, html('', '<p class="price">0.02</p>')));
    }
    shop.route('/to-private', (_req, res) => reply(res, 302, { location: '/private/hop' }));
    // A frame on a disallowed path, and one whose allowed URL redirects there.
    shop.route('/framed', (_req, res) => reply(res, 200, HTML, html('', '<p class="price">3.00</p><iframe src="/private/frame"></iframe><iframe src="/to-private"></iframe>')));
    // Prefetch hints in markup, to a disallowed path of the shop and to a page of another host.
    shop.route('/hinted', (_req, res) => reply(res, 200, HTML, hinted(['/private/prefetch', other.url('/next')])));
    // A prefetch hint in the document's Link header; the markup hint ends after it was sent (same order).
    shop.route('/hinted-header', (_req, res) => reply(res, 200, { ...HTML, link: '</private/header>; rel=prefetch' }, hinted(['/next'])));
    const pages = [{ url: shop.url('/framed') }, { url: shop.url('/hinted'), waitFor: 'body[data-hints]' }, { url: shop.url('/hinted-header'), waitFor: 'body[data-hints]' }];
    result = await crawlInProcess(new PricedPagesSpider(pages, shop.hostKey), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([shop.close(), other.close()]);
    storage.cleanup();
  });

  it("never fetches a frame's document on a disallowed path, directly or through a redirect", () => {
    // Before, /private/frame and /private/hop were fetched: only the main document was judged by robots.txt.
    expect(shop.requests.map((r) => r.path).filter((path) => path.startsWith('/private/frame') || path === '/private/hop')).toEqual([]);
    expect(result.summary.browser['frame/refused']).toBe(2);
  });

  it('sends no prefetch a page asks for, to its own host or another', () => {
    // Before, /private/prefetch, /private/header and the other host's /next were fetched (Sec-Purpose: prefetch).
    expect(shop.requests.map((r) => r.path).filter((path) => path.startsWith('/private/') || path === '/next')).toEqual([]);
    expect(other.requests.map((r) => r.path)).toEqual([]);
    expect(result.summary.browser['prefetch-blocked']).toBe(4);
  });

  it('stores each page from its own document, with its own price', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 3, succeeded: 3, failed: 0, pending: 0 });
    expect(Object.fromEntries(result.items.map((item) => [item.sku, item.price]))).toEqual({ '/framed': '3.00', '/hinted': '4.50', '/hinted-header': '4.50' });
  });
});
