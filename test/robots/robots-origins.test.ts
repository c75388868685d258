// robots.txt is per origin (RFC 9309 §2.3): another port or subdomain under one politeness key is never judged by the wrong file.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { closeFixtureServers, FixtureServer, startFixtureServers } from '../support/fixture-server';
import { loopbackLookup } from '../support/loopback-lookup';
import { robotsWorker, type RobotsWorker } from './robots-worker';

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(body);
}

describe('robots.txt per origin under hostKey: domain', () => {
  let servers: FixtureServer[];
  let worker: RobotsWorker;
  let www: (path: string) => string;
  let img: (path: string) => string;
  let wwwOnImgPort: (path: string) => string;

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [a, b] = servers;
    a.route('/robots.txt', (_req, res) => text(res, 200, 'User-agent: *\nDisallow: /shared/\n'));
    b.route('/robots.txt', (_req, res) => text(res, 200, 'User-agent: *\nDisallow: /only-b/\n'));
    // Redirects from www to another name of server b: the target is judged by its origin's file before it is followed.
    a.route('/go/:host/:dir', (req, res) => {
      const [, , host, dir] = req.url!.split('/');
      res.writeHead(302, { location: `http://${host}:${b.port}/${dir}/1` });
      res.end();
    });
    for (const server of servers) server.route('/:dir/:n', (_req, res) => text(res, 200, 'page'));
    www = (path) => `http://www.shop.test:${a.port}${path}`;
    img = (path) => `http://img.shop.test:${b.port}${path}`;
    wwwOnImgPort = (path) => `http://www.shop.test:${b.port}${path}`;
    worker = robotsWorker(new MemoryRobotsCache(), { politeness: { hostKey: 'domain', minIntervalMs: 0, jitterMs: 0 } }, loopbackLookup(['www.shop.test', 'img.shop.test', 'cdn.shop.test']));
  });
  afterAll(async () => {
    await worker.close();
    await closeFixtureServers(servers);
  });

  it('judges each subdomain by its own file, though both share one politeness key', async () => {
    const now = Date.now();
    expect(await worker.decide(www('/shared/1'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(await worker.decide(img('/shared/1'), now)).toEqual({ type: 'continue' });
    expect(await worker.decide(img('/only-b/1'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(await worker.decide(www('/only-b/1'), now)).toEqual({ type: 'continue' });
  });

  it('judges another port of the same host name by that port\'s file', async () => {
    const now = Date.now();
    expect(await worker.decide(wwwOnImgPort('/shared/2'), now)).toEqual({ type: 'continue' });
    expect(await worker.decide(wwwOnImgPort('/only-b/2'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
  });

  it('judges a redirect target by its own origin\'s file before following it', async () => {
    const [a, b] = servers;
    const now = Date.now();
    // cdn.shop.test's file is not known yet: the fetch stops at the hop, the request waits for the file.
    const disallowed = await worker.download(www('/go/cdn.shop.test/only-b'), now);
    expect(disallowed).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(b.requestsTo('/robots.txt').map((r) => r.headers.host)).toContain(`cdn.shop.test:${b.port}`);
    // img.shop.test's file is known: judged at once.
    expect(await worker.download(www('/go/img.shop.test/only-b'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    expect(b.requestsTo('/only-b/1')).toHaveLength(0);
    const followed = await worker.download(www('/go/img.shop.test/shared'), now);
    expect(followed.type === 'response' && followed.response.url).toBe(img('/shared/1'));
  });

  it('fetches each origin\'s robots.txt once', () => {
    const [a, b] = servers;
    expect(a.requestsTo('/robots.txt').map((r) => r.headers.host)).toEqual([`www.shop.test:${a.port}`]);
    expect(b.requestsTo('/robots.txt').map((r) => r.headers.host).sort()).toEqual([`cdn.shop.test:${b.port}`, `img.shop.test:${b.port}`, `www.shop.test:${b.port}`]);
    expect(worker.stats.get('robots/fetched')).toBe(4);
    expect(servers[0].requestsTo('/robots.txt')).toHaveLength(1);
  });

  it('never judges an https page by the http file of the same host and port', async () => {
    const now = Date.now();
    expect(await worker.decide(www('/shared/3'), now)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    // The https origin's own file is fetched (here it cannot be had: no TLS on the port), so its pages wait for it.
    for (const path of ['/shared/3', '/other/3']) {
      expect(await worker.decide(www(path).replace('http:', 'https:'), now)).toMatchObject({ type: 'defer', reason: 'robots/unreachable' });
    }
  });
});

describe('robots.txt of an IDN host', () => {
  it('is fetched once from the punycode name and judges the Unicode, upper-case and punycode spellings alike', async () => {
    const server = await FixtureServer.start({ builtInRoutes: false });
    server.route('/robots.txt', (_req, res) => text(res, 200, 'User-agent: *\nDisallow: /privé/\n'));
    const worker = robotsWorker(new MemoryRobotsCache(), {}, loopbackLookup(['xn--bcher-kva.test']));
    try {
      const now = Date.now();
      for (const url of [`http://bücher.test:${server.port}/privé/1`, `http://BÜCHER.test:${server.port}/priv%C3%A9/2`, `http://xn--bcher-kva.test:${server.port}/priv%c3%a9/3`]) {
        expect(await worker.decide(url, now), url).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
      }
      expect(await worker.decide(`http://bücher.test:${server.port}/prive/1`, now)).toEqual({ type: 'continue' });
      expect(server.requestsTo('/robots.txt').map((r) => r.headers.host)).toEqual([`xn--bcher-kva.test:${server.port}`]);
    } finally {
      await worker.close();
      await server.close();
    }
  });
});
