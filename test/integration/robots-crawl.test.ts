// robots.txt in whole crawls: fetched once per host, disallowed paths never requested, Crawl-delay held at the server.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const CRAWL_DELAY_MS = 100;
const INTERVAL_MS = 10;
const ROBOTS = `User-agent: otherbot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\nCrawl-delay: ${CRAWL_DELAY_MS / 1000}\n`;

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(body);
}

describe('a crawl that obeys robots.txt', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('robots');

  beforeAll(async () => {
    servers = await startFixtureServers(3, { builtInRoutes: false });
    const [ruled, none, broken] = servers;
    ruled.route('/robots.txt', (_req, res) => text(res, 200, ROBOTS));
    none.route('/robots.txt', (_req, res) => text(res, 404, 'no'));
    broken.route('/robots.txt', (_req, res) => text(res, 503, 'down'));
    for (const server of servers) {
      server.route('/p/:n', (_req, res) => text(res, 200, 'page'));
      server.route('/private/:n', (_req, res) => text(res, 200, 'secret'));
    }
    const urls = servers.flatMap((server) => [0, 1, 2, 3].map((n) => server.url(`/p/${n}`)).concat([server.url('/private/0'), server.url('/private/1')]));
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0 },
      robots: { maxFetchAttempts: 2, refetchAfterMs: 20 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 20_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('fetches robots.txt once per host, before any page', () => {
    for (const server of servers.slice(0, 2)) {
      expect(server.requestsTo('/robots.txt')).toHaveLength(1);
      expect(server.requests[0].path).toBe('/robots.txt');
    }
  });

  it('never requests a disallowed path, and records those requests as robots/disallowed', () => {
    expect(servers[0].requests.filter((r) => r.path.startsWith('/private/'))).toHaveLength(0);
    expect(servers[1].requestsTo('/private/0')).toHaveLength(1); // no robots.txt: everything allowed
    expect(result.summary.ledger.failedByReason['robots/disallowed']).toBe(2);
  });

  it('spaces the host by its Crawl-delay, measured at the server', () => {
    const arrivals = servers[0].requests.map((r) => r.arrivedAtPerfMs);
    expect(arrivals).toHaveLength(1 + 4);
    expect(arrivals[1] - arrivals[0]).toBeGreaterThanOrEqual(INTERVAL_MS - 2);
    for (let i = 2; i < arrivals.length; i++) expect(arrivals[i] - arrivals[i - 1]).toBeGreaterThanOrEqual(CRAWL_DELAY_MS - 2);
  });

  it('keeps an unreachable robots.txt host waiting, then fails its requests as robots/unavailable', () => {
    expect(servers[2].requestsTo('/robots.txt')).toHaveLength(2);
    expect(servers[2].requests.filter((r) => r.path !== '/robots.txt')).toHaveLength(0);
    expect(result.summary.ledger.failedByReason['robots/unavailable']).toBe(6);
  });

  it('accounts for every request', () => {
    expect(result.items).toHaveLength(4 + 6);
    expect(result.summary.ledger).toMatchObject({ planned: 18, succeeded: 10, failed: 8, pending: 0 });
  });
});

describe('a crawl whose robots.txt first answers 503 with Retry-After', () => {
  it('waits the Retry-After without touching the host, then obeys the file, with no attempt counted', async () => {
    const [server] = await startFixtureServers(1, { builtInRoutes: false });
    const storage = tempStorageDir('robots-retry-after');
    try {
      let answers = 0;
      server.route('/robots.txt', (_req, res) => {
        if (answers++ === 0) {
          res.writeHead(503, { 'retry-after': '1', 'content-type': 'text/plain' });
          res.end('busy');
        } else text(res, 200, 'User-agent: *\nDisallow: /private/\n');
      });
      server.route('/p/:n', (_req, res) => text(res, 200, 'page'));
      server.route('/private/:n', (_req, res) => text(res, 200, 'secret'));
      const urls = [0, 1, 2].map((n) => server.url(`/p/${n}`)).concat(server.url('/private/0'));
      const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
        politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0 },
        retry: { maxAttempts: 1 },
        // Without Retry-After an unreachable robots.txt would be fetched again after 20 ms.
        robots: { refetchAfterMs: 20 },
        log: { statsIntervalMs: 0 },
      });
      const [first, second, ...pages] = server.requests;
      expect([first.path, second.path]).toEqual(['/robots.txt', '/robots.txt']);
      // Measured at the server: nothing reached the host within the second it asked for.
      expect(second.arrivedAtEpochMs - first.arrivedAtEpochMs).toBeGreaterThanOrEqual(1000 - 5);
      expect(pages.map((r) => r.path).sort()).toEqual(['/p/0', '/p/1', '/p/2']);
      expect(result.summary.ledger).toMatchObject({ planned: 4, succeeded: 3, failed: 1, pending: 0 });
      expect(result.summary.ledger.failedByReason).toEqual({ 'robots/disallowed': 1 });
    } finally {
      await server.close();
      storage.cleanup();
    }
  });
});

describe('a crawl whose robots.txt asks for a Crawl-delay above robots.maxCrawlDelayMs', () => {
  it("fails that host's pages as robots/crawl-delay-too-long without fetching them, and crawls the others", async () => {
    const [slow, fine] = await startFixtureServers(2, { builtInRoutes: false });
    const storage = tempStorageDir('robots-long-delay');
    try {
      slow.route('/robots.txt', (_req, res) => text(res, 200, 'User-agent: *\nCrawl-delay: 86400\n'));
      fine.route('/robots.txt', (_req, res) => text(res, 200, 'User-agent: *\nCrawl-delay: 0.05\n'));
      for (const server of [slow, fine]) server.route('/p/:n', (_req, res) => text(res, 200, 'page'));
      const urls = [slow, fine].flatMap((server) => [0, 1].map((n) => server.url(`/p/${n}`)));
      const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
        politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0 },
        robots: { maxCrawlDelayMs: 1_000 },
        log: { statsIntervalMs: 0 },
      });
      expect(slow.requests.map((r) => r.path)).toEqual(['/robots.txt']);
      expect(fine.requests.map((r) => r.path).sort()).toEqual(['/p/0', '/p/1', '/robots.txt']);
      expect(result.summary.ledger).toMatchObject({ planned: 4, succeeded: 2, failed: 2, pending: 0 });
      expect(result.summary.ledger.failedByReason).toEqual({ 'robots/crawl-delay-too-long': 2 });
    } finally {
      await closeFixtureServers([slow, fine]);
      storage.cleanup();
    }
  });
});

describe('a crawl with robots.obey off', () => {
  it('neither fetches robots.txt nor skips disallowed paths', async () => {
    const [server] = await startFixtureServers(1, { builtInRoutes: false });
    const storage = tempStorageDir('robots-off');
    try {
      server.route('/robots.txt', (_req, res) => text(res, 200, 'User-agent: *\nDisallow: /\n'));
      server.route('/p/:n', (_req, res) => text(res, 200, 'page'));
      const result = await crawlInProcess(new UrlListSpider([server.url('/p/0'), server.url('/p/1')]), storage.dir, {
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        robots: { obey: false },
        log: { statsIntervalMs: 0 },
      });
      expect(server.requests.map((r) => r.path).sort()).toEqual(['/p/0', '/p/1']);
      expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 2 });
    } finally {
      await server.close();
      storage.cleanup();
    }
  });
});
