// Browser contexts and sessions in real Chromium: shared while sessions carry nothing apart, separate once cookies or proxies differ.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import type { PooledSession } from '../../src/sessions/pooled-session';
import { HostSessionPools } from '../../src/sessions/host-session-pools';
import { proxyEndpoints } from '../../src/sessions/proxy-endpoints';
import { sessionContextKey } from '../../src/sessions/session-context-key';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { startFaultyProxy } from '../support/faulty-proxy';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';

let server: FixtureServer;
let proxies: RecordingProxy[];

/** A fresh session of its own pool: two calls give two sessions that share nothing. */
function newSession(proxyUrls: string[] = []): Promise<PooledSession> {
  const config = settingsSchema.parse({ sessions: { proxyUrls, maxPoolSizePerHost: 1 } }).sessions;
  return new HostSessionPools({ config, proxies: proxyEndpoints(proxyUrls), store: null }).acquire(server.hostKey);
}

function newFetcher(stats: Stats): BrowserFetcher {
  const settings = { ...settingsSchema.parse({}).browser, maxOpenPages: 2, timeoutMs: 15_000 };
  return new BrowserFetcher(settings, { stats, contextKeyOf: sessionContextKey((url) => new URL(url).host) });
}

async function visit(fetcher: BrowserFetcher, path: string, session: PooledSession): Promise<string> {
  const request = new CrawlRequest({ url: server.url(path) });
  request.session = session;
  return (await fetcher.fetch(request)).$('p').text();
}

beforeAll(async () => {
  server = await FixtureServer.start();
  server.route('/page/:n', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${params.n}</p>`));
  server.route('/cart', (_req, res, { url }) => void res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': `cart=${url.searchParams.get('v')}; Path=/` }).end('<p>cart</p>'));
  server.route('/set', (_req, res, { url }) => void res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': `s=${url.searchParams.get('v')}; Path=/` }).end('<p>set</p>'));
  for (const path of ['/echo', '/shop/echo']) server.route(path, (req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${req.headers.cookie ?? 'none'}</p>`));
  // p1 asks for credentials: Playwright answers the challenge beside our own request blocking.
  proxies = await Promise.all([startRecordingProxy('p1', { username: 'user', password: 'pa55' }), startRecordingProxy('p2')]);
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await server.close();
});

describe('browser contexts per session', () => {
  it('lets sessions that carry no cookie and no proxy share one context', async () => {
    const stats = new Stats();
    const fetcher = newFetcher(stats);
    try {
      const sessions = await Promise.all([newSession(), newSession(), newSession()]);
      expect(new Set(sessions.map((s) => s.id)).size).toBe(3);
      const texts = await Promise.all(sessions.map((session, n) => visit(fetcher, `/page/${n}`, session)));
      expect(texts).toEqual(['0', '1', '2']);
      expect(stats.get('browser/contexts/opened')).toBe(1);
    } finally {
      await fetcher.close();
    }
  }, 30_000);

  it('moves a session that got a cookie to a context of its own; no other session ever sends that cookie', async () => {
    const stats = new Stats();
    const fetcher = newFetcher(stats);
    try {
      const [alpha, beta] = await Promise.all([newSession(), newSession()]);
      expect(await visit(fetcher, '/set?v=alpha', alpha)).toBe('set');
      expect(alpha.cookieHeader(server.url('/echo'))).toBe('s=alpha'); // the cookie is the session's now
      expect(stats.get('browser/contexts/retired')).toBe(1); // and the shared context that saw it is gone
      expect(await visit(fetcher, '/echo', beta)).toBe('none');
      // Its own context starts from its jar, on any path of the site (the first page there is deeper).
      expect(await visit(fetcher, '/shop/echo', alpha)).toBe('s=alpha');
      expect(await visit(fetcher, '/echo', alpha)).toBe('s=alpha');
      expect(await visit(fetcher, '/echo', beta)).toBe('none');
      expect(server.requestsTo('/echo').filter((r) => r.headers.cookie === 's=alpha')).toHaveLength(1);
    } finally {
      await fetcher.close();
    }
  }, 30_000);

  it('gives what the site sets in a session\'s own context to its jar, so the cookie outlives the context', async () => {
    const stats = new Stats();
    const settings = { ...settingsSchema.parse({}).browser, maxOpenPages: 1, maxContexts: 1, timeoutMs: 15_000 };
    const fetcher = new BrowserFetcher(settings, { stats, contextKeyOf: sessionContextKey((url) => new URL(url).host) });
    try {
      const [alpha, beta] = await Promise.all([newSession(), newSession()]);
      await visit(fetcher, '/set?v=first', alpha); // alpha now has a context of its own
      expect(await visit(fetcher, '/cart?v=7', alpha)).toBe('cart');
      expect(alpha.cookieHeader(server.url('/echo'))).toBe('s=first; cart=7');
      // beta's page takes the only context slot: alpha's context (and the cookies in it) is closed.
      expect(await visit(fetcher, '/echo', beta)).toBe('none');
      expect(await visit(fetcher, '/echo', alpha)).toBe('s=first; cart=7');
    } finally {
      await fetcher.close();
    }
  }, 30_000);

  it('keeps sessions on different proxies in different contexts, each page through its own proxy (credentials too)', async () => {
    const stats = new Stats();
    const fetcher = newFetcher(stats);
    try {
      const [one, two] = await Promise.all([newSession([proxies[0].url]), newSession([proxies[1].url])]);
      expect(await visit(fetcher, '/page/one', one)).toBe('one');
      expect(await visit(fetcher, '/page/two', two)).toBe('two');
      expect(stats.get('browser/contexts/opened')).toBe(2);
      expect(proxies[0].requests.map((r) => r.url)).toContain(server.url('/page/one'));
      expect(proxies[0].requests.map((r) => r.url)).not.toContain(server.url('/page/two'));
      expect(proxies[1].requests.map((r) => r.url)).toContain(server.url('/page/two'));
    } finally {
      await fetcher.close();
    }
  }, 30_000);

  it('a proxy that is down or refuses our credentials fails the page as the proxy\'s failure (not a 407 page of the site), and its health is told', async () => {
    const fetcher = newFetcher(new Stats());
    const down = await startFaultyProxy({ username: 'user', password: 'pa55' });
    await down.close();
    const refusing = await startFaultyProxy({ username: 'user', password: 'pa55' });
    refusing.fault = 'auth';
    try {
      for (const [proxy, code] of [[down, 'FETCH_PROXY_UNREACHABLE'], [refusing, 'FETCH_PROXY_AUTH']] as const) {
        const config = settingsSchema.parse({ sessions: { proxyUrls: [proxy.url], proxyMaxFailures: 1 } }).sessions;
        const pools = new HostSessionPools({ config, proxies: proxyEndpoints([proxy.url]), store: null });
        const request = new CrawlRequest({ url: server.url('/page/x') });
        request.session = await pools.acquire(server.hostKey);
        const failure = await fetcher.fetch(request).then(() => null, (error: unknown) => error as FetchError);
        expect(failure?.code).toBe(code);
        expect(pools.hasUsableProxy()).toBe(false);
      }
    } finally {
      await fetcher.close();
      await refusing.close();
    }
  }, 30_000);
});
