// `fetch`, `parse` and `shell` send their redirect and refresh hops in the host's slots, as a crawl does: measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOnce } from '../../src/app/fetch/fetch-once';
import { CrawlRequest } from '../../src/core/request';
import { resolveSettings } from '../../src/settings/load-settings';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { FixtureServer } from '../support/fixture-server';

const INTERVAL_MS = 300;
const HOST_INTERVAL_MS = 450;

let shop: FixtureServer;

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  // A 302 the fetcher follows itself, then a page that refreshes at once: three sends for one command.
  shop.route('/old', (_req, res) => void res.writeHead(302, { location: '/interstitial' }).end());
  shop.route('/interstitial', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<meta http-equiv="refresh" content="0; url=/p/1"><p class="price">1.00</p>'));
  shop.route('/p/1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p class="price">19.99</p>'));
});
afterAll(async () => {
  await shop.close();
});

/**
 * The page and its hops, robots.txt left out: a one-off command reads the file first (one-off-robots.ts)
 * and sends the page right after it; the hops are what these tests space.
 */
const pageRequests = () => shop.requests.filter((r) => r.path !== '/robots.txt');

function settingsWith(politeness: Record<string, unknown>) {
  return resolveSettings([{ name: 'cli', origin: 'test', values: { politeness: { jitterMs: 0, ...politeness } } }]).settings;
}

describe('a one-off fetch through redirects on one host', () => {
  it('waits the host interval before each hop', async () => {
    shop.reset();
    const response = await fetchOnce(settingsWith({ minIntervalMs: INTERVAL_MS }), new CrawlRequest({ url: shop.url('/old') }), 'http');
    expect(response.url).toBe(shop.url('/p/1'));
    expect(shop.requests.map((r) => r.path)).toEqual(['/robots.txt', '/old', '/interstitial', '/p/1']);
    // Before: 10 ms and 4 ms apart at the server.
    for (const gap of longestPossibleGapsMs(pageRequests())) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it("waits the host's own interval when politeness.hosts gives it one", async () => {
    shop.reset();
    await fetchOnce(settingsWith({ minIntervalMs: 10, hosts: { [shop.hostKey]: { minIntervalMs: HOST_INTERVAL_MS } } }), new CrawlRequest({ url: shop.url('/old') }), 'http');
    expect(pageRequests()).toHaveLength(3);
    for (const gap of longestPossibleGapsMs(pageRequests())) expect(gap).toBeGreaterThanOrEqual(HOST_INTERVAL_MS);
  });

  it('refuses a hop whose slot is further off than the fetch may wait, instead of sending it early', async () => {
    shop.reset();
    const settings = resolveSettings([{ name: 'cli', origin: 'test', values: { politeness: { minIntervalMs: 5_000, jitterMs: 0 }, http: { timeoutMs: 2_000 } } }]).settings;
    await expect(fetchOnce(settings, new CrawlRequest({ url: shop.url('/old') }), 'http')).rejects.toMatchObject({ code: 'REDIRECT_HOST_BUSY' });
    expect(pageRequests().map((r) => r.path)).toEqual(['/old']);
  });
});
