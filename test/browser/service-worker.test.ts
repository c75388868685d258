// A shop page that installs a service worker must not get to answer the host's later pages: every price comes from the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** Answers every navigation of its scope with a page of its own, priced 0.01: what a hostile or broken worker can do. */
const WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate') event.respondWith(new Response('<p class="price">0.01</p>', { headers: { 'content-type': 'text/html' } }));
});`;
// Marks the body once the worker is active, or at once when registration is refused, so the fetch waits for either.
const INSTALLER = `<p class="price">5.00</p><script>
navigator.serviceWorker.register('/worker.js')
  .then((registration) => registration && navigator.serviceWorker.ready, () => null)
  .then(() => document.body.setAttribute('data-settled', ''));
</script>`;

class WorkerSpider extends Spider {
  readonly name = 'service-worker-test';
  override readonly fetchMode = 'browser' as const;
  override allowedDomains = ['127.0.0.1'];
  constructor(private readonly origin: string) {
    super();
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    yield this.request(`${this.origin}/installer`, 'parseInstaller', {}, { browser: { waitFor: { selector: 'body[data-settled]' } } });
  }
  async *parseInstaller(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield this.item(res);
    // Only now, with the worker (if any) active in this host's context, is the next page asked for.
    yield res.follow('/product', 'parse');
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield this.item(res);
  }
  private item(res: CrawlResponse) {
    return { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url };
  }
}

let server: FixtureServer;
const storage = tempStorageDir('service-worker');

beforeAll(async () => {
  server = await FixtureServer.start();
  const html = (body: string) => `<!doctype html><html><head><title>shop</title></head><body>${body}</body></html>`;
  server.route('/installer', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html(INSTALLER)));
  server.route('/worker.js', (_req, res) => void res.writeHead(200, { 'content-type': 'text/javascript' }).end(WORKER));
  server.route('/product', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p class="price">9.99</p>')));
});
afterAll(async () => {
  await server.close();
  storage.cleanup();
});

describe('a page that registers a service worker', () => {
  it("cannot answer the host's next page: it is fetched from the server and its own price is stored", async () => {
    const result = await crawlInProcess(new WorkerSpider(server.origin), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, browser: { maxOpenPages: 1 } });
    expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 2, failed: 0 });
    const prices = Object.fromEntries(result.items.map((item) => [item.sku, item.price]));
    expect(prices).toEqual({ '/installer': '5.00', '/product': '9.99' });
    expect(server.requests.map((request) => request.path)).toContain('/product');
    expect(server.requests.map((request) => request.path)).not.toContain('/worker.js');
  });
});
