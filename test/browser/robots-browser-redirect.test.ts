// robots.txt in a browser crawl: a redirect hop Chromium follows, or a navigation the page starts, is judged by its origin's file before it is sent.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const ROBOTS = 'User-agent: *\nDisallow: /private/\n';

function reply(res: ServerResponse, status: number, headers: Record<string, string>, body = ''): void {
  res.writeHead(status, headers).end(body);
}

describe('a browser crawl whose pages redirect to paths robots.txt disallows', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('robots-browser-redirect');

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [shop, other] = servers;
    for (const server of servers) {
      server.route('/robots.txt', (_req, res) => reply(res, 200, { 'content-type': 'text/plain' }, ROBOTS));
      server.route('/private/:n', (_req, res) => reply(res, 200, { 'content-type': 'text/html' }, '<p>secret</p>'));
      server.route('/page', (_req, res) => reply(res, 200, { 'content-type': 'text/html' }, '<p>page</p>'));
    }
    // Same origin, its file known by the time the hop comes; and another origin, whose file is not known yet.
    shop.route('/to-private', (_req, res) => reply(res, 302, { location: '/private/1' }));
    shop.route('/to-other-private', (_req, res) => reply(res, 302, { location: other.url('/private/2') }));
    shop.route('/to-page', (_req, res) => reply(res, 302, { location: '/page' }));
    // Not an http(s) hop: Chromium refuses it (fetch/bad-redirect, as over HTTP); our check stays out of it.
    shop.route('/to-data', (_req, res) => reply(res, 302, { location: 'data:text/html,<p>x</p>' }));
    // Redirects done by the page: a script while it loads, a meta refresh.
    shop.route('/script-to-private', (_req, res) => reply(res, 200, { 'content-type': 'text/html' }, `<script>location.href = '/private/3';</script>`));
    shop.route('/refresh-to-private', (_req, res) => reply(res, 200, { 'content-type': 'text/html' }, `<meta http-equiv="refresh" content="0; url=/private/4">`));
    const urls = ['/page', '/to-private', '/to-other-private', '/to-page', '/script-to-private', '/refresh-to-private', '/to-data'].map((path) => shop.url(path));
    const hosts = Object.fromEntries(servers.map((server) => [server.hostKey, { fetchMode: 'browser' }]));
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0, hosts },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('never sends a hop or navigation to a disallowed path, of its own origin or of another', () => {
    for (const server of servers) expect(server.requests.map((r) => r.path).filter((path) => path.startsWith('/private/'))).toEqual([]);
  });

  it('records those requests as robots/disallowed and follows an allowed hop', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 7, succeeded: 2, failed: 5, pending: 0, failedByReason: { 'robots/disallowed': 4, 'fetch/bad-redirect': 1 } });
    expect(servers[0].requestsTo('/page')).toHaveLength(2);
  });
});
