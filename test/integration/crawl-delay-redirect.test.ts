// A shop whose robots.txt Crawl-delay is longer than half the fetch timeout, and whose URLs redirect on its own host, is still crawled.
import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const CRAWL_DELAY_MS = 600;
// Half of it (400 ms) is less than the Crawl-delay: a hop's slot, a Crawl-delay after its request's own send, never comes within a try.
const TIMEOUT_MS = 800;

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(body);
}

describe('a Crawl-delay longer than half the fetch timeout on a shop that redirects on its own host', () => {
  const storage = tempStorageDir('crawl-delay-redirect');
  let servers: FixtureServer[] = [];
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('fetches each page once at its target, the Crawl-delay kept between all sends', async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [shop] = servers;
    shop.route('/robots.txt', (_req, res) => text(res, 200, `User-agent: *\nCrawl-delay: ${CRAWL_DELAY_MS / 1000}\n`));
    // A trailing-slash redirect, then a locale one: two same-host hops, each given back once.
    shop.route('/p/:n', (req, res) => void res.writeHead(301, { location: `${req.url!}/` }).end());
    shop.route('/p/:n/', (req, res) => void res.writeHead(302, { location: `${req.url!}en` }).end());
    shop.route('/p/:n/en', (_req, res) => text(res, 200, 'price'));
    const result = await crawlInProcess(new UrlListSpider([shop.url('/p/1'), shop.url('/p/2')]), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      http: { timeoutMs: TIMEOUT_MS },
      log: { statsIntervalMs: 0 },
    });

    // Before: every try sent /p/n again and both pages ended retry/deferrals-exhausted.
    expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 2, failed: 0, pending: 0 });
    for (const path of ['/p/1', '/p/1/', '/p/1/en', '/p/2', '/p/2/', '/p/2/en']) expect(shop.requestsTo(path)).toHaveLength(1);
    const pages = shop.requests.filter((r) => r.path !== '/robots.txt');
    for (const gap of longestPossibleGapsMs(pages)) expect(gap).toBeGreaterThanOrEqual(CRAWL_DELAY_MS);
  }, 30_000);
});
