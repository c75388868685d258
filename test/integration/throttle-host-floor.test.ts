// The adaptive throttle's project-wide floor never takes a host below the interval politeness.hosts gives it: measured at the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs, stampedGapsMs } from '../support/arrival-gaps';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const OWN_INTERVAL_MS = 150;
const FLOOR_MS = 5;
const PAGES = 12;

describe('a host with its own interval under the adaptive throttle', () => {
  const storage = tempStorageDir('throttle-host-floor');
  let servers: FixtureServer[];
  let result: TestCrawlResult;

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    for (const server of servers) server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    const [slow, other] = servers;
    const urls = servers.flatMap((server) => Array.from({ length: PAGES }, (_, n) => server.url(`/p/${n}`)));
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      // The shop asked for 150 ms; the project lets the throttle speed every host up to 5 ms, one big step per fast answer.
      politeness: { minIntervalMs: 100, jitterMs: 0, hosts: { [slow.hostKey]: { minIntervalMs: OWN_INTERVAL_MS } } },
      throttle: { adaptive: { enabled: true, minIntervalMs: FLOOR_MS, decreaseStepMs: 60, successesPerDecrease: 1, targetLatencyMs: 5_000 } },
      robots: { obey: false },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
    expect(other.requests).toHaveLength(PAGES);
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('keeps every gap of that host at its own interval, however many fast answers came', () => {
    const [slow] = servers;
    expect(slow.requests).toHaveLength(PAGES);
    // Before: 150 → 90 → 30 → 5 ms after three fast answers.
    for (const gap of longestPossibleGapsMs(slow.requests)) expect(gap).toBeGreaterThanOrEqual(OWN_INTERVAL_MS);
  });

  it('still speeds up a host that has no interval of its own', () => {
    const gaps = stampedGapsMs(servers[1].requests);
    expect(Math.min(...gaps)).toBeLessThan(100);
    expect(result.summary.ledger).toMatchObject({ planned: 2 * PAGES, succeeded: 2 * PAGES, failed: 0, pending: 0 });
  });
});
