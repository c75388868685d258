// On a Redis frontier a redirect hop books its host's slot in the shared gate: the host's interval and cap hold across hops, as on the embedded frontier.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { heldAnswers } from '../support/held-answers';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const INTERVAL_MS = 100;
/** Held answers: long enough that two requests at once would overlap at the server. */
const HOLD_MS = 60;

function page(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end('<p>ok</p>');
}

/** Gaps between consecutive arrivals at a server, each as long as it could have been (a stamp its loop made late counts). */
const gaps = (server: FixtureServer) => longestPossibleGapsMs(server.requests);

describe('redirect hops on a Redis frontier', () => {
  const storage = tempStorageDir('redirect-hops-redis');
  let redis: RedisTestServer;
  let servers: FixtureServer[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await closeFixtureServers(servers);
    await redis.stop();
    storage.cleanup();
  });
  const settings = () => ({
    frontier: { url: redis.url },
    politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0, maxConcurrencyPerHost: 1 },
    robots: { obey: false },
    log: { statsIntervalMs: 0 },
  });

  it("spaces hops on the request's own host by its interval (before: the hop followed 1-4 ms after its request)", async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [shop] = servers;
    // A trailing slash, then a cookie check, then the page: three requests to one host per URL.
    shop.route('/s/:n', (req, res) => void res.writeHead(301, { location: `${req.url!}/` }).end());
    shop.route('/s/:n/', (req, res) => void res.writeHead(302, { location: req.url!.replace('/s/', '/t/') }).end());
    shop.route('/t/:n/', (_req, res) => page(res));
    const result = await crawlInProcess(new UrlListSpider([0, 1, 2].map((n) => shop.url(`/s/${n}`))), storage.dir, settings());
    expect(shop.requests).toHaveLength(9);
    expect(Math.min(...gaps(shop))).toBeGreaterThanOrEqual(INTERVAL_MS);
    expect(result.summary.ledger).toMatchObject({ planned: 3, succeeded: 3, failed: 0, pending: 0 });
  }, 30_000);

  it('spaces a refresh redirect (meta and header) like a 3xx hop, on its own host and on another', async () => {
    await closeFixtureServers(servers);
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [shop, target] = servers;
    const wait = (res: ServerResponse, headers: Record<string, string>, head = '') => void res.writeHead(200, { 'content-type': 'text/html', ...headers }).end(`${head}<p>please wait</p>`);
    shop.route('/i/:n', (req, res) => wait(res, {}, `<meta http-equiv="refresh" content="0; url=/p/${req.url!.split('/').pop()}">`));
    shop.route('/x/:n', (req, res) => wait(res, { refresh: `0; url=${target.url(`/p/${req.url!.split('/').pop()}`)}` }));
    shop.route('/p/:n', (_req, res) => page(res));
    target.route('/p/:n', (_req, res) => page(res));
    const urls = [0, 1, 2].flatMap((n) => [shop.url(`/i/${n}`), shop.url(`/x/${n}`), target.url(`/p/${n + 3}`)]);
    const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, settings());
    expect(shop.requests).toHaveLength(9);
    expect(target.requests).toHaveLength(6);
    for (const server of servers) expect(Math.min(...gaps(server))).toBeGreaterThanOrEqual(INTERVAL_MS);
    expect(result.summary.ledger).toMatchObject({ planned: 9, succeeded: 9, failed: 0, pending: 0 });
  }, 30_000);

  it("sends a hop to another host in that host's slot: its interval and cap hold beside its own requests", async () => {
    await closeFixtureServers(servers);
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [start, target] = servers;
    start.route('/r/:n', (req, res) => void res.writeHead(302, { location: target.url(`/p/${req.url!.split('/').pop()}`) }).end());
    const held = heldAnswers(HOLD_MS);
    target.route('/p/:n', held.handler);
    target.route('/q/:n', held.handler);
    const urls = [0, 1, 2, 3, 4, 5].flatMap((n) => [start.url(`/r/${n}`), target.url(`/q/${n}`)]);
    const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, settings());
    expect(target.requests).toHaveLength(12);
    expect(Math.min(...gaps(target))).toBeGreaterThanOrEqual(INTERVAL_MS);
    expect(held.mostInFlight()).toBe(1);
    expect(result.summary.ledger).toMatchObject({ planned: 12, succeeded: 12, failed: 0, pending: 0 });
  }, 30_000);
});
