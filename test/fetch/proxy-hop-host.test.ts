// Through a forward proxy, each redirect hop names its own host: the Host header a hop sends is the host of the URL it asks for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { HostSessionPools } from '../../src/sessions/host-session-pools';
import { proxyEndpoints } from '../../src/sessions/proxy-endpoints';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { httpSettings, req } from './fetch-test-helpers';

let server: FixtureServer;
let fetcher: HttpFetcher;

beforeAll(async () => {
  // One loopback server is the forward proxy and every host behind it: it sees the request line and the Host header as sent.
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/go', (_req, res) => void res.writeHead(301, { location: 'http://www.shop.test/p' }).end());
  server.route('/p', (req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(`served for ${req.headers.host}`));
  fetcher = new HttpFetcher(httpSettings({ timeoutMs: 2_000, connectTimeoutMs: 1_000 }));
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('HttpFetcher through a forward proxy', () => {
  it('sends a redirect hop to another host with that host in its Host header, not the first hop\'s', async () => {
    const config = settingsSchema.parse({ sessions: { proxyUrls: [server.origin] } }).sessions;
    const request = req('http://shop.test/go');
    request.session = await new HostSessionPools({ config, proxies: proxyEndpoints([server.origin]), store: null }).acquire('shop.test');
    const response = await fetcher.fetch(request);
    // Before: the hop to www. went out as `GET http://www.shop.test/p` with `Host: shop.test` (undici's proxy agent
    // wrote it into the first hop's headers, which the next hop copies); a server behind a tunnel serves that name.
    expect(server.requests.map((r) => r.headers.host)).toEqual(['shop.test', 'www.shop.test']);
    expect(response.text).toBe('served for www.shop.test');
  });
});
