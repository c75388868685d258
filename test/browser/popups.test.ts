// Windows a page's script opens on its own (popunders, floods): refused by Chromium's popup blocker before any exists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { productItem } from '../../src/items/product-item';
import { settingsSchema } from '../../src/settings/schema';
import type { FixtureServer } from '../support/fixture-server';
import { pageServer } from '../support/page-server';

const defaults = settingsSchema.parse({}).browser;
const page = (body: string) => `<!doctype html><html lang="en-US"><head><title>Widget</title></head><body><main><h1>Widget</h1><p class="price">$9.99</p>${body}</main></body></html>`;
const PAGES: Record<string, string> = {
  // Hundreds of windows as the page parses: each used to become a page Playwright attached to before it was closed.
  flood: page(`<script>for (let i = 0; i < 300; i++) window.open('about:blank');</script>`),
  // A popunder to the shop's own partner page, and a link the page clicks itself.
  popunder: page(`<a id="deal" target="_blank" href="/deal">deal</a><script>window.open('/deal'); document.getElementById('deal').click();</script>`),
};

let server: FixtureServer;
let fetcher: BrowserFetcher;
const stats = new Stats();

beforeAll(async () => {
  server = await pageServer(PAGES);
  server.route('/deal', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('')));
  fetcher = new BrowserFetcher({ ...defaults, timeoutMs: 20_000 }, { stats });
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('a page that opens windows by script', () => {
  it('is read, where a flood of 300 windows on load held it past its deadline (fetch/timeout on every try)', async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: server.url('/w/flood') }));
    expect(productItem(res)?.price?.toString()).toBe('9.99');
  });

  it('opens no window at all without a click: nothing is requested for one, so confinement has nothing to close', async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: server.url('/w/popunder') }));
    expect(productItem(res)?.price?.toString()).toBe('9.99');
    expect(server.requestsTo('/deal')).toEqual([]);
    expect(stats.get('browser/offsite/popup-blocked')).toBe(0);
  });
});
