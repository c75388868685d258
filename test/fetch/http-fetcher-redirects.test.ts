// Redirects: chain, per-hop checkRedirect (offsite rejection), limits, loops, bad Locations, method rules.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '../../src/core/errors';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { FixtureServer, closeFixtureServers, startFixtureServers } from '../support/fixture-server';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

let shop: FixtureServer;
let other: FixtureServer;
let fetcher: HttpFetcher;

interface Echo {
  method: string;
  url: string;
  body: string;
  headers: Record<string, string>;
}

beforeAll(async () => {
  [shop, other] = (await startFixtureServers(2)) as [FixtureServer, FixtureServer];
  // Location twice: two targets, or one target repeated.
  shop.route('/two-locations/:kind', (req, res) => {
    const target = '/redirect-chain/0';
    res.setHeader('location', req.url!.endsWith('/differ') ? [target, '/redirect-chain/1'] : [target, target]);
    res.writeHead(302).end();
  });
  fetcher = new HttpFetcher(httpSettings({ maxRedirects: 3 }));
});

afterAll(async () => {
  await fetcher.close();
  await closeFixtureServers([shop, other]);
});

afterEach(() => {
  shop.reset();
  other.reset();
});

const redirectTo = (server: FixtureServer, target: string, status = 302): string =>
  server.url(`/redirect-to?status=${status}&url=${encodeURIComponent(target)}`);

describe('following', () => {
  it('follows a chain, lists prior URLs in order and asks checkRedirect before every hop', async () => {
    const hops: Array<[string, string]> = [];
    const res = await fetcher.fetch(req(shop.url('/redirect-chain/3')), { checkRedirect: (from, to) => void hops.push([from, to]) });
    expect(res.status).toBe(200);
    expect(res.url).toBe(shop.url('/redirect-chain/0'));
    expect(res.redirectChain).toEqual([shop.url('/redirect-chain/3'), shop.url('/redirect-chain/2'), shop.url('/redirect-chain/1')]);
    expect(hops).toEqual([
      [shop.url('/redirect-chain/3'), shop.url('/redirect-chain/2')],
      [shop.url('/redirect-chain/2'), shop.url('/redirect-chain/1')],
      [shop.url('/redirect-chain/1'), shop.url('/redirect-chain/0')],
    ]);
    expect(shop.requests.map((r) => r.path)).toEqual(['/redirect-chain/3', '/redirect-chain/2', '/redirect-chain/1', '/redirect-chain/0']);
    expect(shop.socketCount).toBe(1);
  });

  it('an offsite hop rejected by checkRedirect stops the chain before the other host is contacted', async () => {
    const checkRedirect = (_from: string, to: string): void => {
      if (new URL(to).host !== shop.hostKey) throw new FetchError('OFFSITE_REDIRECT', `offsite redirect to ${to}`);
    };
    const error = await fetchError(fetcher.fetch(req(redirectTo(shop, other.url('/echo'))), { checkRedirect }));
    expect(error.code).toBe('OFFSITE_REDIRECT');
    expect(other.requests).toHaveLength(0);
    // The same hop is followed when allowed.
    const res = await fetcher.fetch(req(redirectTo(shop, other.url('/echo'))));
    expect(res.url).toBe(other.url('/echo'));
    expect(other.requests).toHaveLength(1);
  });

  it('a non-FetchError thrown by checkRedirect becomes FETCH_FAILED with its message', async () => {
    const error = await fetchError(
      fetcher.fetch(req(shop.url('/redirect-chain/1')), {
        checkRedirect: () => {
          throw new Error('policy says no');
        },
      }),
    );
    expect(error.code).toBe('FETCH_FAILED');
    expect(error.message).toContain('policy says no');
  });

  it('resolves relative Locations against the current URL', async () => {
    const res = await fetcher.fetch(req(redirectTo(shop, '../echo?from=relative')));
    expect(res.url).toBe(shop.url('/echo?from=relative'));
  });
});

describe('a redirect whose body does not come', () => {
  it.each([
    ['a Content-Length with no bytes behind it', 'length', 'content-length: 100\r\n\r\n'],
    ['a chunked body that never ends', 'chunked', 'transfer-encoding: chunked\r\n\r\n5\r\nmoved\r\n'],
  ])('%s: followed on its head, not awaited until the deadline', async (_name, path, rest) => {
    shop.route(`/redirect-body-never-ends/${path}`, (_req, res) => void res.socket!.write(`HTTP/1.1 302 Found\r\nlocation: /redirect-chain/0\r\n${rest}`));
    const deadlined = new HttpFetcher(httpSettings({ timeoutMs: 2_000 }));
    try {
      const res = await deadlined.fetch(req(shop.url(`/redirect-body-never-ends/${path}`)));
      expect(res.url).toBe(shop.url('/redirect-chain/0'));
    } finally {
      await deadlined.close();
    }
  });
});

describe('limits', () => {
  it('maxRedirects hops are followed; one more fails with FETCH_TOO_MANY_REDIRECTS', async () => {
    expect((await fetcher.fetch(req(shop.url('/redirect-chain/3')))).status).toBe(200);
    shop.reset();
    const error = await fetchError(fetcher.fetch(req(shop.url('/redirect-chain/4'))));
    expect(error.code).toBe('FETCH_TOO_MANY_REDIRECTS');
    expect(shop.requests).toHaveLength(4);
  });

  it('maxRedirects 0 refuses the first redirect', async () => {
    const strict = new HttpFetcher(httpSettings({ maxRedirects: 0 }));
    try {
      const error = await fetchError(strict.fetch(req(shop.url('/redirect-chain/1'))));
      expect(error.code).toBe('FETCH_TOO_MANY_REDIRECTS');
    } finally {
      await strict.close();
    }
  });

  it('a URL seen twice is FETCH_REDIRECT_LOOP, found before the hop limit', async () => {
    const error = await fetchError(fetcher.fetch(req(shop.url('/redirect-loop'))));
    expect(error.code).toBe('FETCH_REDIRECT_LOOP');
    expect(shop.requests.map((r) => r.url)).toEqual(['/redirect-loop', '/redirect-loop?hop=2']);
  });
});

describe('bad Locations', () => {
  it.each([
    ['missing', onShop('/redirect-to')],
    ['a 301 without one', onShop('/status/301')],
    ['unparsable', onShop(`/redirect-to?url=${encodeURIComponent('http://[::1')}`)],
    ['not HTTP', onShop(`/redirect-to?url=${encodeURIComponent('ftp://files.example/price.csv')}`)],
    ['javascript:', onShop(`/redirect-to?url=${encodeURIComponent('javascript:alert(1)')}`)],
    ['two that differ', onShop('/two-locations/differ')],
  ])('%s → FETCH_BAD_REDIRECT', async (_name, url) => {
    const error = await fetchError(fetcher.fetch(req(url())));
    expect(error.code).toBe('FETCH_BAD_REDIRECT');
  });

  it('the same Location twice is one Location', async () => {
    const res = await fetcher.fetch(req(shop.url('/two-locations/same')));
    expect(res.url).toBe(shop.url('/redirect-chain/0'));
  });
});

describe('methods and headers across hops', () => {
  it.each([
    [303, 'GET', ''],
    [302, 'GET', ''],
    [301, 'GET', ''],
    [307, 'POST', 'sku=1'],
    [308, 'POST', 'sku=1'],
  ])('POST then %i → %s', async (status, method, body) => {
    const res = await fetcher.fetch(
      req(redirectTo(shop, '/echo', status), { method: 'POST', body: 'sku=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    );
    const echo = res.json<Echo>();
    expect(echo.method).toBe(method);
    expect(echo.body).toBe(body);
    expect(echo.headers['content-type'] === undefined).toBe(method === 'GET');
  });

  it('POST → 303 → GET of the same URL is not a loop', async () => {
    shop.route('/cart', (req, res) => {
      if (req.method === 'POST') res.writeHead(303, { location: '/cart' }).end();
      else res.writeHead(200).end('cart');
    });
    const res = await fetcher.fetch(req(shop.url('/cart'), { method: 'POST', body: 'add=1' }));
    expect(res.text).toBe('cart');
    expect(res.redirectChain).toEqual([shop.url('/cart')]);
  });

  it('keeps credentials on the same origin and drops them across origins', async () => {
    const headers = { authorization: 'Bearer secret', cookie: 'session=1', 'x-keep': 'yes' };
    const same = (await fetcher.fetch(req(redirectTo(shop, '/echo'), { headers }))).json<Echo>();
    expect(same.headers).toMatchObject(headers);
    const cross = (await fetcher.fetch(req(redirectTo(shop, other.url('/echo')), { headers }))).json<Echo>();
    expect(cross.headers.authorization).toBeUndefined();
    expect(cross.headers.cookie).toBeUndefined();
    expect(cross.headers['x-keep']).toBe('yes');
  });
});

function onShop(path: string): () => string {
  return () => shop.url(path);
}
