// A site that keeps setting cookies cannot grow a session's jar without bound; an oversized cookie is ignored; the session cookie survives; a cookie for another site is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { HostSessionPools } from '../../src/sessions/host-session-pools';
import { MAX_COOKIE_PAIR_BYTES, MAX_COOKIES_PER_SESSION } from '../../src/sessions/cookie-limits';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { httpSettings, req } from '../fetch/fetch-test-helpers';
import { loopbackLookup } from '../support/loopback-lookup';

const NEW_PER_PAGE = 40;
let server: FixtureServer;
let fetcher: HttpFetcher;

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  // Like a shop that remembers each product viewed in a cookie of its own, next to its session cookie.
  server.route('/p/:n', (req, res, ctx) => {
    const setCookie = Array.from({ length: NEW_PER_PAGE }, (_, i) => `viewed_${ctx.params.n}_${i}=1; Path=/`);
    if (!/\bsid=/.test(req.headers.cookie ?? '')) setCookie.unshift('sid=visitor-1; Path=/');
    res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': setCookie });
    res.end('<title>product</title>');
  });
  server.route('/huge', (_req, res) => {
    res.writeHead(200, { 'set-cookie': [`huge=${'x'.repeat(MAX_COOKIE_PAIR_BYTES)}; Path=/`, `fits=${'y'.repeat(MAX_COOKIE_PAIR_BYTES - 4)}; Path=/`] });
    res.end('ok');
  });
  // A shop (or a block page on it) setting cookies for another site, for its whole public suffix and for a sibling host, then sending the page on to that other site.
  server.route('/foreign', (req, res) => {
    const port = new URL(server.url('/')).port;
    res.writeHead(302, {
      location: `http://shop-b.test:${port}/land`,
      'set-cookie': ['own=1; Path=/', 'parent=1; Domain=shop-a.test; Path=/', 'other=1; Domain=shop-b.test; Path=/', 'suffix=1; Domain=test; Path=/', 'sibling=1; Domain=api.shop-a.test; Path=/'],
    });
    res.end();
  });
  server.route('/land', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<title>landed</title>'));
  fetcher = new HttpFetcher(httpSettings(), { lookup: loopbackLookup(['www.shop-a.test', 'api.shop-a.test', 'shop-b.test']) });
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

function pools(): HostSessionPools {
  const config = settingsSchema.parse({ sessions: { maxPoolSizePerHost: 1, maxUsesPerSession: 1000 } }).sessions;
  return new HostSessionPools({ config, proxies: [], store: null });
}

describe('cookie jar limits', () => {
  it('keeps at most MAX_COOKIES_PER_SESSION cookies, and the session cookie is sent on every request after the first', async () => {
    const session = await pools().acquire(server.hostKey);
    const pages = 20; // 800 cookies offered
    for (let n = 0; n < pages; n++) {
      const request = req(server.url(`/p/${n}`));
      request.session = session;
      await fetcher.fetch(request);
    }
    const sent = server.requests.filter((r) => r.path.startsWith('/p/')).map((r) => r.headers.cookie ?? '');
    expect(sent.slice(1).every((cookie) => cookie.split('; ').includes('sid=visitor-1'))).toBe(true);
    expect(Math.max(...sent.map((cookie) => cookie.split('; ').length))).toBeLessThanOrEqual(MAX_COOKIES_PER_SESSION);
    expect(session.cookieHeader(server.url('/')).split('; ')).toHaveLength(MAX_COOKIES_PER_SESSION);
    expect((session.state().cookieJar as { cookies: unknown[] }).cookies).toHaveLength(MAX_COOKIES_PER_SESSION);
  });

  it('ignores a cookie whose name and value pass 4096 bytes (RFC 6265bis), keeps one that fits', async () => {
    const session = await pools().acquire(`${server.hostKey}-huge`);
    const request = req(server.url('/huge'));
    request.session = session;
    await fetcher.fetch(request);
    const names = session.cookieHeader(server.url('/')).split('; ').map((pair) => pair.split('=')[0]);
    expect(names).toEqual(['fits']);
  });

  it('refuses a Set-Cookie whose Domain is another site, a public suffix or another host of the site: none reaches the other site, on the redirect there or later', async () => {
    const session = await pools().acquire('www.shop-a.test');
    const port = new URL(server.url('/')).port;
    const request = req(`http://www.shop-a.test:${port}/foreign`);
    request.session = session;
    await fetcher.fetch(request);
    const landed = server.requests.filter((r) => r.path === '/land');
    expect(landed.map((r) => r.headers.cookie ?? '')).toEqual(['']);
    expect(session.cookieHeader(`http://www.shop-a.test:${port}/`).split('; ').sort()).toEqual(['own=1', 'parent=1']);
    expect(session.cookieHeader(`http://shop-b.test:${port}/`)).toBe('');
    expect(session.cookieHeader(`http://api.shop-a.test:${port}/`)).toBe('parent=1');
  });
});
