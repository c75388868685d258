// Whole crawls against loopback hosts that throttle and fail: Retry-After held at the server, retries capped, terminal statuses once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const MAX_ATTEMPTS = 4;

function page(res: import('node:http').ServerResponse, status: number, headers: Record<string, string | string[]> = {}): void {
  res.writeHead(status, { 'content-type': 'text/html', ...headers });
  res.end(`<p>${status}</p>`);
}

describe('a crawl against throttling and failing hosts', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  /** The instant host B's HTTP-date Retry-After named, as epoch ms. */
  let dateRetryAtMs = 0;
  const storage = tempStorageDir('retry');

  beforeAll(async () => {
    servers = await startFixtureServers(3, { builtInRoutes: false });
    const [seconds, dated, failing] = servers;
    // Host A: its first request, whatever the path, is answered 429 with `Retry-After: 1`.
    seconds.route('/p/:n', (_req, res, ctx) => (ctx.record.seq === 0 ? page(res, 429, { 'retry-after': '1' }) : page(res, 200)));
    // Host B: its first request gets 503 with an HTTP-date at least one whole second ahead.
    dated.route('/p/:n', (_req, res, ctx) => {
      if (ctx.record.seq !== 0) return page(res, 200);
      dateRetryAtMs = Math.ceil((Date.now() + 1000) / 1000) * 1000;
      page(res, 503, { 'retry-after': new Date(dateRetryAtMs).toUTCString() });
    });
    failing.route('/always-503', (_req, res) => page(res, 503));
    // A Retry-After no reading makes a time of: a word, a negative count, a float, a date that is none.
    const garbled = ['soon-ish', '-5', '1.5e3', 'Fri, 31 Feb 2026 25:61:00 GMT'];
    failing.route('/garbled-retry-after', (_req, res) => page(res, 503, { 'retry-after': garbled.shift() ?? 'later' }));
    failing.route('/forbidden', (_req, res) => page(res, 403));
    failing.route('/missing', (_req, res) => page(res, 404));
    failing.route('/ok', (_req, res) => page(res, 200));
    const urls = [
      ...[0, 1, 2].flatMap((n) => [seconds.url(`/p/${n}`), dated.url(`/p/${n}`)]),
      ...['/always-503', '/garbled-retry-after', '/forbidden', '/missing', '/ok'].map((path) => failing.url(path)),
    ];
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 20, jitterMs: 0 },
      retry: { maxAttempts: MAX_ATTEMPTS, backoffBaseMs: 10, backoffCapMs: 40 },
      // The attempt budget alone: the breaker (which would park the always-503 host) has its own tests.
      breaker: { threshold: 100 },
      pipeline: { batchSize: 5, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
      robots: { obey: false }, // robots.txt has its own test; here every arrival is a page
    });
  }, 20_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('holds the whole host for Retry-After in seconds: no request arrives before it ran out', () => {
    const [first, ...rest] = servers[0].requests;
    expect(first.path).toMatch(/^\/p\/\d$/);
    expect(rest).toHaveLength(3); // the throttled page once more, and the two others
    for (const later of rest) expect(later.arrivedAtEpochMs).toBeGreaterThanOrEqual(first.arrivedAtEpochMs + 1000);
    expect(servers[0].requestsTo(first.path)).toHaveLength(2);
  });

  it('holds the whole host until an HTTP-date Retry-After', () => {
    const [first, ...rest] = servers[1].requests;
    expect(dateRetryAtMs).toBeGreaterThan(first.arrivedAtEpochMs);
    expect(rest).toHaveLength(3);
    for (const later of rest) expect(later.arrivedAtEpochMs).toBeGreaterThanOrEqual(dateRetryAtMs);
  });

  it('retries a 503 up to the attempt cap, then records it failed as retry/exhausted', () => {
    expect(servers[2].requestsTo('/always-503')).toHaveLength(MAX_ATTEMPTS);
    expect(result.summary.ledger.failedByReason['retry/exhausted']).toBe(2);
  });

  it('backs off from a Retry-After it cannot read, as from a 503 without one, and records each it ignored', () => {
    expect(servers[2].requestsTo('/garbled-retry-after')).toHaveLength(MAX_ATTEMPTS);
    // Before: the value was dropped without a word; the run only showed a plain 503.
    expect(result.summary.handling['retry/retry-after-unreadable']).toBe(MAX_ATTEMPTS);
    const ignored = result.logs.filter((line) => line.msg === 'Retry-After unreadable; backing off instead').map((line) => line.retryAfter);
    expect(ignored).toEqual(['soon-ish', '-5', '1.5e3', 'Fri, 31 Feb 2026 25:61:00 GMT']);
  });

  it('sends 403 and 404 once and fails them with their status', () => {
    expect(servers[2].requestsTo('/forbidden')).toHaveLength(1);
    expect(servers[2].requestsTo('/missing')).toHaveLength(1);
    expect(result.summary.ledger.failedByReason).toMatchObject({ 'http/403': 1, 'http/404': 1 });
  });

  it('stores every page that recovered and accounts for every request', () => {
    expect(result.items.map((item) => item.sku).sort()).toHaveLength(7);
    expect(result.summary.ledger).toMatchObject({ planned: 11, succeeded: 7, failed: 4, pending: 0 });
    expect(result.summary.balanced).toBe(true);
    expect(result.summary.status).toBe('finished');
  });
});

describe('a 429 with Retry-After on a host with several slots', () => {
  it('holds the host from the moment the answer arrives: slots freed just after it send nothing before it runs out', async () => {
    const [server] = await startFixtureServers(1, { builtInRoutes: false });
    const storage = tempStorageDir('retry-slots');
    try {
      // The first three requests are held; the fourth gets the 429, and right after it the three held ones
      // are answered, freeing three slots while the 429's middlewares are still at work.
      const held: Array<() => void> = [];
      server.route('/p/:n', (_req, res, ctx) => {
        if (ctx.record.seq >= 4) return page(res, 200);
        if (ctx.record.seq < 3) return void held.push(() => page(res, 200));
        page(res, 429, { 'retry-after': '2' });
        setImmediate(() => held.splice(0).forEach((answer) => answer()));
      });
      const urls = Array.from({ length: 10 }, (_, n) => server.url(`/p/${n}`));
      const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
        politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 },
        robots: { obey: false },
        log: { statsIntervalMs: 0 },
      });
      const throttled = server.requests[3];
      // Before: three requests went out a few ms after the 429, inside the two seconds it asked for.
      for (const later of server.requests.slice(4)) expect(later.arrivedAtEpochMs).toBeGreaterThanOrEqual(throttled.arrivedAtEpochMs + 2000);
      expect(result.summary.ledger).toMatchObject({ planned: 10, succeeded: 10, failed: 0, pending: 0 });
    } finally {
      await server.close();
      storage.cleanup();
    }
  }, 20_000);
});

describe('an HTTP-date Retry-After from a server whose clock is wrong', () => {
  it('waits what the server meant, counted on its own Date header, whichever way its clock is off', async () => {
    const servers = await startFixtureServers(2, { builtInRoutes: false });
    const storage = tempStorageDir('retry-skew');
    const HOUR = 3_600_000;
    try {
      // Each server's clock is an hour off; its first answer is a 503 whose Retry-After is one second
      // after its own Date. Before: the hour-ahead host was held for an hour (the crawl ended with its
      // pages still queued) and the hour-behind host was asked again at once, inside the second it asked for.
      servers.forEach((server, index) => {
        const skewMs = index === 0 ? HOUR : -HOUR;
        server.route('/p/:n', (_req, res, ctx) => {
          if (ctx.record.seq !== 0) return page(res, 200);
          const serverNowMs = Math.floor((Date.now() + skewMs) / 1000) * 1000;
          page(res, 503, { date: new Date(serverNowMs).toUTCString(), 'retry-after': new Date(serverNowMs + 1000).toUTCString() });
        });
      });
      const urls = servers.flatMap((server) => [0, 1].map((n) => server.url(`/p/${n}`)));
      const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        robots: { obey: false },
        breaker: { threshold: 100 },
        log: { statsIntervalMs: 0 },
      });
      for (const server of servers) {
        const [first, ...rest] = server.requests;
        expect(rest).toHaveLength(2);
        for (const later of rest) expect(later.arrivedAtEpochMs).toBeGreaterThanOrEqual(first.arrivedAtEpochMs + 1000);
      }
      expect(result.summary.ledger).toMatchObject({ planned: 4, succeeded: 4, failed: 0, pending: 0 });
    } finally {
      await closeFixtureServers(servers);
      storage.cleanup();
    }
  }, 20_000);
});

describe('a Retry-After in decimal seconds', () => {
  it('holds the whole host as long as the fraction says, rounded up to the millisecond, never shorter', async () => {
    const [server] = await startFixtureServers(1, { builtInRoutes: false });
    const storage = tempStorageDir('retry-decimal');
    try {
      // Not delta-seconds as RFC 9110 spells them, but a wait whose meaning is plain; before, it was
      // "unreadable": the throttled page came back after a backoff under a second and the host's other
      // pages went on at once, inside the 1.5 s the server asked for.
      server.route('/p/:n', (_req, res, ctx) => (ctx.record.seq === 0 ? page(res, 429, { 'retry-after': '1.5' }) : page(res, 200)));
      const urls = [0, 1, 2].map((n) => server.url(`/p/${n}`));
      const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        robots: { obey: false },
        log: { statsIntervalMs: 0 },
      });
      const [first, ...rest] = server.requests;
      expect(rest).toHaveLength(3);
      for (const later of rest) expect(later.arrivedAtEpochMs).toBeGreaterThanOrEqual(first.arrivedAtEpochMs + 1500);
      expect(result.summary.handling['retry/retry-after']).toBe(1);
      expect(result.logs.filter((line) => line.msg === 'Retry-After unreadable; backing off instead')).toEqual([]);
      expect(result.summary.ledger).toMatchObject({ planned: 3, succeeded: 3, failed: 0, pending: 0 });
    } finally {
      await server.close();
      storage.cleanup();
    }
  }, 20_000);
});

describe('a Retry-After sent twice (an origin\'s and its CDN\'s)', () => {
  it('holds the host for the wait both name, or the longer of two, never backs off as from an unreadable one', async () => {
    const servers = await startFixtureServers(2, { builtInRoutes: false });
    const storage = tempStorageDir('retry-twice');
    try {
      const [same, differing] = servers;
      // Joined into one field ("1, 1"), the header read as no delta-seconds: the 503 was retried after a
      // backoff of milliseconds and the host's other pages went on at once, inside the wait asked for.
      same.route('/p/:n', (_req, res, ctx) => (ctx.record.seq === 0 ? page(res, 503, { 'retry-after': ['1', '1'] }) : page(res, 200)));
      differing.route('/p/:n', (_req, res, ctx) => (ctx.record.seq === 0 ? page(res, 429, { 'retry-after': ['1', '2'] }) : page(res, 200)));
      const urls = [0, 1, 2].flatMap((n) => [same.url(`/p/${n}`), differing.url(`/p/${n}`)]);
      const result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
        politeness: { minIntervalMs: 0, jitterMs: 0 },
        retry: { backoffBaseMs: 10, backoffCapMs: 40 },
        robots: { obey: false },
        log: { statsIntervalMs: 0 },
      });
      for (const [server, waitMs] of [[same, 1000], [differing, 2000]] as const) {
        const [first, ...rest] = server.requests;
        expect(rest).toHaveLength(3);
        for (const later of rest) expect(later.arrivedAtEpochMs).toBeGreaterThanOrEqual(first.arrivedAtEpochMs + waitMs);
      }
      expect(result.summary.handling['retry/retry-after']).toBe(2);
      expect(result.summary.handling['retry/retry-after-unreadable']).toBeUndefined();
      expect(result.summary.ledger).toMatchObject({ planned: 6, succeeded: 6, failed: 0, pending: 0 });
    } finally {
      await closeFixtureServers(servers);
      storage.cleanup();
    }
  }, 20_000);
});
