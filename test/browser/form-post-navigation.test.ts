// Real Chromium: a page that submits a POST form on its own (its main frame or a frame) sends nothing the spider never asked for.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const HTML = { 'content-type': 'text/html' };
const html = (body: string) => `<!doctype html><html><head><title>shop</title></head><body>${body}</body></html>`;
/** A form that adds the product to the cart: answered with the cart's page, whose price is the cart's total. */
const CART_FORM = `<form method="post" action="/cart/add"><input name="sku" value="A1"><input name="qty" value="3"></form>`;

function reply(res: ServerResponse, status: number, headers: Record<string, string>, body = ''): void {
  res.writeHead(status, headers).end(body);
}

class PricedPagesSpider extends Spider {
  readonly name = 'form-post-navigation';
  override readonly fetchMode = 'browser' as const;
  constructor(urls: string[], allowed: string) {
    super();
    this.startUrls = urls;
    this.allowedDomains = [allowed];
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'EUR', url: res.url };
  }
}

describe('a browser crawl whose pages submit POST forms by script', () => {
  let shop: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('form-post-navigation');

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    shop.route('/robots.txt', (_req, res) => reply(res, 200, { 'content-type': 'text/plain' }, 'User-agent: *\nAllow: /\n'));
    shop.route('/cart/add', (_req, res) => reply(res, 200, HTML, html('<p class="price">29.97</p>')));
    // While it parses; once it loaded, from a timer (as a consent or region wall's script does).
    shop.route('/posts-at-once', (_req, res) => reply(res, 200, HTML, html(`<p class="price">9.99</p>${CART_FORM}<script>document.forms[0].submit();</script>`)));
    shop.route('/posts-later', (_req, res) => reply(res, 200, HTML, html(`<p class="price">9.99</p>${CART_FORM}<script>addEventListener('load', () => setTimeout(() => document.forms[0].submit(), 20));</script>`)));
    // Into a frame of its own: the page stays, its frame would show the cart.
    shop.route('/posts-into-frame', (_req, res) =>
      reply(res, 200, HTML, html(`<p class="price">7.50</p><iframe name="cart"></iframe>${CART_FORM.replace('<form', '<form target="cart"')}<script>document.forms[0].submit();</script>`)),
    );
    // A GET form is a link the page follows: it stays followed, as any navigation the page starts.
    shop.route('/gets', (_req, res) => reply(res, 200, HTML, html(`<p class="price">1.00</p><form action="/found"><input name="q" value="x"></form><script>document.forms[0].submit();</script>`)));
    shop.route('/found', (_req, res) => reply(res, 200, HTML, html('<p class="price">5.00</p>')));
    const urls = ['/posts-at-once', '/posts-later', '/posts-into-frame', '/gets'].map((path) => shop.url(path));
    result = await crawlInProcess(new PricedPagesSpider(urls, shop.hostKey), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 90_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it('never sends the POST a page submits, from its main frame or a frame', () => {
    // Before, each page's POST /cart/add reached the shop: the crawler put products in a cart on its own.
    expect(shop.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(result.summary.browser['post-navigation-blocked']).toBe(3);
  });

  it('fails a page whose main frame posts, rather than store the answer to a POST under its URL, and keeps the others', () => {
    // Before, both were stored as /cart/add at 29.97: the cart's total, from an answer no GET of that URL gives.
    expect(result.summary.ledger).toMatchObject({ planned: 4, succeeded: 2, failed: 2, pending: 0, failedByReason: { 'browser/post-navigation': 2 } });
    expect(Object.fromEntries(result.items.map((item) => [item.sku, item.price]))).toEqual({ '/posts-into-frame': '7.50', '/found': '5.00' });
  });
});
