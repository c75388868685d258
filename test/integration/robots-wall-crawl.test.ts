// A bot wall (a CAPTCHA or challenge page) served for robots.txt is no answer about the file: the host waits, as for an unreachable file.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const CHALLENGE = '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><script>window._cf_chl_opt={cType:"managed"}</script></body></html>';
const DENIED = '<html><head><title>Access Denied</title></head><body>Reference #18.2f1</body></html>';
const SHOP_HOME = '<!doctype html><html><head><title>Shop</title></head><body><div id="app"></div></body></html>';
/** A real file may name a wall's paths in its rules: it is still the file. */
const NAMES_A_WALL_PATH = 'User-agent: *\nDisallow: /.well-known/sgcaptcha/\nDisallow: /errors/validateCaptcha\nDisallow: /private/\n';

/** What each server answers for /robots.txt: status and body. */
const ANSWERS: Array<[number, string]> = [[200, CHALLENGE], [403, DENIED], [200, SHOP_HOME], [200, NAMES_A_WALL_PATH]];

function answer(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

describe('a crawl whose robots.txt answers are bot walls', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('robots-wall');

  beforeAll(async () => {
    servers = await startFixtureServers(ANSWERS.length, { builtInRoutes: false });
    servers.forEach((server, i) => {
      const [status, body] = ANSWERS[i];
      server.route('/robots.txt', (_req, res) => answer(res, status, body.startsWith('User-agent') ? 'text/plain' : 'text/html', body));
      server.route('/p/:n', (_req, res) => answer(res, 200, 'text/html', '<p class="price">9.99</p>'));
      server.route('/private/:n', (_req, res) => answer(res, 200, 'text/html', '<p class="price">1.99</p>'));
    });
    const urls = servers.flatMap((server) => [server.url('/p/0'), server.url('/private/0')]);
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 10, jitterMs: 0 },
      robots: { maxFetchAttempts: 2, refetchAfterMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  const pagesAt = (i: number) => servers[i].requests.filter((r) => r.path !== '/robots.txt').map((r) => r.path).sort();

  it('fetches no page of a host whose robots.txt is a challenge page at 200 or a block page at 403, and fails them as robots/unavailable', () => {
    expect([pagesAt(0), pagesAt(1)]).toEqual([[], []]);
    expect([servers[0].requestsTo('/robots.txt'), servers[1].requestsTo('/robots.txt')].map((r) => r.length)).toEqual([2, 2]);
    expect(result.summary.ledger.failedByReason['robots/unavailable']).toBe(4);
  });

  it('reads an HTML page without a wall (a catch-all home page) as a file with no rules, and a file naming wall paths as its rules', () => {
    expect(pagesAt(2)).toEqual(['/p/0', '/private/0']);
    expect(pagesAt(3)).toEqual(['/p/0']);
    expect(result.summary.ledger).toMatchObject({ planned: 8, succeeded: 3, failed: 5, pending: 0 });
  });
});
