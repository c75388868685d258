// `fetch --browser` and `parse` of a browser-mode spider: robots.txt is read over HTTP and judges the page and the hops Chromium follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOnce } from '../../src/app/fetch/fetch-once';
import { CrawlRequest } from '../../src/core/request';
import { resolveSettings } from '../../src/settings/load-settings';
import { FixtureServer } from '../support/fixture-server';

let shop: FixtureServer;
let other: FixtureServer;
const { settings } = resolveSettings([]);
const robots = (text: string) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(text);
const page = (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p class="price">9.99</p>');

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  other = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.2' });
  shop.route('/robots.txt', robots('User-agent: *\nDisallow: /private\n'));
  shop.route('/private/p', page);
  shop.route('/p', page);
  shop.route('/away', (_req, res) => void res.writeHead(302, { location: other.url('/members/p') }).end());
  other.route('/robots.txt', robots('User-agent: pricecrawl\nDisallow: /members\n'));
  other.route('/members/p', page);
});
afterAll(async () => {
  await shop.close();
  await other.close();
});

describe('one-off browser fetches obey robots.txt', () => {
  it('renders an allowed page, refuses a disallowed one and a redirect Chromium would follow to another origin disallowing it', async () => {
    const allowed = await fetchOnce(settings, new CrawlRequest({ url: shop.url('/p') }), 'browser');
    expect(allowed.$('.price').text()).toBe('9.99');
    await expect(fetchOnce(settings, new CrawlRequest({ url: shop.url('/private/p') }), 'browser')).rejects.toMatchObject({ code: 'ROBOTS_DISALLOWED' });
    await expect(fetchOnce(settings, new CrawlRequest({ url: shop.url('/away') }), 'browser')).rejects.toMatchObject({ code: 'ROBOTS_DISALLOWED' });
    expect([shop.requestsTo('/private/p'), other.requestsTo('/members/p')]).toEqual([[], []]);
    // Read over HTTP, not as Chromium's HTML rendering of the text.
    expect(other.requestsTo('/robots.txt').map((r) => r.headers['sec-fetch-mode'])).toEqual([undefined]);
  }, 60_000);
});
