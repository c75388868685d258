// Crawl-delay as real files spell it (`1,5`, `10s`, `2 seconds`, `ten`, `-1`), in a whole crawl: never read as no delay when it asks for one.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/** Each server's Crawl-delay line; robots.maxCrawlDelayMs is 1 s, so a wait longer than that refuses the origin. */
const SPELLINGS = ['1,5', '2s', '2 seconds', 'ten', '-1', '0,05'];

function text(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(body);
}

describe('a crawl of origins whose Crawl-delay is spelt as found in the wild', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('robots-delay-values');

  beforeAll(async () => {
    servers = await startFixtureServers(SPELLINGS.length, { builtInRoutes: false });
    servers.forEach((server, i) => {
      server.route('/robots.txt', (_req, res) => text(res, `User-agent: *\nCrawl-delay: ${SPELLINGS[i]}\nDisallow: /private/\n`));
      server.route('/p/:n', (_req, res) => text(res, 'page'));
    });
    const urls = servers.flatMap((server) => [server.url('/p/0'), server.url('/p/1')]);
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 10, jitterMs: 0 },
      robots: { maxCrawlDelayMs: 1_000 },
      log: { statsIntervalMs: 0 },
    });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  const pagesAt = (spelling: string) => servers[SPELLINGS.indexOf(spelling)].requests.filter((r) => r.path !== '/robots.txt').length;

  it('refuses the origins asking for more than the ceiling, with a decimal comma or a unit, without fetching a page', () => {
    expect(['1,5', '2s', '2 seconds'].map(pagesAt)).toEqual([0, 0, 0]);
    expect(result.summary.ledger.failedByReason['robots/crawl-delay-too-long']).toBe(6);
  });

  it('refuses an origin whose Crawl-delay cannot be read, naming the reason', () => {
    expect(pagesAt('ten')).toBe(0);
    expect(result.summary.ledger.failedByReason['robots/crawl-delay-unreadable']).toBe(2);
  });

  it('crawls an origin asking for no wait or a short one', () => {
    expect(['-1', '0,05'].map(pagesAt)).toEqual([2, 2]);
    expect(result.summary.ledger).toMatchObject({ planned: 12, succeeded: 4, failed: 8, pending: 0 });
  });
});

describe('a crawl whose pages redirect to origins whose Crawl-delay refuses them', () => {
  it('sends no hop there, and fails the request with the reason those origins give their own pages', async () => {
    const [start, slow, unreadable] = await startFixtureServers(3, { builtInRoutes: false });
    const storage = tempStorageDir('robots-delay-hop');
    try {
      slow.route('/robots.txt', (_req, res) => text(res, 'User-agent: *\nCrawl-delay: 86400\n'));
      unreadable.route('/robots.txt', (_req, res) => text(res, 'User-agent: *\nCrawl-delay: ten\n'));
      for (const server of [slow, unreadable]) server.route('/p/:n', (_req, res) => text(res, 'page'));
      start.route('/robots.txt', (_req, res) => text(res, 'User-agent: *\nDisallow:\n'));
      start.route('/to-slow', (_req, res) => void res.writeHead(302, { location: slow.url('/p/1') }).end());
      start.route('/to-unreadable', (_req, res) => void res.writeHead(302, { location: unreadable.url('/p/1') }).end());
      const result = await crawlInProcess(new UrlListSpider([start.url('/to-slow'), start.url('/to-unreadable')]), storage.dir, {
        politeness: { minIntervalMs: 10, jitterMs: 0 },
        robots: { maxCrawlDelayMs: 1_000 },
        log: { statsIntervalMs: 0 },
      });
      expect([slow, unreadable].map((server) => server.requests.map((r) => r.path))).toEqual([['/robots.txt'], ['/robots.txt']]);
      expect(result.summary.ledger).toMatchObject({ planned: 2, failed: 2, pending: 0 });
      expect(result.summary.ledger.failedByReason).toEqual({ 'robots/crawl-delay-too-long': 1, 'robots/crawl-delay-unreadable': 1 });
    } finally {
      await closeFixtureServers([start, slow, unreadable]);
      storage.cleanup();
    }
  }, 30_000);
});

describe('a crawl of origins whose Request-rate is spelt as found in the wild', () => {
  it('refuses the origin asking for a slower pace than the ceiling with its unit spelt out, and the one whose rate cannot be read', async () => {
    const rates = ['1/2sec', '1 per 10 seconds', '20/1 second'];
    const servers = await startFixtureServers(rates.length, { builtInRoutes: false });
    const storage = tempStorageDir('robots-request-rate');
    try {
      servers.forEach((server, i) => {
        server.route('/robots.txt', (_req, res) => text(res, `User-agent: *\nRequest-rate: ${rates[i]}\n`));
        server.route('/p/:n', (_req, res) => text(res, 'page'));
      });
      const result = await crawlInProcess(new UrlListSpider(servers.flatMap((server) => [server.url('/p/0'), server.url('/p/1')])), storage.dir, {
        politeness: { minIntervalMs: 10, jitterMs: 0 },
        robots: { maxCrawlDelayMs: 1_000 },
        log: { statsIntervalMs: 0 },
      });
      // One request each 2 s asks for more than the 1 s ceiling; `1 per 10 seconds` names no pace we can read; 20 a second is 50 ms.
      expect(servers.map((server) => server.requests.filter((r) => r.path !== '/robots.txt').length)).toEqual([0, 0, 2]);
      expect(result.summary.ledger.failedByReason).toEqual({ 'robots/crawl-delay-too-long': 2, 'robots/crawl-delay-unreadable': 2 });
    } finally {
      await closeFixtureServers(servers);
      storage.cleanup();
    }
  });
});

// `Crawl-delay: 30` atop the file, before any group (Puppet-managed files have it so): asked of every crawler.
describe('a crawl of an origin whose Crawl-delay stands before any user-agent line', () => {
  it('reads it as asked of every crawler: above the ceiling the origin is refused, and no page is fetched', async () => {
    const [shop] = await startFixtureServers(1, { builtInRoutes: false });
    const storage = tempStorageDir('robots-file-wide-delay');
    try {
      shop.route('/robots.txt', (_req, res) => text(res, '# Slow down, all of you\nCrawl-delay: 30\n\nUser-agent: *\nDisallow: /private/\n'));
      shop.route('/p/:n', (_req, res) => text(res, 'page'));
      const result = await crawlInProcess(new UrlListSpider([shop.url('/p/0'), shop.url('/p/1')]), storage.dir, {
        politeness: { minIntervalMs: 10, jitterMs: 0 },
        robots: { maxCrawlDelayMs: 1_000 },
        log: { statsIntervalMs: 0 },
      });
      expect(shop.requests.map((r) => r.path)).toEqual(['/robots.txt']);
      expect(result.summary.ledger.failedByReason['robots/crawl-delay-too-long']).toBe(2);
    } finally {
      storage.cleanup();
      await closeFixtureServers([shop]);
    }
  });
});
