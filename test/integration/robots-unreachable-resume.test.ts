// A shop whose robots.txt was down (503) until the run stopped is asked again by the resume once it is back, while a file that answered is kept.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlEngine } from '../../src/engine/crawl-engine';
import { exitCodeFor } from '../../src/engine/run-summary';
import type { CrawlObserver } from '../../src/app/crawl/run-observers';
import { frontierBackends } from '../support/frontier-backends';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const text = (res: ServerResponse, status: number, body: string) => void res.writeHead(status, { 'content-type': 'text/plain' }).end(body);

const { backends, stop } = frontierBackends();
afterAll(stop);

describe.each(backends)('%s frontier: robots.txt answering 503 until the run stopped, 200 when it is resumed', (name, frontierSettings) => {
  const storage = tempStorageDir('robots-unreachable-resume');
  let servers: FixtureServer[];
  let first: TestCrawlResult;
  let resumed: TestCrawlResult;
  let downRobotsBeforeResume = 0;

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [good, shop] = servers;
    // The good host answers nothing until the shop's first page has failed for its robots.txt: the stop
    // then comes with the good host's work still queued, so the run is interrupted and resumable.
    const held: Array<() => void> = [];
    let holding = true;
    good.route('/robots.txt', (_req, res) => text(res, 200, 'User-agent: *\nDisallow: /private/\n'));
    good.route('/p/:n', (_req, res) => {
      if (holding) held.push(() => text(res, 200, 'page'));
      else text(res, 200, 'page');
    });
    let shopDown = true;
    shop.route('/robots.txt', (_req, res) => (shopDown ? text(res, 503, 'down for maintenance') : text(res, 200, 'User-agent: *\nAllow: /\n')));
    shop.route('/p/:n', (_req, res) => text(res, 200, 'page'));
    const goodUrls = [0, 1, 2].map((n) => good.url(`/p/${n}`));
    const settings = {
      frontier: await frontierSettings(),
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      robots: { maxFetchAttempts: 2, refetchAfterMs: 1 },
      retry: { maxAttempts: 2, backoffBaseMs: 1, backoffCapMs: 1 },
      log: { statsIntervalMs: 0 },
    };
    let engine: CrawlEngine | null = null;
    const stopper: CrawlObserver = {
      name: 'stop-after-the-robots-failure',
      register: (events) =>
        events.on('request.failed', () => {
          engine?.stop('SIGTERM');
          holding = false;
          for (const answer of held.splice(0)) answer();
        }),
    };
    first = await crawlInProcess(new UrlListSpider([shop.url('/p/0'), ...goodUrls]), storage.dir, settings, { onEngine: (e) => (engine = e), observers: [stopper] });
    downRobotsBeforeResume = shop.requestsTo('/robots.txt').length;
    // The outage is over; the resume's start() also names a shop page the first part never reached.
    shopDown = false;
    resumed = await crawlInProcess(new UrlListSpider([shop.url('/p/0'), shop.url('/p/1'), ...goodUrls]), storage.dir, settings, { resume: true });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('the first part failed the shop page as robots/unavailable, transient, and stopped not clean', () => {
    expect(first.summary.status).toBe('interrupted');
    expect(exitCodeFor(first.summary)).not.toBe(0);
    expect(first.summary.transientFailures).toMatchObject({ 'robots/unavailable': 1 });
    expect(downRobotsBeforeResume).toBe(2);
    expect(servers[1].requestsTo('/p/0')).toHaveLength(0);
  });

  it('the resume asks the shop for robots.txt again and crawls its new page (before, on Redis: failed at once as robots/unavailable for a day)', () => {
    expect(resumed.summary.runId).toBe(first.summary.runId);
    expect(resumed.summary.status).toBe('finished');
    expect(servers[1].requestsTo('/robots.txt')).toHaveLength(downRobotsBeforeResume + 1);
    expect(servers[1].requestsTo('/p/1')).toHaveLength(1);
    expect(resumed.items.map((item) => item.sku)).toContain(`${servers[1].hostKey}/p/1`);
    expect(resumed.summary.ledger.byHost[servers[1].hostKey]).toMatchObject({ planned: 2, succeeded: 1, failed: 1, pending: 0 });
  });

  it('the page failed in the first part stays failed, as every transient failure does across a resume', () => {
    expect(servers[1].requestsTo('/p/0')).toHaveLength(0);
    expect(resumed.summary.ledger.failedByReason).toMatchObject({ 'robots/unavailable': 1 });
    expect(exitCodeFor(resumed.summary)).toBe(4);
  });

  it('a robots.txt that answered is kept across the resume where the cache is shared (Redis), not asked for again', () => {
    expect(servers[0].requestsTo('/robots.txt')).toHaveLength(name === 'redis' ? 1 : 2);
    expect(resumed.items.filter((item) => String(item.sku).startsWith(servers[0].hostKey))).toHaveLength(3);
  });
});
