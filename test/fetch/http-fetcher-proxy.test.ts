// HttpFetcher through a real forward proxy: the session's proxy and cookie jar, per redirect hop; credentials never in errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchWait } from '../../src/core/errors';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { HostSessionPools } from '../../src/sessions/host-session-pools';
import { proxyEndpoints } from '../../src/sessions/proxy-endpoints';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
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

  it('a proxy that is down fails as fetch/connection-refused, again without credentials', async () => {
    const closed = await startRecordingProxy('gone', { username: 'crawler', password: PASSWORD });
    await closed.close();
    const request = req(server.url('/account'));
    request.session = await pools([closed.url]).acquire(server.hostKey);
    const error = await fetchError(fetcher.fetch(request));
    expect(error.code).toBe('FETCH_CONNECTION_REFUSED');
    expect(`${error.message} ${String(error.cause ?? '')}`).not.toContain(PASSWORD);
  });
});
