// Under a server slower than the interval, measured at the server: the interval counts from each send, robots.txt's Crawl-delay from each answer too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { closeFixtureServers, startFixtureServers, type FixtureServer, type RecordedRequest } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 150;
const CRAWL_DELAY_MS = 300;
/** Each page is answered this long after it arrived: longer than the interval. */
const ANSWER_AFTER_MS = 250;
const PAGES = 4;

describe('a host slower to answer than its interval', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('slow-server-interval');
  const answeredAtPerfMs = new Map<RecordedRequest, number>();

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    servers.forEach((server, n) => {
      // The second asks for a Crawl-delay; the first has no robots.txt rule.
      server.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(n === 1 ? `User-agent: *\nCrawl-delay: ${CRAWL_DELAY_MS / 1000}\n` : 'User-agent: *\nDisallow:\n'));
      server.route('/p/:n', (_req, res, ctx) =>
        ctx.later(ANSWER_AFTER_MS, () => {
          // Stamped before the write: the crawler has the answer only after this.
          answeredAtPerfMs.set(ctx.record, performance.now());
          res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
        }),
      );
    });
    const urls = servers.flatMap((server) => Array.from({ length: PAGES }, (_, n) => server.url(`/p/${n}`)));
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0, maxConcurrencyPerHost: 1 },
      robots: { obey: true },
      pipeline: { batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  const pages = (server: FixtureServer) => server.requests.filter((r) => r.path.startsWith('/p/'));
  const seen = (server: FixtureServer) => JSON.stringify(server.requests.map((r) => [r.path, r.arrivedAtPerfMs.toFixed(1), answeredAtPerfMs.get(r)?.toFixed(1)]));

  it('stores every page', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 2 * PAGES, succeeded: 2 * PAGES, failed: 0, pending: 0 });
  });

  it('sends the next page only once the last is answered (one at a time) and an interval after its send', () => {
    const [plain] = servers;
    const sent = pages(plain);
    for (let n = 1; n < sent.length; n++) {
      expect(sent[n].arrivedAtPerfMs, seen(plain)).toBeGreaterThanOrEqual(answeredAtPerfMs.get(sent[n - 1])!);
      expect(sent[n].arrivedAtPerfMs - sent[n - 1].arrivedAtPerfMs + sent[n - 1].stampSlackMs, seen(plain)).toBeGreaterThanOrEqual(INTERVAL_MS);
    }
  });

  it('waits a whole Crawl-delay after each answer, however long the page took', () => {
    const delayed = servers[1];
    const sent = pages(delayed);
    for (let n = 1; n < sent.length; n++) {
      expect(sent[n].arrivedAtPerfMs - answeredAtPerfMs.get(sent[n - 1])!, seen(delayed)).toBeGreaterThanOrEqual(CRAWL_DELAY_MS);
    }
  });
});
