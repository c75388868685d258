// A redirect hop booked in its target's slot does not go out when the target was paused meanwhile: measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { frontierBackends } from '../support/frontier-backends';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 600;
const RETRY_AFTER_S = 3;
const frontiers = frontierBackends();
afterAll(() => frontiers.stop());

describe.each(frontiers.backends)("a redirect whose target answers another request with Retry-After while the hop waits for its slot (%s frontier)", (name, frontier) => {
  const storage = tempStorageDir(`redirect-paused-target-${name}`);
  let servers: FixtureServer[];
  let result: TestCrawlResult;

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [start, target] = servers;
    start.route('/r/:n', (_req, res) => void res.writeHead(302, { location: target.url('/p/hop') }).end());
    // The target's own first page is answered 429 after 200 ms, while the hop (booked a slot 600 ms on) still waits.
    target.route('/q/:n', (_req, res, ctx) => {
      const throttled = ctx.record.seq === 0;
      ctx.later(throttled ? 200 : 0, () => res.writeHead(throttled ? 429 : 200, { 'content-type': 'text/html', ...(throttled ? { 'retry-after': String(RETRY_AFTER_S) } : {}) }).end('<p>q</p>'));
    });
    target.route('/p/hop', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hop</p>'));
    result = await crawlInProcess(new UrlListSpider([target.url('/q/0'), start.url('/r/0')]), storage.dir, {
      frontier: await frontier(),
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0, maxConcurrencyPerHost: 2 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('sends nothing to the target inside the wait it asked for, the hop included', () => {
    const [, target] = servers;
    const throttled = target.requests[0];
    expect(throttled.path).toBe('/q/0');
    const askedAt = throttled.closedAtPerfMs!;
    // Before: the hop went out in the slot it had booked, 400 ms (embedded) and 2.6 s (Redis) into the 3 s the target asked for.
    for (const later of target.requests.slice(1)) expect(later.arrivedAtPerfMs).toBeGreaterThanOrEqual(askedAt + RETRY_AFTER_S * 1000);
    expect(target.requestsTo('/p/hop')).toHaveLength(1);
    expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 2, failed: 0, pending: 0 });
  });
});
