// Resource blocking (Blink's image switch at launch, the confinement route for the rest): blocked types and URLs never reach the server, and the page still renders its price.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { BrowserFetcher, type BrowserSettings } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

const defaults = settingsSchema.parse({}).browser;
const browserSettings = (overrides: Partial<BrowserSettings> = {}): BrowserSettings => ({ ...defaults, timeoutMs: 15_000, ...overrides });

// Every kind of request a shop page makes: an image, a CSS background, a web font, a tracker, and the price API.
const PAGE = `<!doctype html><html><head>
<style>@font-face{font-family:shop;src:url(/font/shop.woff2) format("woff2")} body{font-family:shop;background:url(/img/bg.png)}</style>
<script src="/tracker/collect?v=1"></script></head>
<body><img src="/img/product.png" width="10" height="10"><p>Price: <span class="price"></span></p>
<script>fetch('/api/price').then((r) => r.json()).then((p) => { const el = document.querySelector('.price'); el.textContent = p.price; el.dataset.ready = '1'; });</script>
</body></html>`;

let server: FixtureServer;

beforeAll(async () => {
  server = await FixtureServer.start();
  server.route('/product', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
  server.route('/api/price', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"price":"$19.99"}'));
});
afterAll(async () => {
  await server.close();
});

async function fetchProduct(settings: BrowserSettings): Promise<{ price: string; paths: string[] }> {
  const fetcher = new BrowserFetcher(settings);
  server.reset();
  try {
    const res = await fetcher.fetch(new CrawlRequest({ url: server.url('/product'), browser: { waitFor: { selector: '.price[data-ready]' } } }));
    return { price: res.$('.price').text(), paths: server.requests.map((r) => r.path) };
  } finally {
    await fetcher.close();
  }
}

describe('resource blocking', () => {
  it('control: with nothing blocked, the page asks for the image, background, font and tracker', async () => {
    const { paths } = await fetchProduct(browserSettings({ blockResourceTypes: [], blockUrlPatterns: [] }));
    expect(paths).toEqual(expect.arrayContaining(['/img/product.png', '/img/bg.png', '/font/shop.woff2', '/tracker/collect', '/api/price']));
  }, 30_000);

  it('fetches no image, font or tracker with the default settings, and the script still writes the price', async () => {
    const { price, paths } = await fetchProduct(browserSettings({ blockUrlPatterns: ['/tracker/collect?'] }));
    expect(price).toBe('$19.99');
    expect(paths).toContain('/api/price');
    expect(paths.filter((p) => p.startsWith('/img/') || p.startsWith('/font/') || p.startsWith('/tracker/'))).toEqual([]);
  }, 30_000);

  it('blocks by a /regex/ URL pattern, and fetches the types that are not blocked', async () => {
    const { price, paths } = await fetchProduct(browserSettings({ blockResourceTypes: ['font'], blockUrlPatterns: ['/\\/tracker\\/col+ect/'] }));
    expect(price).toBe('$19.99');
    expect(paths.filter((p) => p.startsWith('/font/') || p.startsWith('/tracker/'))).toEqual([]);
    expect(paths).toContain('/img/product.png'); // images are not blocked here: Blink loads them
  }, 30_000);
});
