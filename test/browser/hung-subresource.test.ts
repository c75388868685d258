// A page whose third-party script never finishes loading: its load event never comes, yet the page is there to read.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserRequestOptions } from '../../src/core/browser-options';
import type { PriceItem } from '../../src/core/item';
import type { Decimal } from '../../src/core/money';
import { CrawlRequest } from '../../src/core/request';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { productItem } from '../../src/items/product-item';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { pageServer } from '../support/page-server';

const defaults = settingsSchema.parse({}).browser;
const page = (price: string, body: string) => `<!doctype html><html lang="en-US"><head><title>Widget</title></head><body><main><h1>Widget</h1><p class="price">${price}</p>${body}</main></body></html>`;
/** The tag host's scripts: another loopback "site", as a tag manager or a chat widget is. */
let tags: FixtureServer;
const tag = (path: string) => `<script async src="${tags.url(path)}"></script>`;

let shop: FixtureServer;
let fetcher: BrowserFetcher;
const stats = new Stats();

/** Sends a head and then a byte now and then, never the end: a tracker on a dying connection. */
function trickle(res: ServerResponse, later: (ms: number, fn: () => void) => void, type: string, first: string): void {
  res.writeHead(200, { 'content-type': type });
  res.write(first);
  const drip = (): void => later(200, () => {
    res.write(' ');
    drip();
  });
  drip();
}

beforeAll(async () => {
  tags = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.2' });
  tags.route('/hangs.js', () => {
    // Accepts and never answers; close() destroys the socket.
  });
  tags.route('/trickles.js', (_req, res, { later }) => trickle(res, later, 'text/javascript', '/* tag */'));
  // The price script comes late (the tag host is slow), but it comes: its price is the page's.
  tags.route('/slow-price.js', (_req, res, { later }) => later(1_000, () => res.writeHead(200, { 'content-type': 'text/javascript' }).end(`document.querySelector('.price').textContent = '$19.99'; document.querySelector('.price').dataset.ready = '1';`)));
  const pages = {
    'tag-hangs': () => page('$25.00', tag('/hangs.js')),
    'tag-trickles': () => page('$25.00', tag('/trickles.js')),
    // A chat widget's frame whose document never comes.
    'frame-hangs': () => page('$25.00', `<iframe src="${tags.url('/hangs.js')}"></iframe>`),
    // The price is written only by the script that never comes: there is no price to read.
    'price-script-hangs': () => page('', tag('/hangs.js')),
    'price-script-slow': () => page('', tag('/slow-price.js')),
  };
  shop = await pageServer({});
  for (const [name, html] of Object.entries(pages)) shop.route(`/p/${name}`, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html()));
  // The page's own document is what hangs: a head and the start of the body, then nothing.
  shop.route('/p/document-trickles', (_req, res, { later }) => trickle(res, later, 'text/html; charset=utf-8', '<!doctype html><html><body><p class="price">$25.00</p>'));
  fetcher = new BrowserFetcher({ ...defaults, timeoutMs: 6_000 }, { stats });
});
afterAll(async () => {
  await fetcher.close();
  await shop.close();
  await tags.close();
});

const priced = (item: PriceItem | null): string | null | undefined => item && (item.price === null ? item.priceRefusal : `${(item.price as Decimal).toFixed(2)} ${item.currency}`);
const fetchPage = (name: string, browser?: BrowserRequestOptions) => fetcher.fetch(new CrawlRequest({ url: shop.url(`/p/${name}`), browser }));

describe('BrowserFetcher and a subresource that never finishes', () => {
  it('reads a page whose async tag never answers, counts the load it never saw, and does not wait the quiet cap for the tag', async () => {
    const before = { load: stats.get('browser/load/capped'), quiet: stats.get('browser/quiet/capped') };
    const res = await fetchPage('tag-hangs');
    expect(priced(productItem(res))).toBe('25.00 USD');
    expect(stats.get('browser/load/capped') - before.load).toBe(1);
    expect(stats.get('browser/quiet/capped') - before.quiet).toBe(0);
  }, 20_000);

  it('reads a page whose async tag answers a byte now and then and never ends, or whose widget frame never comes', async () => {
    for (const name of ['frame-hangs', 'tag-trickles']) {
      const res = await fetchPage(name);
      expect(priced(productItem(res))).toBe('25.00 USD');
    }
  }, 30_000);

  it('gives no price for a page whose price script never came, and fails it when the page waits for its price', async () => {
    const res = await fetchPage('price-script-hangs');
    expect(productItem(res)?.price ?? null).toBeNull();
    // The page's own waitFor still holds: the price never appears, so the page times out rather than being read bare.
    const error = await fetchPage('price-script-hangs', { waitFor: { selector: '.price[data-ready]' } }).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'FETCH_TIMEOUT' });
  }, 30_000);

  it('reads the price of a script that loads slowly but loads, as the load it waited for', async () => {
    const before = stats.get('browser/load/capped');
    const res = await fetchPage('price-script-slow');
    expect(priced(productItem(res))).toBe('19.99 USD');
    expect(stats.get('browser/load/capped')).toBe(before);
  }, 20_000);

  it('still fails a page whose own document never ends as fetch/timeout', async () => {
    const error = await fetchPage('document-trickles').catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'FETCH_TIMEOUT' });
  }, 20_000);
});
