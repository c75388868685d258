// A file's Crawl-delay spaces the host of the origin it came from, and the longest of the origins that share a host key holds.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { loopbackLookup } from '../support/loopback-lookup';
import { robotsWorker, type RobotsWorker } from './robots-worker';

const INTERVAL_MS = 10;

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(body);
}

describe('Crawl-delay in the host gate', () => {
  let servers: FixtureServer[];
  let worker: RobotsWorker;

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [start, target] = servers;
    start.route('/robots.txt', (_req, res) => text(res, 200, 'User-agent: *\nAllow: /\n'));
    start.route('/r/:n', (req, res) => {
      res.writeHead(302, { location: target.url(`/p/${req.url!.split('/').pop()}`) });
      res.end();
    });
    // Under hostKey: domain, www. and img. of one shop share a key; the loopback names reach server `target`.
    target.route('/robots.txt', (req, res) => text(res, 200, req.headers.host!.startsWith('www.') ? 'User-agent: *\nCrawl-delay: 3\n' : req.headers.host!.startsWith('img.') ? 'User-agent: *\nAllow: /\n' : 'User-agent: *\nCrawl-delay: 2\n'));
    for (const server of servers) server.route('/p/:n', (_req, res) => text(res, 200, 'page'));
    worker = robotsWorker(new MemoryRobotsCache(), { politeness: { hostKey: 'domain', minIntervalMs: INTERVAL_MS, jitterMs: 0 } }, loopbackLookup(['www.shop.test', 'img.shop.test']));
  });
  afterAll(async () => {
    await worker.close();
    await closeFixtureServers(servers);
  });

  it("spaces the redirect target by its own file's Crawl-delay, not the host the redirect came from", async () => {
    const [start, target] = servers;
    const now = Date.now();
    // The start host's file is known first; the target's is looked up at the hop.
    expect(await worker.decide(start.url('/p/0'), now)).toEqual({ type: 'continue' });
    const followed = await worker.download(start.url('/r/1'), now);
    expect(followed.type === 'response' && followed.response.url).toBe(target.url('/p/1'));
    expect(worker.gateView(target.url('/'), now)).toMatchObject({ intervalMs: 2000, intervalCause: 'crawl-delay' });
    expect(worker.gateView(start.url('/'), now)).toMatchObject({ intervalMs: INTERVAL_MS, intervalCause: 'configured' });
  });

  it('keeps the longest Crawl-delay of the origins under one host key, whichever file was read last', async () => {
    const port = servers[1].port;
    const now = Date.now();
    expect(await worker.decide(`http://www.shop.test:${port}/p/1`, now)).toEqual({ type: 'continue' });
    expect(worker.gateView(`http://www.shop.test:${port}/`, now)).toMatchObject({ intervalMs: 3000, intervalCause: 'crawl-delay' });
    // img.'s file has no Crawl-delay: reading it must not lift www.'s from the shared key.
    expect(await worker.decide(`http://img.shop.test:${port}/p/1`, now)).toEqual({ type: 'continue' });
    expect(worker.gateView(`http://img.shop.test:${port}/`, now)).toMatchObject({ intervalMs: 3000, intervalCause: 'crawl-delay' });
  });
});
