// `fetch`, `parse` and `shell` outside the hours a robots.txt takes visits in (Visit-time): refused, as a crawl would hold the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOnce } from '../../src/app/fetch/fetch-once';
import { CrawlRequest } from '../../src/core/request';
import { resolveSettings } from '../../src/settings/load-settings';
import { FixtureServer } from '../support/fixture-server';

/** `HHMM` (UTC) of now moved by `minutes`. */
const hhmm = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes * 60_000).toISOString().slice(11, 16).replace(':', '');

let shop: FixtureServer;
let file = '';
const { settings } = resolveSettings([]);

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  shop.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(file));
  shop.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p class="price">19.99</p>'));
});
afterAll(() => shop.close());

describe('a one-off fetch and Visit-time', () => {
  it('refuses a page outside the hours the file takes visits in, without sending it', async () => {
    file = `User-agent: *\nVisit-time: ${hhmm(120)}-${hhmm(180)}\n`;
    await expect(fetchOnce(settings, new CrawlRequest({ url: shop.url('/p/1') }), 'http')).rejects.toMatchObject({ code: 'ROBOTS_VISIT_TIME' });
    expect(shop.requestsTo('/p/1')).toHaveLength(0);
  });

  it('fetches it inside them', async () => {
    file = `User-agent: *\nVisit-time: ${hhmm(-60)}-${hhmm(60)}\n`;
    const response = await fetchOnce(settings, new CrawlRequest({ url: shop.url('/p/2') }), 'http');
    expect(response.$('.price').text()).toBe('19.99');
  });
});
