// A host lost whole before a stop is still named when the resumed run ends: the verdict reads the run, not the last process.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlEngine } from '../../src/engine/crawl-engine';
import { exitCodeFor } from '../../src/engine/run-summary';
import type { CrawlObserver } from '../../src/app/crawl/run-observers';
import { frontierBackends } from '../support/frontier-backends';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const GOOD_PAGES = 6;
const text = (res: ServerResponse, status: number, body: string) => void res.writeHead(status, { 'content-type': 'text/plain' }).end(body);

const { backends, stop } = frontierBackends();
afterAll(stop);
const answers: Array<[label: string, status: number, reason: string]> = [
  ['403 to everything (a wall)', 403, 'http/403'],
  ['503 to everything (down all night)', 503, 'retry/exhausted'],
];

describe.each(backends.flatMap(([name, frontier]) => answers.map(([label, status, reason]) => [name, label, status, reason, frontier] as const)))('%s frontier: a host answering %s, all of it before the crawl was stopped, and the run resumed', (_name, _label, status, reason, frontierSettings) => {
  const storage = tempStorageDir('lost-host-resume');
  let servers: FixtureServer[];
  let first: TestCrawlResult;
  let resumed: TestCrawlResult;

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [good, down] = servers;
    // The good host answers nothing until the other host's every request has failed: the stop then
    // comes with the good host's work still queued.
    const held: Array<() => void> = [];
    let holding = true;
    good.route('/p/:n', (_req, res) => {
      if (holding) held.push(() => text(res, 200, 'page'));
      else text(res, 200, 'page');
    });
    down.route('/p/:n', (_req, res) => text(res, status, 'no'));
    const urls = [...[0, 1].map((n) => down.url(`/p/${n}`)), ...Array.from({ length: GOOD_PAGES }, (_, n) => good.url(`/p/${n}`))];
    const settings = {
      frontier: await frontierSettings(),
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      robots: { obey: false },
      retry: { maxAttempts: 2, backoffBaseMs: 1, backoffCapMs: 1 },
      log: { statsIntervalMs: 0 },
    };
    let engine: CrawlEngine | null = null;
    let failures = 0;
    const stopper: CrawlObserver = {
      name: 'stop-after-the-lost-host',
      register: (events) =>
        events.on('request.failed', () => {
          if (++failures < 2) return;
          engine?.stop('SIGTERM');
          holding = false;
          for (const answer of held.splice(0)) answer();
        }),
    };
    first = await crawlInProcess(new UrlListSpider(urls), storage.dir, settings, { onEngine: (e) => (engine = e), observers: [stopper] });
    resumed = await crawlInProcess(new UrlListSpider(urls), storage.dir, settings, { resume: true });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('the first part settled the host and stopped with the good host\'s pages queued', () => {
    expect(first.summary.status).toBe('interrupted');
    expect(first.summary.ledger.byHost[servers[1].hostKey]).toMatchObject({ planned: 2, failed: 2, pending: 0 });
    expect(first.summary.ledger.byHost[servers[0].hostKey].pending).toBeGreaterThan(0);
  });

  it('the resumed run names the host lost whole, with its failures, and exits 4 (before: not named; exit 0 for the wall)', () => {
    expect(resumed.summary.runId).toBe(first.summary.runId);
    expect(resumed.summary.status).toBe('finished');
    expect(resumed.items).toHaveLength(GOOD_PAGES);
    expect(Object.keys(resumed.summary.lostHosts)).toEqual([servers[1].hostKey]);
    expect(resumed.summary.lostHosts[servers[1].hostKey]).toMatchObject({ planned: 2, succeeded: 0, failedByReason: { [reason]: 2 } });
    expect(exitCodeFor(resumed.summary)).toBe(4);
  });
});
