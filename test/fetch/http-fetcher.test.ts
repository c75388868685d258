// HttpFetcher against a real loopback server: responses, headers, keep-alive reuse, charsets, host names.
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpFetcher } from '../../src/fetch/http-fetcher';
import { FixtureServer, closeFixtureServers, startFixtureServers } from '../support/fixture-server';
import { MALFORMED_PAGE } from '../support/fixture-routes';
import { loopbackLookup } from '../support/loopback-lookup';
import { SAMPLE_TEXT } from '../support/charset-samples';
import { fetchError, httpSettings, req } from './fetch-test-helpers';

let server: FixtureServer;
let fetcher: HttpFetcher;

beforeAll(async () => {
  server = await FixtureServer.start();
  server.route('/product/:sku', (_req, res, { params }) => {
    res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
    res.setHeader('x-multi', ['one', 'two']);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'X-Sku': params.sku! });
    res.end(`<p class="price">€ 12,99</p><p class="sku">${params.sku}</p>`);
  });
  fetcher = new HttpFetcher(httpSettings({ headers: { 'X-Team': 'pricing', Accept: 'text/html' }, userAgent: 'test-agent/1' }));
});

afterAll(async () => {
  await fetcher.close();
  await server.close();
});

afterEach(() => server.reset());

describe('responses', () => {
  it('returns status, final url, lower-cased headers, bytes, decoded text and timings', async () => {
    const before = Date.now();
    const request = req(server.url('/product/ABC-1'));
    const res = await fetcher.fetch(request);
    expect(res.request).toBe(request);
    expect(res.status).toBe(200);
    expect(res.url).toBe(server.url('/product/ABC-1'));
    expect(res.header('Content-Type')).toBe('text/html; charset=utf-8');
    expect(res.headers['x-sku']).toBe('ABC-1');
    expect(res.headers['x-multi']).toBe('one, two');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.body.equals(Buffer.from('<p class="price">€ 12,99</p><p class="sku">ABC-1</p>'))).toBe(true);
    expect(res.encoding).toBe('utf-8');
    expect(res.$('.price').text()).toBe('€ 12,99');
    expect(res.redirectChain).toEqual([]);
    expect(res.timings.startedAtMs).toBeGreaterThanOrEqual(before);
    expect(res.timings.finishedAtMs).toBeGreaterThanOrEqual(res.timings.startedAtMs);
    expect(res.timings.finishedAtMs).toBeLessThanOrEqual(Date.now());
  });

  it('hands error statuses back as responses (middlewares decide about them)', async () => {
    const res = await fetcher.fetch(req(server.url('/status/503?retry-after=120')));
    expect(res.status).toBe(503);
    expect(res.header('retry-after')).toBe('120');
    expect(res.text).toBe('status 503');
    expect((await fetcher.fetch(req(server.url('/no-such-route')))).status).toBe(404);
  });

  it('sends the user agent, settings headers and request headers (request wins, case-insensitively)', async () => {
    const res = await fetcher.fetch(req(server.url('/echo'), { headers: { accept: 'application/json', 'X-Req': '1' } }));
    const { headers } = res.json<{ headers: Record<string, string> }>();
    expect(headers['user-agent']).toBe('test-agent/1');
    expect(headers['x-team']).toBe('pricing');
    expect(headers['x-req']).toBe('1');
    expect(headers.accept).toBe('application/json');
    expect(headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('sends method and body', async () => {
    const res = await fetcher.fetch(req(server.url('/echo'), { method: 'POST', body: 'q=price', headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
    expect(res.json()).toMatchObject({ method: 'POST', body: 'q=price' });
  });

  it('HEAD of a gzip resource: headers, no body, no decompression error', async () => {
    const res = await fetcher.fetch(req(server.url('/gzip'), { method: 'HEAD' }));
    expect(res.status).toBe(200);
    expect(res.header('content-encoding')).toBe('gzip');
    expect(res.body.length).toBe(0);
  });

  it('decodes broken HTML without complaint', async () => {
    const res = await fetcher.fetch(req(server.url('/malformed')));
    expect(res.text).toBe(MALFORMED_PAGE);
    expect(res.$('div.price').first().text()).toContain('€ 12,');
  });
});

describe('charsets over the wire', () => {
  it.each([
    ['win1252', 'header', 'windows-1252', SAMPLE_TEXT.win1252],
    ['win1252', 'meta', 'windows-1252', SAMPLE_TEXT.win1252],
    ['sjis', 'header', 'shift_jis', SAMPLE_TEXT.sjis],
    ['sjis', 'http-equiv', 'shift_jis', SAMPLE_TEXT.sjis],
  ])('/charset/%s declared by %s → %s', async (sample, decl, encoding, text) => {
    const res = await fetcher.fetch(req(server.url(`/charset/${sample}?decl=${decl}`)));
    expect(res.encoding).toBe(encoding);
    expect(res.$('p.price').text()).toBe(text);
  });

  it('an unknown label decodes as utf-8 and is reported to the logger', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const logged = new HttpFetcher(httpSettings(), { logger });
    server.route('/bogus-charset', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=x-bogus' }).end('<p>12,99 €</p>'));
    try {
      const res = await logged.fetch(req(server.url('/bogus-charset')));
      expect(res.encoding).toBe('utf-8');
      expect(res.text).toBe('<p>12,99 €</p>');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 40, labels: ['x-bogus'], encoding: 'utf-8', url: server.url('/bogus-charset') });
    } finally {
      await logged.close();
    }
  });

  it('a lying utf-8 header wins over the meta tag', async () => {
    const res = await fetcher.fetch(req(server.url('/charset/win1252?decl=lying')));
    expect(res.encoding).toBe('utf-8');
    expect(res.$('p.price').text()).toContain('\ufffd');
  });
});

describe('keep-alive', () => {
  it('20 sequential requests to one server use one socket', async () => {
    for (let i = 0; i < 20; i++) expect((await fetcher.fetch(req(server.url(`/product/${i}`)))).status).toBe(200);
    expect(server.requests).toHaveLength(20);
    expect(server.socketCount).toBe(1);
  });

  it('after a HEAD (undici closes that socket) sequential requests settle on one new socket', async () => {
    const own = await FixtureServer.start();
    const fresh = new HttpFetcher(httpSettings());
    try {
      await fresh.fetch(req(own.url('/echo')));
      await fresh.fetch(req(own.url('/echo'), { method: 'HEAD' }));
      for (let i = 0; i < 10; i++) await fresh.fetch(req(own.url('/echo')));
      // Right after the close undici may open one extra connection; then every request shares one socket.
      // (With undici's Agent each of these requests opened a new connection.)
      expect(own.connectionsAccepted).toBeLessThanOrEqual(3);
      expect(new Set(own.requests.slice(-8).map((r) => r.socketId)).size).toBe(1);
    } finally {
      await fresh.close();
      await own.close();
    }
  });

  it('opens at most keepAliveConnectionsPerHost connections per origin, and reuses them', async () => {
    const own = await FixtureServer.start();
    const limited = new HttpFetcher(httpSettings({ keepAliveConnectionsPerHost: 2 }));
    try {
      const all = Array.from({ length: 6 }, () => limited.fetch(req(own.url('/slow?ms=30'))));
      const responses = await Promise.all(all);
      expect(responses.every((r) => r.status === 200)).toBe(true);
      expect(own.peakInFlight).toBe(2);
      expect(own.connectionsAccepted).toBe(2);
    } finally {
      await limited.close();
      await own.close();
    }
  });
});

describe('several hosts', () => {
  it('resolves test host names through the injected lookup, one pool per origin', async () => {
    const [a, b] = await startFixtureServers(2);
    const named = new HttpFetcher(httpSettings(), { lookup: loopbackLookup(['shop-a.test', 'shop-b.test']) });
    try {
      const ra = await named.fetch(req(`http://shop-a.test:${a!.port}/echo`));
      const rb = await named.fetch(req(`http://shop-b.test:${b!.port}/echo`));
      expect(ra.json<{ headers: Record<string, string> }>().headers.host).toBe(`shop-a.test:${a!.port}`);
      expect(rb.json<{ headers: Record<string, string> }>().headers.host).toBe(`shop-b.test:${b!.port}`);
      expect(a!.requests).toHaveLength(1);
      expect(b!.requests).toHaveLength(1);
      const error = await fetchError(named.fetch(req(`http://unknown.test:${a!.port}/`)));
      expect(error.code).toBe('FETCH_DNS');
    } finally {
      await named.close();
      await closeFixtureServers([a!, b!]);
    }
  });
});

describe('send hook', () => {
  it('fires once per request written to the socket, redirect hops included, before the server sees it', async () => {
    server.reset();
    const sentAt: number[] = [];
    const response = await fetcher.fetch(req(server.url('/redirect-chain/2')), { onSend: () => sentAt.push(performance.now()) });
    expect(response.status).toBe(200);
    expect(sentAt).toHaveLength(3);
    expect(server.requests).toHaveLength(3);
    server.requests.forEach((record, i) => expect(sentAt[i]).toBeLessThanOrEqual(record.arrivedAtPerfMs));
  });

  it('fires for a request undici\'s pool held back and sent later (its one connection still closing after a Connection: close answer)', async () => {
    server.route('/closing', (_req, res) => void res.writeHead(200, { connection: 'close', 'content-type': 'text/html' }).end('<p class="price">12.99</p>'));
    const oneSocket = new HttpFetcher(httpSettings({ keepAliveConnectionsPerHost: 1 }));
    try {
      const sentAt: number[] = [];
      for (let i = 0; i < 4; i++) await oneSocket.fetch(req(server.url('/closing')), { onSend: () => sentAt.push(performance.now()) });
      expect(sentAt).toHaveLength(4);
      server.requests.forEach((record, i) => expect(sentAt[i]).toBeLessThanOrEqual(record.arrivedAtPerfMs));
    } finally {
      await oneSocket.close();
    }
  });

  it('does not fire for a request that never reaches a socket', async () => {
    let fired = 0;
    await fetcher.fetch(req(server.url('/echo')), { signal: AbortSignal.abort(), onSend: () => fired++ }).catch(() => undefined);
    expect(fired).toBe(0);
  });
});
