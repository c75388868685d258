// Statuses a CDN, a proxy or a wall says "not now" with, besides the 5xx: a page that gets one then its answer is a page, and one that keeps getting it is work lost for now, never the page's own answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/engine/run-summary';
import { FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { quickRetrySettings } from '../support/quick-retry-settings';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/**
 * 421: the connection went to a server that does not serve the host (RFC 9110 §15.5.20: retry on another).
 * 425: too early, the request is to be repeated after the handshake (RFC 8470). 499: an upstream closed on
 * the proxy that answers (nginx's "client closed request"). 529: the site is overloaded. 598/599: unregistered, a
 * proxy's network timeouts, read as 500 (RFC 9110 §15's class rule). 999 (LinkedIn's) and 640: outside HTTP's
 * classes, refusals read as block pages.
 */
const STATUSES = [421, 425, 499, 529, 598, 599, 999, 640];
const MAX_ATTEMPTS = 3;

/** /once/<status>: that status on the first send, then the page. /always/<status>: that status on every send. */
async function statusServer(): Promise<FixtureServer> {
  const server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/once/:status', (_req, res, ctx) => {
    const first = server.requestsTo(`/once/${ctx.params.status}`).length === 1;
    res.writeHead(first ? Number(ctx.params.status) : 200, { 'content-type': 'text/html' });
    res.end(first ? 'not now' : `<title>Product ${ctx.params.status}</title>`);
  });
  server.route('/always/:status', (_req, res, ctx) => void res.writeHead(Number(ctx.params.status), { 'content-type': 'text/html' }).end('not now'));
  return server;
}

describe('a CDN answering "not now" statuses', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('edge-status');

  beforeAll(async () => {
    server = await statusServer();
    const urls = STATUSES.flatMap((status) => [server.url(`/once/${status}`), server.url(`/always/${status}`)]);
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, quickRetrySettings(MAX_ATTEMPTS));
  }, 30_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('sends again after each, and the second answer is the page', () => {
    for (const status of STATUSES) expect(server.requestsTo(`/once/${status}`)).toHaveLength(2);
    expect(result.items.map((item) => new URL(item.url).pathname).sort()).toEqual(STATUSES.map((status) => `/once/${status}`).sort());
  });

  it('fails a page that always gets one as transient, so the run does not end clean (exit 4)', () => {
    for (const status of STATUSES) expect(server.requestsTo(`/always/${status}`)).toHaveLength(MAX_ATTEMPTS);
    expect(result.summary.transientFailures).toEqual({ 'retry/exhausted': STATUSES.length });
    expect(exitCodeFor(result.summary)).toBe(4);
  });

  it('reads 999 and 640 as block pages (a fresh session next time), the others as the statuses they are', () => {
    const blocks = result.logs.filter((line) => line.msg === 'block page detected').map((line) => line.rule);
    expect(new Set(blocks)).toEqual(new Set(['status/999', 'status/640']));
  });
});

describe('a host answering 999 to every send', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('status-999-breaker');

  beforeAll(async () => {
    server = await statusServer();
    const urls = Array.from({ length: 4 }, (_, n) => server.url(`/always/999?n=${n}`));
    const retry = { maxAttempts: MAX_ATTEMPTS, maxDeferrals: 2, backoffBaseMs: 1, backoffCapMs: 5 };
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, { ...quickRetrySettings(MAX_ATTEMPTS), retry, breaker: { threshold: 2, cooldownMs: 5, maxCooldownMs: 10 } });
  }, 30_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('opens the breaker for the host, as a throttling status does, and ends the run as lost work', () => {
    expect(result.logs.some((line) => line.msg === 'circuit breaker opened')).toBe(true);
    expect(result.items).toEqual([]);
    expect(exitCodeFor(result.summary)).toBe(4);
  });
});
