// Real Chromium: a link's ping attribute sends nothing when a callback clicks it (hyperlink auditing is off).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { isAllowedUrl } from '../../src/downloader/offsite-rules';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

let site: FixtureServer;
let tracker: FixtureServer;
let fetcher: BrowserFetcher;
const releases: Array<() => Promise<void>> = [];

beforeAll(async () => {
  site = await FixtureServer.start({ builtInRoutes: false });
  tracker = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.2' });
  const pings = `${site.url('/private/ping')} ${tracker.url('/ping')}`;
  site.route('/product', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><p class="price">9.99</p><a id="more" href="#reviews" ping="${pings}">reviews</a>`));
  site.route('/after', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  for (const server of [site, tracker]) server.route('/:any/:path', (_req, res) => void res.writeHead(204).end());
  tracker.route('/ping', (_req, res) => void res.writeHead(204).end());
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000 }, {});
});
afterAll(async () => {
  await Promise.all(releases.map((release) => release()));
  await fetcher.close();
  await Promise.all([site.close(), tracker.close()]);
});

describe('a link with a ping attribute, clicked in the page a callback drives', () => {
  it('posts to none of its ping URLs, on the shop or elsewhere', async () => {
    const allowsUrl = (url: string) => isAllowedUrl(url, [site.hostKey]);
    const res = await fetcher.fetch(new CrawlRequest({ url: site.url('/product') }), { allowsUrl, retain: (release) => releases.push(release) });
    const page = res.page as unknown as Page;
    await page.click('#more');
    // A request of the page's own, made after the click: the pings, sent as the link is followed, go first.
    await page.evaluate(`fetch('/after').then((r) => r.text())`);
    // Before, POST /private/ping reached the shop and POST /ping the other host (Chromium's hyperlink auditing).
    expect(site.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /product', 'GET /after']);
    expect(tracker.requests.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });
});
