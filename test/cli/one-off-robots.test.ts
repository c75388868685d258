// `fetch`, `parse` and `shell` fetch "as the crawler does": a page robots.txt keeps the crawler from is not fetched by them either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOnce } from '../../src/app/fetch/fetch-once';
import { CrawlRequest } from '../../src/core/request';
import { resolveSettings } from '../../src/settings/load-settings';
import { FixtureServer } from '../support/fixture-server';

const page = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end(body);

let shop: FixtureServer;
let outage: FixtureServer;
let walled: FixtureServer;
const { settings } = resolveSettings([]);

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  outage = await FixtureServer.start({ builtInRoutes: false });
  walled = await FixtureServer.start({ builtInRoutes: false });
  walled.route('/robots.txt', page('<html><head><title>Just a moment...</title></head><body>checking your browser</body></html>'));
  walled.route('/p/3', page('<p class="price">39.99</p>'));
  shop.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private\n'));
  shop.route('/private/p1', page('<p class="price">9.99</p>'));
  shop.route('/p/1', page('<p class="price">19.99</p>'));
  shop.route('/go', (_req, res) => void res.writeHead(302, { location: '/private/p1' }).end());
  shop.route('/away', (_req, res) => void res.writeHead(302, { location: outage.url('/p/2') }).end());
  shop.route('/wait', page('<meta http-equiv="refresh" content="0; url=/private/p1"><p class="price">1.00</p>'));
  outage.route('/robots.txt', (_req, res) => void res.writeHead(503, { 'content-type': 'text/plain' }).end('down'));
  outage.route('/p/2', page('<p class="price">29.99</p>'));
});
afterAll(async () => {
  await shop.close();
  await outage.close();
  await walled.close();
});

const fetchUrl = (url: string, from = settings) => fetchOnce(from, new CrawlRequest({ url }), 'http');

describe('one-off fetches obey robots.txt', () => {
  it('fetches an allowed page after reading the origin file', async () => {
    const response = await fetchUrl(shop.url('/p/1'));
    expect(response.$('.price').text()).toBe('19.99');
    expect(shop.requestsTo('/robots.txt').length).toBeGreaterThan(0);
  });

  it('refuses a disallowed page without sending it', async () => {
    await expect(fetchUrl(shop.url('/private/p1'))).rejects.toMatchObject({ code: 'ROBOTS_DISALLOWED' });
    expect(shop.requestsTo('/private/p1')).toHaveLength(0);
  });

  it('refuses a redirect to a disallowed page before the hop is sent', async () => {
    await expect(fetchUrl(shop.url('/go'))).rejects.toMatchObject({ code: 'ROBOTS_DISALLOWED' });
    expect(shop.requestsTo('/private/p1')).toHaveLength(0);
  });

  it('refuses a refresh to a disallowed page before it is followed', async () => {
    await expect(fetchUrl(shop.url('/wait'))).rejects.toMatchObject({ code: 'ROBOTS_DISALLOWED' });
    expect(shop.requestsTo('/private/p1')).toHaveLength(0);
  });

  it('refuses a page whose origin robots.txt is unreachable, and a redirect to one', async () => {
    await expect(fetchUrl(outage.url('/p/2'))).rejects.toMatchObject({ code: 'ROBOTS_UNAVAILABLE' });
    await expect(fetchUrl(shop.url('/away'))).rejects.toMatchObject({ code: 'ROBOTS_UNAVAILABLE' });
    expect(outage.requestsTo('/p/2')).toHaveLength(0);
  });

  it('refuses a page whose robots.txt answer is a bot wall, not the file', async () => {
    await expect(fetchUrl(walled.url('/p/3'))).rejects.toMatchObject({ code: 'ROBOTS_UNAVAILABLE' });
    expect(walled.requestsTo('/p/3')).toHaveLength(0);
  });

  it('fetches anything with robots.obey off, as a crawl would', async () => {
    const { settings: ignoring } = resolveSettings([{ name: 'cli', origin: '-s', values: { robots: { obey: false } } }]);
    const response = await fetchUrl(shop.url('/private/p1'), ignoring);
    expect(response.$('.price').text()).toBe('9.99');
  });
});
