// HttpFetcher through a real forward proxy: the session's proxy and cookie jar, per redirect hop; credentials never in errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchWait } from '../../src/core/errors';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { HostSessionPools } from '../../src/sessions/host-session-pools';
import { proxyEndpoints } from '../../src/sessions/proxy-endpoints';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { startFaultyProxy } from '../support/faulty-proxy';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

const PASSWORD = 'pa55-w0rd-secret';
let server: FixtureServer;
let proxy: RecordingProxy;
let fetcher: HttpFetcher;

function pools(proxyUrls: string[]): HostSessionPools {
  const config = settingsSchema.parse({ sessions: { proxyUrls, maxPoolSizePerHost: 1 } }).sessions;
  return new HostSessionPools({ config, proxies: proxyEndpoints(proxyUrls), store: null });
}

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  // A login-style redirect that sets the cookie on the 302 itself.
  server.route('/login', (_req, res) => {
    res.writeHead(302, { location: '/account', 'set-cookie': 'sid=abc123; Path=/; HttpOnly' });
    res.end();
  });
  server.route('/account', (req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`cookie=${req.headers.cookie ?? ''}`);
  });
  // The cookie check of many shops: set a cookie and send the visitor back to the same URL.
  server.route('/cookie-check', (req, res) => {
    if (req.headers.cookie?.includes('consent=1')) return void res.writeHead(200, { 'content-type': 'text/plain' }).end('the page');
    res.writeHead(302, { location: '/cookie-check', 'set-cookie': 'consent=1; Path=/' }).end();
  });
  server.route('/cookie-check-forever', (_req, res) => void res.writeHead(302, { location: '/cookie-check-forever', 'set-cookie': 'consent=1; Path=/' }).end());
  server.route('/many-cookies', (_req, res) => {
    res.writeHead(200, { 'set-cookie': Array.from({ length: 40 }, (_, i) => `c${i}=${'v'.repeat(1000)}; Path=/`) });
    res.end('ok');
  });
  proxy = await startRecordingProxy('p1', { username: 'crawler', password: PASSWORD });
  fetcher = new HttpFetcher(httpSettings({ timeoutMs: 2_000, connectTimeoutMs: 1_000 }));
});

afterAll(async () => {
  await fetcher.close();
  await proxy.close();
  await server.close();
});

describe('HttpFetcher with a session', () => {
  it('sends through the session proxy, keeps a Set-Cookie from a redirect hop and sends it on the next hop and request', async () => {
    const session = await pools([proxy.url]).acquire(server.hostKey);
    const login = req(server.url('/login'));
    login.session = session;
    const first = await fetcher.fetch(login);
    expect(first.text).toBe('cookie=sid=abc123');
    const again = req(server.url('/account'));
    again.session = session;
    expect((await fetcher.fetch(again)).text).toBe('cookie=sid=abc123');
    // The proxy carried all three hops as forward-proxy requests (absolute URLs), over one kept-alive connection.
    expect(proxy.requests.map((r) => r.url)).toEqual([server.url('/login'), server.url('/account'), server.url('/account')]);
    expect(proxy.requests.map((r) => r.cookie)).toEqual(['', 'sid=abc123', 'sid=abc123']);
    expect(new Set(proxy.requests.map((r) => r.connectionId)).size).toBe(1);
    expect(session.proxyId).toBe(`127.0.0.1:${proxy.port}`);
  });

  it('a redirect to the same URL that sets a cookie is a cookie check, not a loop; the same cookie again is a loop', async () => {
    const check = req(server.url('/cookie-check'));
    check.session = await pools([]).acquire(server.hostKey);
    expect((await fetcher.fetch(check)).text).toBe('the page');
    const forever = req(server.url('/cookie-check-forever'));
    forever.session = await pools([]).acquire(server.hostKey);
    expect((await fetchError(fetcher.fetch(forever))).code).toBe('FETCH_REDIRECT_LOOP');
    expect(server.requestsTo('/cookie-check-forever').map((r) => r.headers.cookie)).toEqual([undefined, 'consent=1']);
  });

  it("keeps a wait of the engine's own at a redirect hop a wait through a proxy, not a failure", async () => {
    const login = req(server.url('/login'));
    login.session = await pools([proxy.url]).acquire(server.hostKey);
    const beforeHop = () => Promise.reject(new FetchWait('REDIRECT_HOST_BUSY', 'no slot yet', 42));
    const error = await fetchError(fetcher.fetch(login, { beforeHop }));
    expect(error).toBeInstanceOf(FetchWait);
    expect((error as FetchWait).untilMs).toBe(42);
  });

  it('without a session goes direct and sends no cookie', async () => {
    const before = proxy.requests.length;
    expect((await fetcher.fetch(req(server.url('/account')))).text).toBe('cookie=');
    expect(proxy.requests).toHaveLength(before);
  });

  it('a proxy refusing the credentials fails the fetch without the password in the error', async () => {
    const wrong = proxy.url.replace(PASSWORD, `${PASSWORD}-old`);
    const request = req(server.url('/account'));
    request.session = await pools([wrong]).acquire(server.hostKey);
    const before = server.requests.length;
    const error = await fetchError(fetcher.fetch(request));
    expect(error.code).toBe('FETCH_PROXY_AUTH');
    expect(proxy.rejected).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(before);
    expect(`${error.message} ${JSON.stringify(error)} ${String(error.cause ?? '')}`).not.toContain(PASSWORD);
  });

  it('a proxy that is down fails as the proxy\'s failure, not the site\'s (FETCH_PROXY_UNREACHABLE), again without credentials', async () => {
    const closed = await startRecordingProxy('gone', { username: 'crawler', password: PASSWORD });
    await closed.close();
    const request = req(server.url('/account'));
    request.session = await pools([closed.url]).acquire(server.hostKey);
    const error = await fetchError(fetcher.fetch(request));
    expect(error.code).toBe('FETCH_PROXY_UNREACHABLE');
    expect(`${error.message} ${String(error.cause ?? '')}`).not.toContain(PASSWORD);
  });

  it('tells the session of each failure of the proxy itself: proxyMaxFailures in a row retire the proxy', async () => {
    const closed = await startFaultyProxy({ username: 'crawler', password: PASSWORD });
    await closed.close();
    const sessions = pools([closed.url]);
    for (let n = 0; n < 3; n++) {
      expect(sessions.hasUsableProxy()).toBe(true);
      const request = req(server.url(`/account?n=${n}`));
      request.session = await sessions.acquire(server.hostKey);
      expect((await fetchError(fetcher.fetch(request))).code).toBe('FETCH_PROXY_UNREACHABLE');
    }
    expect(sessions.hasUsableProxy()).toBe(false);
  });

  it('a CONNECT the proxy answers with 407 or 502 fails as FETCH_PROXY_AUTH or FETCH_PROXY_TUNNEL; the site is never reached', async () => {
    const faulty = await startFaultyProxy({ username: 'crawler', password: PASSWORD });
    try {
      const httpsTarget = `https://127.0.0.1:${server.port}/account`;
      const codes: string[] = [];
      for (const fault of ['auth', 'bad-gateway'] as const) {
        faulty.fault = fault;
        const request = req(httpsTarget);
        request.session = await pools([faulty.url]).acquire(server.hostKey);
        const error = await fetchError(fetcher.fetch(request));
        codes.push(error.code);
        expect(error.message).not.toContain(PASSWORD);
      }
      expect(codes).toEqual(['FETCH_PROXY_AUTH', 'FETCH_PROXY_TUNNEL']);
      expect(faulty.received.map((r) => r.target)).toEqual([`CONNECT 127.0.0.1:${server.port}`, `CONNECT 127.0.0.1:${server.port}`]);
    } finally {
      await faulty.close();
    }
  });

  it('a CONNECT the proxy closes without a word, or never answers, fails once as the tunnel not set up (before: sent again ~1,500 times a second, or held for minutes)', async () => {
    for (const fault of ['hang-up', 'silent'] as const) {
      const faulty = await startFaultyProxy({ username: 'crawler', password: PASSWORD });
      try {
        faulty.fault = fault;
        const request = req(`https://127.0.0.1:${server.port}/account`);
        request.session = await pools([faulty.url]).acquire(server.hostKey);
        const error = await fetchError(fetcher.fetch(request));
        expect(error.code).toBe('FETCH_PROXY_TUNNEL');
        expect(error.message).not.toContain(PASSWORD);
        expect(faulty.received.map((r) => r.target)).toEqual([`CONNECT 127.0.0.1:${server.port}`]);
      } finally {
        await faulty.close();
      }
    }
  });

  it("a fetch whose deadline passes while its CONNECT is unanswered ends at the deadline (undici does not abort a request waiting on a tunnel)", async () => {
    // A connect timeout longer than the whole fetch's: only the deadline can end it.
    const patient = new HttpFetcher(httpSettings({ timeoutMs: 300, connectTimeoutMs: 30_000 }));
    const faulty = await startFaultyProxy({ username: 'crawler', password: PASSWORD });
    try {
      faulty.fault = 'silent';
      const request = req(`https://127.0.0.1:${server.port}/account`);
      request.session = await pools([faulty.url]).acquire(server.hostKey);
      // Before: pending until the CONNECT's own timeout (30 s here; the test's time limit is the guard).
      expect((await fetchError(patient.fetch(request))).code).toBe('FETCH_TIMEOUT');
    } finally {
      await faulty.close();
      await patient.close();
    }
  }, 15_000);

  it('a proxy URL with an API key as user name and an empty password, or a token alone, sends it as Basic credentials (forward and CONNECT)', async () => {
    const faulty = await startFaultyProxy({ username: 'APIKEY-5521', password: '' });
    try {
      for (const proxyUrl of [faulty.url, faulty.url.replace(':@', '@')]) {
        const request = req(server.url('/account'));
        request.session = await pools([proxyUrl]).acquire(server.hostKey);
        expect((await fetcher.fetch(request)).status).toBe(200);
        // The tunnel is let through with the same credentials (TLS to this plain-http server then fails).
        const tunneled = req(`https://127.0.0.1:${server.port}/account`);
        tunneled.session = request.session;
        await fetcher.fetch(tunneled).catch(() => undefined);
      }
      expect(faulty.received.map((r) => [r.target.startsWith('CONNECT'), r.authorized])).toEqual([[false, true], [true, true], [false, true], [true, true]]);
    } finally {
      await faulty.close();
    }
  });

  it('a page whose headers pass node\'s 16 KiB (40 cookies of 1 KB) arrives, direct and through the proxy, with its cookies', async () => {
    const faulty = await startFaultyProxy({ username: 'crawler', password: PASSWORD });
    try {
      for (const proxyUrls of [[], [faulty.url]]) {
        const request = req(server.url('/many-cookies'));
        request.session = await pools(proxyUrls).acquire(server.hostKey);
        expect((await fetcher.fetch(request)).status).toBe(200);
        expect(request.session.cookieHeader(server.url('/')).split('; ')).toHaveLength(40);
      }
      expect(faulty.received.map((r) => r.target)).toEqual([server.url('/many-cookies')]);
    } finally {
      await faulty.close();
    }
  });

  it('a failure whose URL merely holds "407" is not taken for the proxy refusing our credentials', async () => {
    const faulty = await startFaultyProxy({ username: 'crawler', password: PASSWORD });
    try {
      faulty.fault = 'bad-gateway';
      const request = req(`https://127.0.0.1:${server.port}/p/407`);
      request.session = await pools([faulty.url]).acquire(server.hostKey);
      expect((await fetchError(fetcher.fetch(request))).code).toBe('FETCH_PROXY_TUNNEL');
    } finally {
      await faulty.close();
    }
  });
});
