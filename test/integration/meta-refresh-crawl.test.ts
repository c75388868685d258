// Refresh redirects (the Refresh header, <meta http-equiv="refresh">) are followed as a redirect hop: the interstitial's price is never the product's.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import type { CrawlResponse } from '../../src/core/response';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** An interstitial: a teaser price that is not the product's, and whatever refresh `head` declares. */
function interstitial(res: ServerResponse, head: string, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(`<!doctype html><html><head><title>Please wait</title>${head}</head><body><p>Redirecting…</p><p class="price">1.00</p></body></html>`);
}

function product(res: ServerResponse, price = '19.99'): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<html><head><title>Product</title></head><body><h1>Product</h1><p class="price">${price}</p></body></html>`);
}

const QUIET = { robots: { obey: false }, politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { statsIntervalMs: 0 } };

describe('refresh redirects', () => {
  const storage = tempStorageDir('meta-refresh');
  let servers: FixtureServer[] = [];
  let shop: FixtureServer;
  let other: FixtureServer;
  beforeEach(async () => {
    await closeFixtureServers(servers);
    servers = await startFixtureServers(2, { builtInRoutes: false });
    [shop, other] = servers;
    shop.route('/p/:n', (_req, res) => product(res));
  });
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  const crawl = (paths: string[], settings: Record<string, unknown> = {}, allowedDomains: string[] = []) => {
    const spider = new PriceTextSpider({ urls: paths.map((path) => shop.url(path)).join(',') });
    spider.allowedDomains = allowedDomains;
    return crawlInProcess(spider, storage.dir, { ...QUIET, ...settings });
  };

  it('follows the header and the meta forms, in every spelling the HTML spec reads, to the real page', async () => {
    const forms: Array<[string, string, Record<string, string>?]> = [
      ['/i/0', '<meta http-equiv="refresh" content="0; url=/p/0">'],
      ['/i/1', '<META HTTP-EQUIV="Refresh" CONTENT="0;URL=\'/p/1\'">'],
      ['/i/2', '<meta content=\'2, url = "/p/2"\' http-equiv=refresh>'],
      ['/i/3', '<meta http-equiv="refresh" content="1 /p/3">'],
      ['/i/4', '', { refresh: '0; url=/p/4' }],
      ['/i/5', '', { Refresh: '0;URL="/p/5"' }],
      ['/i/6', '<base href="/p/"><meta http-equiv="refresh" content="0; url=6">'],
      // The header is met first; a meta with a longer delay replaces it in no browser.
      ['/i/7', '<meta http-equiv="refresh" content="5; url=/i/0">', { refresh: '0; url=/p/7' }],
    ];
    for (const [path, head, headers] of forms) shop.route(path, (_req, res) => interstitial(res, head, headers));
    const seen: Array<[string, string, readonly string[]]> = [];
    const spider = new (class extends PriceTextSpider {
      override parse(res: CrawlResponse) {
        seen.push([res.request.url, res.url, res.redirectChain]);
        return super.parse(res);
      }
    })({ urls: forms.map(([path]) => shop.url(path)).join(',') });
    const result = await crawlInProcess(spider, storage.dir, QUIET);
    // The spider sees the request it planned, the page it landed on, and the interstitial before it.
    expect(seen).toContainEqual([shop.url('/i/0'), shop.url('/p/0'), [shop.url('/i/0')]]);
    expect(result.items.map((item) => [item.url, item.price]).sort()).toEqual(forms.map((_, n) => [shop.url(`/p/${n}`), '19.99']).sort());
    expect(result.items.some((item) => item.price === '1.00')).toBe(false);
    expect(result.summary.ledger).toMatchObject({ planned: 8, succeeded: 8, failed: 0, pending: 0 });
    expect(shop.requestsTo('/i/0')).toHaveLength(1);
    // The run summary says what was done about them.
    expect(result.summary.handling).toMatchObject({ 'redirect/followed/meta-refresh': 5, 'redirect/followed/refresh-header': 3 });
  }, 20_000);

  it('reads the page itself when the refresh is past the max delay, in noscript, past the scan, to itself, or switched off for its host', async () => {
    const heads: Record<string, string> = {
      '/late': '<meta http-equiv="refresh" content="1800; url=/p/logout">',
      '/nojs': '<noscript><meta http-equiv="refresh" content="0; url=/p/nojs"></noscript>',
      '/self': '<meta http-equiv="refresh" content="0">',
      '/self-url': '<meta http-equiv="refresh" content="0; url=/self-url#top">',
      '/far': `<style>${'x'.repeat(70_000)}</style><meta http-equiv="refresh" content="0; url=/p/far">`,
    };
    for (const [path, head] of Object.entries(heads)) shop.route(path, (_req, res) => interstitial(res, head));
    const result = await crawl(Object.keys(heads));
    expect(result.items.map((item) => item.url).sort()).toEqual(Object.keys(heads).map((path) => shop.url(path)).sort());
    expect(shop.requests.filter((r) => r.path.startsWith('/p/'))).toHaveLength(0);
    expect(result.summary.ledger).toMatchObject({ planned: 5, succeeded: 5, failed: 0, pending: 0 });
    expect(result.summary.handling['redirect/ignored/meta-refresh/delay']).toBe(1);

    shop.route('/i/0', (_req, res) => interstitial(res, '<meta http-equiv="refresh" content="0; url=/p/0">'));
    const off = await crawl(['/i/0'], { metaRefresh: { hosts: { [shop.hostKey]: { enabled: false } } } });
    expect(off.items.map((item) => [item.url, item.price])).toEqual([[shop.url('/i/0'), '1.00']]);
  }, 20_000);

  it('acts on several refreshes as browsers do, and refuses a page they would leave for different pages', async () => {
    const heads: Record<string, [string, Record<string, string>?]> = {
      // The first does not parse: browsers act on the next.
      '/m/0': ['<meta http-equiv="refresh" content="soon"><meta http-equiv="refresh" content="0; url=/p/0">'],
      // A later, longer one does not replace the first in any browser.
      '/m/1': ['<meta http-equiv="refresh" content="2; url=/p/1"><meta http-equiv="refresh" content="1800; url=/p/logout">'],
      '/m/2': ['<meta http-equiv="refresh" content="0; url=/p/2">', { refresh: '0; url=/p/2' }],
      // The spec goes to the first, Chromium to the second: the page does not say which is the product.
      '/m/3': ['<meta http-equiv="refresh" content="0; url=/p/3"><meta http-equiv="refresh" content="0; url=/p/other">'],
      '/m/4': ['<meta http-equiv="refresh" content="0; url=/p/other">', { refresh: '1; url=/p/4' }],
    };
    for (const [path, [head, headers]] of Object.entries(heads)) shop.route(path, (_req, res) => interstitial(res, head, headers));
    const result = await crawl(Object.keys(heads));
    expect(result.items.map((item) => [item.url, item.price]).sort()).toEqual([0, 1, 2].map((n) => [shop.url(`/p/${n}`), '19.99']));
    expect(result.summary.ledger).toMatchObject({ planned: 5, succeeded: 3, failed: 2, pending: 0, failedByReason: { 'fetch/bad-redirect': 2 } });
    expect(shop.requests.filter((r) => r.path === '/p/other' || r.path === '/p/logout')).toHaveLength(0);
  }, 20_000);

  it('keeps the status of a non-2xx page that refreshes elsewhere: a 404 stays gone', async () => {
    shop.route('/gone', (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html', refresh: '3; url=/p/home' });
      res.end('<p class="price">1.00</p>');
    });
    const result = await crawl(['/gone']);
    expect(result.items).toEqual([]);
    expect(result.summary.ledger).toMatchObject({ planned: 1, failed: 1, failedByReason: { 'http/404': 1 } });
    expect(shop.requestsTo('/p/home')).toHaveLength(0);
  }, 20_000);

  it('honours a per-host max delay', async () => {
    shop.route('/i/:n', (req, res) => interstitial(res, `<meta http-equiv="refresh" content="5; url=/p/${req.url!.split('/').pop()}">`));
    const strict = await crawl(['/i/0'], { metaRefresh: { hosts: { [shop.hostKey]: { maxDelayMs: 4_000 } } } });
    expect(strict.items.map((item) => [item.url, item.price])).toEqual([[shop.url('/i/0'), '1.00']]);
    const lenient = await crawl(['/i/1'], { metaRefresh: { maxDelayMs: 5_000 } });
    expect(lenient.items.map((item) => [item.url, item.price])).toEqual([[shop.url('/p/1'), '19.99']]);
  }, 20_000);

  it('fails a refresh that leaves allowedDomains as offsite, without sending it and without the interstitial as the product', async () => {
    other.route('/p/0', (_req, res) => product(res));
    shop.route('/i/0', (_req, res) => interstitial(res, `<meta http-equiv="refresh" content="0; url=${other.url('/p/0')}">`));
    const result = await crawl(['/i/0'], {}, [shop.hostKey]);
    expect(result.items).toEqual([]);
    expect(result.summary.ledger).toMatchObject({ planned: 1, succeeded: 0, failed: 1, pending: 0, failedByReason: { 'offsite/redirect': 1 } });
    expect(other.requests).toHaveLength(0);
  }, 20_000);

  it('fails a refresh to a page robots.txt disallows as robots/disallowed', async () => {
    shop.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /p/\n'));
    shop.route('/i/0', (_req, res) => interstitial(res, '<meta http-equiv="refresh" content="0; url=/p/0">'));
    const result = await crawl(['/i/0'], { robots: { obey: true } });
    expect(result.items).toEqual([]);
    expect(result.summary.ledger).toMatchObject({ planned: 1, failed: 1, failedByReason: { 'robots/disallowed': 1 } });
    expect(shop.requestsTo('/p/0')).toHaveLength(0);
  }, 20_000);

  it("checks a refresh to another origin against that origin's robots.txt, fetched first", async () => {
    other.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /p/0\n'));
    other.route('/p/:n', (_req, res) => product(res));
    shop.route('/x/:n', (req, res) => interstitial(res, '', { refresh: `0; url=${other.url(`/p/${req.url!.split('/').pop()}`)}` }));
    const result = await crawl(['/x/0', '/x/1'], { robots: { obey: true } });
    expect(result.items.map((item) => [item.url, item.price])).toEqual([[other.url('/p/1'), '19.99']]);
    expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 1, failed: 1, pending: 0, failedByReason: { 'robots/disallowed': 1 } });
    expect(other.requestsTo('/p/0')).toHaveLength(0);
  }, 20_000);

  it('ends a refresh loop A → B → A as a recorded failure', async () => {
    shop.route('/a', (_req, res) => interstitial(res, '', { refresh: '0; url=/b' }));
    shop.route('/b', (_req, res) => interstitial(res, '<meta http-equiv="refresh" content="0; url=/a">'));
    const result = await crawl(['/a']);
    expect(result.items).toEqual([]);
    expect(result.summary.ledger).toMatchObject({ planned: 1, succeeded: 0, failed: 1, pending: 0, failedByReason: { 'fetch/redirect-loop': 1 } });
    expect(shop.requestsTo('/a')).toHaveLength(1);
    expect(shop.requestsTo('/b')).toHaveLength(1);
  }, 20_000);

  it('reloads once with the cookie a "set a cookie and reload" check sets, and ends one that keeps asking as a loop', async () => {
    shop.route('/cc', (req, res) => {
      if (req.headers.cookie?.includes('human=1')) return product(res);
      interstitial(res, '<meta http-equiv="refresh" content="0">', { 'set-cookie': 'human=1; Path=/' });
    });
    shop.route('/cc-again', (_req, res) => interstitial(res, '<meta http-equiv="refresh" content="0; url=/cc-again">', { 'set-cookie': 'human=1; Path=/' }));
    const result = await crawl(['/cc', '/cc-again']);
    expect(result.items.map((item) => [item.url, item.price])).toEqual([[shop.url('/cc'), '19.99']]);
    expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 1, failed: 1, pending: 0, failedByReason: { 'fetch/redirect-loop': 1 } });
    expect(shop.requestsTo('/cc')).toHaveLength(2);
    expect(shop.requestsTo('/cc-again')).toHaveLength(2);
  }, 20_000);

  it('fails a refresh to a URL that is no http(s) page as a bad redirect rather than reading the interstitial', async () => {
    shop.route('/js', (_req, res) => interstitial(res, '', { refresh: '0; url=javascript:location.href="/p/0"' }));
    const result = await crawl(['/js']);
    expect(result.items).toEqual([]);
    expect(result.summary.ledger).toMatchObject({ planned: 1, failed: 1, failedByReason: { 'fetch/bad-redirect': 1 } });
  }, 20_000);

  it('counts refresh hops against http.maxRedirects', async () => {
    shop.route('/c/:n', (req, res) => interstitial(res, `<meta http-equiv="refresh" content="0; url=/c/${Number(req.url!.split('/').pop()) + 1}">`));
    // The target's own 3xx hops count with the refresh before them: /ir → /r/3 → /r/2 → /r/1 → /p/0 is four.
    shop.route('/r/:n', (req, res) => {
      const n = Number(req.url!.split('/').pop());
      res.writeHead(302, { location: n > 1 ? `/r/${n - 1}` : '/p/0' }).end();
    });
    shop.route('/ir', (_req, res) => interstitial(res, '', { refresh: '0; url=/r/3' }));
    const result = await crawl(['/c/0', '/ir'], { http: { maxRedirects: 3 } });
    expect(result.items).toEqual([]);
    expect(result.summary.ledger).toMatchObject({ planned: 2, failed: 2, failedByReason: { 'fetch/too-many-redirects': 2 } });
    expect(shop.requests.filter((r) => r.path.startsWith('/c/'))).toHaveLength(4);
  }, 20_000);

  it("sends the refresh in its host's slot: the interval holds at the server, for the same host and another", async () => {
    const interval = 150;
    other.route('/p/:n', (_req, res) => product(res));
    shop.route('/i/:n', (req, res) => interstitial(res, `<meta http-equiv="refresh" content="0; url=/p/${req.url!.split('/').pop()}">`));
    shop.route('/x/:n', (req, res) => interstitial(res, '', { refresh: `0; url=${other.url(`/p/${req.url!.split('/').pop()}`)}` }));
    const spider = new PriceTextSpider({ urls: [...[0, 1, 2].map((n) => shop.url(`/i/${n}`)), ...[0, 1, 2].map((n) => shop.url(`/x/${n}`)), ...[3, 4, 5].map((n) => other.url(`/p/${n}`))].join(',') });
    const result = await crawlInProcess(spider, storage.dir, { ...QUIET, politeness: { minIntervalMs: interval, jitterMs: 0, maxConcurrencyPerHost: 1 } });
    for (const server of [shop, other]) {
      for (const gap of longestPossibleGapsMs(server.requests)) expect(gap).toBeGreaterThanOrEqual(interval);
    }
    expect(shop.requests).toHaveLength(9);
    expect(other.requests).toHaveLength(6);
    expect(result.items.every((item) => item.price === '19.99')).toBe(true);
    expect(result.summary.ledger).toMatchObject({ planned: 9, succeeded: 9, failed: 0, pending: 0 });
  }, 30_000);
});
