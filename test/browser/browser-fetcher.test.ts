// BrowserFetcher in real Chromium on loopback: JSON capture, resource blocking, send hook, hung pages, page cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsShop, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import type { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { reasonForError } from '../../src/downloader/downloader-chain';
import { failureKind } from '../../src/engine/failure-kind';
import { BrowserFetcher, type BrowserSettings } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

const defaults = settingsSchema.parse({}).browser;
const browserSettings = (overrides: Partial<BrowserSettings> = {}): BrowserSettings => ({ ...defaults, ...overrides });

let group: ShopGroup;
let shop: RunningShop;
let server: FixtureServer;
let fetcher: BrowserFetcher;
let hangFetcher: BrowserFetcher;

beforeAll(async () => {
  group = await startJsShop({ productCounts: { 'js-rendered': 10 } });
  shop = group.shops[0];
  server = await FixtureServer.start();
  server.route('/throws', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p id="ok">static</p><script>throw new Error("page bug")</script></body></html>');
  });
  server.route('/product-a', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p class="price">9.99</p><script>history.pushState({}, '', '/product-b')</script>`));
  // Pages that replace themselves while they load: by script as they parse, by a form, by a frame setting top.location.
  const page = (body: string) => `<!doctype html><html><body><p class="price">9.99</p>${body}</body></html>`;
  server.route('/moved-to', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', 'x-document': 'moved-to' }).end('<p class="price">55.00</p>'));
  server.route('/gone', (_req, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('<p class="price">3.00</p>'));
  server.route('/replaces-itself', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('<script>location.replace("/moved-to")</script>')));
  server.route('/submits-itself', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('<form action="/moved-to"><input name="q" value="1"></form><script>document.forms[0].submit()</script>')));
  server.route('/framed-away', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page(`<iframe srcdoc="<script>top.location = '/moved-to'</script>"></iframe>`)));
  server.route('/refreshes', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><head><meta http-equiv="refresh" content="0; url=/moved-to"></head><body><p class="price">9.99</p></body></html>'));
  server.route('/to-gone', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('<script>location.href = "/gone"</script>')));
  server.route('/to-blank', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('<script>location.href = "about:blank"</script>')));
  server.route('/to-reset', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('<script>location.href = "/reset?when=headers"</script>')));
  // Leaves once loaded for a document that answers only once the page's next request (/release) arrived too.
  let heldAnswer: (() => void) | null = null;
  let released = false;
  server.route('/held', (_req, res) => {
    heldAnswer = () => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p class="price">55.00</p>');
    if (released) heldAnswer();
  });
  server.route('/release', (_req, res) => {
    released = true;
    heldAnswer?.();
    res.writeHead(204).end();
  });
  server.route('/leaves-on-load', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page(`<script>addEventListener('load', () => { location.href = '/held'; fetch('/release'); })</script>`)));
  server.route('/export.csv', (_req, res) => void res.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="prices.csv"' }).end('sku,price\nA,1.00\n'));
  fetcher = new BrowserFetcher(browserSettings({ timeoutMs: 15_000 }));
  hangFetcher = new BrowserFetcher(browserSettings({ timeoutMs: 1_000, maxOpenPages: 2 }));
});
afterAll(async () => {
  await fetcher.close();
  await hangFetcher.close();
  await group.close();
  await server.close();
});

describe('BrowserFetcher', () => {
  it('captures the JSON the page fetched, exactly as the API sent it, and reports the navigation send once', async () => {
    let sends = 0;
    const res = await fetcher.fetch(
      new CrawlRequest({ url: `${shop.origin}/`, browser: { capture: ['/api/products'], waitFor: { response: '/api/products' } } }),
      { onSend: () => sends++ },
    );
    expect(res.status).toBe(200);
    expect(res.fetchMode).toBe('browser');
    expect(sends).toBe(1);
    const api = await fetch(`${shop.origin}/api/products?cursor=`).then((r) => r.text());
    expect(res.captured).toHaveLength(1);
    expect(res.captured[0]).toMatchObject({ status: 200, text: api });
    expect(res.capturedJson<{ items: unknown[] }>('/api/products')?.items).toHaveLength(8);
    // The body is the rendered DOM (the list the script filled), and rawHash is over those bytes.
    expect(res.$('a.product')).toHaveLength(8);
    expect(res.body.toString('utf8')).toBe(res.text);
  });

  it('waits for a selector, reads the JS-injected price, and never requests blocked images', async () => {
    const product = shop.expected.items[3];
    const before = shop.hits.length;
    const res = await fetcher.fetch(new CrawlRequest({ url: product.url, browser: { waitFor: { selector: '.price[data-ready]' } } }));
    expect(res.$('.price').text()).toBe(product.priceText);
    const paths = shop.hits.slice(before).map((h) => h.path);
    expect(paths).toContain(`/api/price/${product.sku}`);
    expect(paths.filter((p) => p.startsWith('/img/'))).toEqual([]);
  });

  it('returns the page of a script that throws, and ends hung pages as FETCH_TIMEOUT with every page closed', async () => {
    const thrown = await fetcher.fetch(new CrawlRequest({ url: server.url('/throws') }));
    expect(thrown.$('#ok').text()).toBe('static');
    // Three hung pages against a cap of two: the third waits for a page, and all end as recorded timeouts.
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => hangFetcher.fetch(new CrawlRequest({ url: server.url(`/hang?n=${n}`) }))));
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'FETCH_TIMEOUT' } });
    expect(hangFetcher.stats).toMatchObject({ openPages: 0, pagesServed: 3 });
    expect(server.requestsTo('/hang')).toHaveLength(3);
  }, 20_000);

  it("gives the URL that served the document, not the one the page's script wrote with pushState", async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: server.url('/product-a') }));
    expect(res.url).toBe(server.url('/product-a'));
    expect(res.$('.price').text()).toBe('9.99');
    expect(server.requestsTo('/product-b')).toEqual([]);
  });

  // A meta refresh fires as the load ends, so it often starts while the page is read: the read follows it then.
  it('stores what a page replaced itself with as it loaded under the URL, status and headers that served it, never under the URL asked for', async () => {
    for (const [path, url] of [['/replaces-itself', '/moved-to'], ['/submits-itself', '/moved-to?q=1'], ['/framed-away', '/moved-to'], ['/refreshes', '/moved-to']]) {
      const res = await fetcher.fetch(new CrawlRequest({ url: server.url(path) }));
      expect({ url: res.url, price: res.$('.price').text(), header: res.headers['x-document'] }).toEqual({ url: server.url(url), price: '55.00', header: 'moved-to' });
      expect(res.redirectChain).toEqual([server.url(path)]);
    }
    // The document a script moved to answered 404: its status is the response's, not the first document's 200.
    const gone = await fetcher.fetch(new CrawlRequest({ url: server.url('/to-gone') }));
    expect({ url: gone.url, status: gone.status }).toEqual({ url: server.url('/gone'), status: 404 });
  });

  it('reads a page only once the document it is moving to arrived, so the callback never sees the document change under the URL it was given', async () => {
    const retained: Array<() => Promise<void>> = [];
    const res = await fetcher.fetch(new CrawlRequest({ url: server.url('/leaves-on-load') }), { retain: (release) => void retained.push(release) });
    const page = res.page;
    await page.waitForURL(server.url('/held'));
    expect({ url: res.url, price: res.$('.price').text(), shown: await page.locator('.price').textContent() }).toEqual({ url: server.url('/held'), price: '55.00', shown: '55.00' });
    await Promise.all(retained.map((release) => release()));
  });

  it("fails a page whose script moved it to a URL that failed to load with that failure, not Chromium's error page or offsite", async () => {
    const error = await fetcher.fetch(new CrawlRequest({ url: server.url('/to-reset') })).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'FETCH_CONNECTION_RESET' });
    expect(failureKind(reasonForError(error as FetchError))).toBe('transient');
  });

  it('fails a page whose script sent it to about:blank as it loaded as the page leaving (permanent), not as a transport failure', async () => {
    // Before, the load its departure cut short (net::ERR_ABORTED) was named: fetch/failed, transient, so the run never ended clean.
    const error = await fetcher.fetch(new CrawlRequest({ url: server.url('/to-blank') })).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'BROWSER_PAGE_NAVIGATED' });
    expect(failureKind(reasonForError(error as FetchError))).toBe('permanent');
  });

  it("fails a URL that answers with a download as the page's own answer (browser/download), not a transport failure", async () => {
    const error = await fetcher.fetch(new CrawlRequest({ url: server.url('/export.csv') })).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'BROWSER_DOWNLOAD' });
    expect(failureKind(reasonForError(error as FetchError))).toBe('permanent');
    expect(fetcher.stats).toMatchObject({ openPages: 0 });
  });
});

describe('Chromium missing', () => {
  it('fails with BROWSER_MISSING naming the apt package', async () => {
    const missing = new BrowserFetcher(browserSettings({ executablePath: '/nonexistent/chromium' }));
    const error = await missing.fetch(new CrawlRequest({ url: server.url('/throws') })).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BROWSER_MISSING' });
    expect(String((error as Error).message)).toContain('apt-get install chromium');
    expect(missing.stats.openPages).toBe(0);
    await missing.close();
  });
});
