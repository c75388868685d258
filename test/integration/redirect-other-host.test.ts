// A redirect hop takes the slot of the host it goes to (its interval and cap hold, its own host's too) and waits for its robots.txt, and the target's Retry-After and throttling answers pause and open the target, not the host the request started on.
import type { ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { heldAnswers } from '../support/held-answers';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const RETRY_AFTER_S = 2;
const THRESHOLD = 3;
const INTERVAL_MS = 100;
/** Held answers: long enough that two requests at once would overlap at the server. */
const HOLD_MS = 60;

function page(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html', ...headers });
  res.end(`<p>${status}</p>`);
}

/** `start`'s /r/<n> redirects to `target`'s /p/<n>. */
function redirecting(start: FixtureServer, target: FixtureServer): void {
  start.route('/r/:n', (req, res) => {
    res.writeHead(302, { location: target.url(`/p/${req.url!.split('/').pop()}`) });
    res.end();
  });
}

describe('a redirect to another host', () => {
  const storage = tempStorageDir('redirect-other-host');
  let servers: FixtureServer[] = [];
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });
  /** A fresh pair of hosts for each test, the start host redirecting to the target. */
  const startAndTarget = async (): Promise<FixtureServer[]> => {
    await closeFixtureServers(servers);
    servers = await startFixtureServers(2, { builtInRoutes: false });
    redirecting(servers[0], servers[1]);
    return servers;
  };

  it("sends the hop in the target's slot: the target's interval and concurrency cap hold, measured at the server", async () => {
    const [start, target] = await startAndTarget();
    const held = heldAnswers(HOLD_MS);
    target.route('/p/:n', held.handler);
    target.route('/q/:n', held.handler);
    const urls = [0, 1, 2, 3, 4, 5].flatMap((n) => [start.url(`/r/${n}`), target.url(`/q/${n}`)]);
    const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0, maxConcurrencyPerHost: 1 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
    expect(target.requests).toHaveLength(12);
    // The crawler adds politeness.intervalMarginMs (10 ms) on top: that is the room left for timer noise.
    for (const gap of longestPossibleGapsMs(target.requests)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
    expect(held.mostInFlight()).toBe(1);
    expect(result.summary.ledger).toMatchObject({ planned: 12, succeeded: 12, failed: 0, pending: 0 });
  }, 20_000);

  it("spaces hops on the host the request started on by that host's interval: a redirect is a request to it like any other", async () => {
    const [start] = await startAndTarget();
    // Two hops on the same host (a trailing slash, then a cookie check), then the page.
    start.route('/s/:n', (req, res) => void res.writeHead(301, { location: `${req.url!}/` }).end());
    start.route('/s/:n/', (req, res) => void res.writeHead(302, { location: req.url!.replace('/s/', '/t/') }).end());
    start.route('/t/:n/', (_req, res) => page(res, 200));
    const urls = [0, 1, 2].map((n) => start.url(`/s/${n}`));
    const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0, maxConcurrencyPerHost: 1 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
    // Before: each hop followed its redirect at once, 1 to 4 ms after it at the server.
    expect(start.requests).toHaveLength(9);
    for (const gap of longestPossibleGapsMs(start.requests)) expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS);
    expect(result.summary.ledger).toMatchObject({ planned: 3, succeeded: 3, failed: 0, pending: 0 });
  }, 20_000);

  it("goes on from a same-host hop whose slot is always further off than the fetch may wait, not from the start URL", async () => {
    const [start] = await startAndTarget();
    start.route('/s/:n', (req, res) => void res.writeHead(302, { location: `${req.url!}/` }).end());
    start.route('/s/:n/', (_req, res) => page(res, 200));
    // Every send of /s/0 starts a fresh interval of 400 ms, more than half the fetch's 300: its hop never goes
    // within the try. Sent from the start again on each try, the page ended retry/deferrals-exhausted.
    const result = await crawlInProcess(new UrlListSpider([start.url('/s/0')]), storage.dir, {
      politeness: { minIntervalMs: 400, jitterMs: 0 },
      http: { timeoutMs: 300 },
      retry: { maxDeferrals: 2 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
    expect(result.summary.ledger).toMatchObject({ planned: 1, succeeded: 1, failed: 0, pending: 0 });
    expect(start.requestsTo('/s/0')).toHaveLength(1);
    expect(start.requestsTo('/s/0/')).toHaveLength(1);
  }, 20_000);

  it("defers a hop whose slot is further off than the fetch may wait, instead of timing it out", async () => {
    const [start, target] = await startAndTarget();
    target.route('/p/:n', (_req, res) => page(res, 200));
    const urls = [0, 1, 2].map((n) => start.url(`/r/${n}`));
    const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      // Each hop after the first waits a whole target interval, more than half the fetch's deadline. The
      // deadline is a second, not less, so that a loaded machine does not time the plain fetches out.
      politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [target.hostKey]: { minIntervalMs: 1500 } } },
      http: { timeoutMs: 1000 },
      retry: { maxAttempts: 1 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
    // Before: each waiting hop ran into the fetch deadline and failed as fetch/timeout.
    expect(result.summary.ledger).toMatchObject({ planned: 3, succeeded: 3, failed: 0, pending: 0 });
    for (const gap of longestPossibleGapsMs(target.requests)) expect(gap).toBeGreaterThanOrEqual(1500);
  }, 30_000);

  it('pauses the host that sent the Retry-After: none of its own pages arrive before it runs out', async () => {
    const [start, target] = await startAndTarget();
    let throttled = false;
    target.route('/p/:n', (_req, res) => {
      if (throttled) return page(res, 200);
      throttled = true;
      page(res, 429, { 'retry-after': String(RETRY_AFTER_S) });
    });
    target.route('/q/:n', (_req, res) => page(res, 200));
    start.route('/a/:n', (_req, res) => page(res, 200));
    const urls = [start.url('/r/0'), ...[0, 1, 2, 3, 4, 5].flatMap((n) => [target.url(`/q/${n}`), start.url(`/a/${n}`)])];
    const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 20, jitterMs: 0 },
      robots: { obey: false }, // robots.txt has its own tests; here every arrival is a page
      log: { statsIntervalMs: 0 },
    });
    const answered429 = target.requestsTo('/p/0')[0];
    const later = target.requests.filter((r) => r.arrivedAtEpochMs > answered429.arrivedAtEpochMs);
    expect(later.length).toBeGreaterThan(0);
    // Before: the start host was paused and the target heard from every one of its own pages meanwhile.
    for (const request of later) expect(request.arrivedAtEpochMs).toBeGreaterThanOrEqual(answered429.arrivedAtEpochMs + RETRY_AFTER_S * 1000);
    expect(result.summary.ledger).toMatchObject({ planned: 13, succeeded: 13, failed: 0, pending: 0 });
  }, 20_000);

  it("opens the target's breaker, not the start host's, when the target keeps throttling", async () => {
    const [start, target] = await startAndTarget();
    let answers = 0;
    target.route('/p/:n', (_req, res) => page(res, answers++ < THRESHOLD ? 429 : 200));
    start.route('/a/:n', (_req, res) => page(res, 200));
    const urls = [0, 1, 2].flatMap((n) => [start.url(`/r/${n}`), start.url(`/a/${n}`)]);
    const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 20, jitterMs: 0 },
      retry: { maxAttempts: THRESHOLD + 1, backoffBaseMs: 5, backoffCapMs: 10 },
      breaker: { threshold: THRESHOLD, cooldownMs: 100 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
    const opened = result.summary.timeline.events.filter((event) => event.kind === 'breaker/opened').map((event) => event.host);
    expect(opened).toEqual([target.hostKey]);
    expect(result.summary.ledger).toMatchObject({ planned: 6, succeeded: 6, failed: 0, pending: 0 });
  }, 20_000);

  it("slows the target with the adaptive throttle when it throttles, not the start host, and never for the hop's wait", async () => {
    const [start, target] = await startAndTarget();
    let answers = 0;
    target.route('/p/:n', (_req, res) => page(res, answers++ === 0 ? 429 : 200));
    start.route('/a/:n', (_req, res) => page(res, 200));
    const urls = [0, 1, 2].flatMap((n) => [start.url(`/r/${n}`), start.url(`/a/${n}`)]);
    const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 20, jitterMs: 0, hosts: { [target.hostKey]: { minIntervalMs: 200 } } },
      // Every hop after the first waits ~200 ms for the target's slot: above this target, it read as a slow answer.
      throttle: { adaptive: { enabled: true, targetLatencyMs: 150 } },
      retry: { backoffBaseMs: 5, backoffCapMs: 10 },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    });
    const gauge = (hostKey: string) => result.summary.handling[`throttle/interval-ms/${hostKey}`];
    expect(gauge(target.hostKey)).toBeGreaterThan(200);
    expect(gauge(start.hostKey)).toBe(20);
    expect(result.summary.ledger).toMatchObject({ planned: 6, succeeded: 6, failed: 0, pending: 0 });
  }, 20_000);

  describe("while the target's robots.txt is on its way", () => {
    /** The target's file answers this long after it is asked (a slow shop). */
    const SLOW_ROBOTS_MS = 1500;
    const allowAll = (res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');

    it("asks the start host once: the hop waits for the file, as the target's own first request would", async () => {
      const [start, target] = await startAndTarget();
      target.route('/robots.txt', (_req, res, ctx) => ctx.later(SLOW_ROBOTS_MS, () => allowAll(res)));
      target.route('/p/:n', (_req, res) => page(res, 200));
      const result = await crawlInProcess(new UrlListSpider([start.url('/r/1'), start.url('/r/2')]), storage.dir, {
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        log: { statsIntervalMs: 0 },
      });
      // Before: deferred at every 50 ms recheck, each try fetching /r/1 again (57 arrivals at a 3 s file).
      expect(start.requestsTo('/r/1')).toHaveLength(1);
      expect(start.requestsTo('/r/2')).toHaveLength(1);
      expect(target.requestsTo('/robots.txt')).toHaveLength(1);
      expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 2, failed: 0, pending: 0 });
    }, 20_000);

    it('ends a hop to a file that never answers as a recorded failure within the deferral budget, one start-page fetch a try', async () => {
      const [start, target] = await startAndTarget();
      target.route('/robots.txt', () => undefined); // accepted, never answered: each fetch of it runs into the timeout
      const maxDeferrals = 2;
      const result = await crawlInProcess(new UrlListSpider([start.url('/r/1')]), storage.dir, {
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        http: { timeoutMs: 600 },
        retry: { maxDeferrals },
        robots: { maxFetchAttempts: 5, refetchAfterMs: 10 },
        log: { statsIntervalMs: 0 },
      });
      // Before: /r/1 was fetched again every 50 ms for as long as the file's fetches took (dozens of times).
      expect(start.requestsTo('/r/1').length).toBeLessThanOrEqual(maxDeferrals + 1);
      expect(target.requestsTo('/p/1')).toHaveLength(0);
      expect(result.summary.ledger).toMatchObject({ planned: 1, succeeded: 0, failed: 1, pending: 0, failedByReason: { 'retry/deferrals-exhausted': 1 } });
    }, 20_000);

    it('counts each try against retry.maxDeferrals while the file keeps answering 503 with a Retry-After', async () => {
      const [start, target] = await startAndTarget();
      target.route('/robots.txt', (_req, res) => page(res, 503, { 'retry-after': '1' }));
      const result = await crawlInProcess(new UrlListSpider([start.url('/r/1')]), storage.dir, {
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        retry: { maxDeferrals: 1 },
        log: { statsIntervalMs: 0 },
      });
      // Before: each try was a wait of our own, counted nowhere: /r/1 was fetched again every second for ever.
      expect(start.requestsTo('/r/1')).toHaveLength(2);
      expect(target.requestsTo('/p/1')).toHaveLength(0);
      expect(result.summary.ledger).toMatchObject({ planned: 1, succeeded: 0, failed: 1, pending: 0, failedByReason: { 'retry/deferrals-exhausted': 1 } });
    }, 20_000);
  });
});
