// `fetch`, `parse` and `shell` show what a spider would see: a refresh interstitial is followed as in a crawl.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOnce } from '../../src/app/fetch/fetch-once';
import { CrawlRequest } from '../../src/core/request';
import { resolveSettings } from '../../src/settings/load-settings';
import { FixtureServer } from '../support/fixture-server';

let shop: FixtureServer;
const { settings } = resolveSettings([]);

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  shop.route('/i/0', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', refresh: '0; url=/p/0' }).end('<p class="price">1.00</p>'));
  shop.route('/p/0', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p class="price">19.99</p>'));
  shop.route('/a', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<meta http-equiv="refresh" content="0; url=/b">'));
  shop.route('/b', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<meta http-equiv="refresh" content="0; url=/a">'));
});
afterAll(async () => {
  await shop.close();
});

describe('one-off fetches and refreshes', () => {
  it('lands on the refresh target, with the request asked for and the interstitial in the chain', async () => {
    const response = await fetchOnce(settings, new CrawlRequest({ url: shop.url('/i/0') }), 'http');
    expect([response.request.url, response.url, response.redirectChain]).toEqual([shop.url('/i/0'), shop.url('/p/0'), [shop.url('/i/0')]]);
    expect(response.$('.price').text()).toBe('19.99');
  });

  it('goes to the target with a GET and no body headers after a POST, as a browser does', async () => {
    const post = new CrawlRequest({ url: shop.url('/i/0'), method: 'POST', body: 'sku=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Team': 'prices' } });
    const response = await fetchOnce(settings, post, 'http');
    expect(response.url).toBe(shop.url('/p/0'));
    const hop = shop.requestsTo('/p/0').at(-1)!;
    expect([hop.method, hop.body, hop.headers['content-type'], hop.headers['x-team']]).toEqual(['GET', '', undefined, 'prices']);
  });

  it('stops a refresh loop with its code', async () => {
    await expect(fetchOnce(settings, new CrawlRequest({ url: shop.url('/a') }), 'http')).rejects.toMatchObject({ code: 'FETCH_REDIRECT_LOOP' });
    expect(shop.requestsTo('/a')).toHaveLength(1);
  });
});
