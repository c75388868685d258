// Real Chromium: a page whose own script calls window.stop() while it loads (no DOMContentLoaded, no load, its answer never ends).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

let site: FixtureServer;
let fetcher: BrowserFetcher;
const stats = new Stats();

const page = (body: string) => `<!doctype html><html><head><title>shop</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  site = await FixtureServer.start({ builtInRoutes: false });
  // What the parser reached before the script is the document; what follows it never is.
  site.route('/stops', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('<p class="price">5.00</p><script>window.stop()</script><p class="price">0.01</p>')));
  // Stopped once parsed, as pages do to cut their images short: the load event never comes.
  site.route('/stops-late', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page(`<p class="price">6.00</p><script>addEventListener('DOMContentLoaded', () => window.stop())</script>`)));
  site.route('/plain', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('<p class="price">7.00</p>')));
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000 }, { stats });
});
afterAll(async () => {
  await fetcher.close();
  await site.close();
});

describe('a page that stops its own loading', () => {
  it('is read as it stands once stopped, under the URL that served it, and its tab serves the next page', async () => {
    // Before, the fetch waited for a DOMContentLoaded that never came: fetch/timeout on every try.
    const res = await fetcher.fetch(new CrawlRequest({ url: site.url('/stops') }));
    expect(res.$('.price').text()).toBe('5.00');
    expect([res.url, res.status]).toEqual([site.url('/stops'), 200]);
    // Its answer never ends: neither the load nor the quiet wait may wait for it.
    expect([stats.get('browser/load/capped'), stats.get('browser/quiet/capped')]).toEqual([0, 0]);
    const next = await fetcher.fetch(new CrawlRequest({ url: site.url('/plain') }));
    expect(next.$('.price').text()).toBe('7.00');
    expect(fetcher.stats.pagesServed).toBe(2);
  });

  it('is read without waiting out the load wait when stopped once parsed: its load was never coming', async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: site.url('/stops-late') }));
    expect(res.$('.price').text()).toBe('6.00');
    // Before, the fetch waited for the load until browser.loadWaitRatio of its time had passed, and counted it.
    expect(stats.get('browser/load/capped')).toBe(0);
  });
});
