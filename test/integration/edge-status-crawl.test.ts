// Statuses a CDN or a proxy says "not now" with, besides the 5xx: a page that gets one then its answer is a page, and one that keeps getting it is work lost for now, never the page's own answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/engine/run-summary';
import { FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { quickRetrySettings } from '../support/quick-retry-settings';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/**
 * 421: the connection went to a server that does not serve the host (RFC 9110 §15.5.20: retry on another).
 * 425: too early, the request is to be repeated after the handshake (RFC 8470). 499: an upstream closed on
 * the proxy that answers (nginx's "client closed request"). 529: the site is overloaded.
 */
const STATUSES = [421, 425, 499, 529];
const MAX_ATTEMPTS = 3;

describe('a CDN answering "not now" statuses', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('edge-status');

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    // /once/<status>: that status on the first send, then the page. /always/<status>: that status on every send.
    server.route('/once/:status', (_req, res, ctx) => {
      const first = server.requestsTo(`/once/${ctx.params.status}`).length === 1;
      res.writeHead(first ? Number(ctx.params.status) : 200, { 'content-type': 'text/html' });
      res.end(first ? 'not now' : `<title>Product ${ctx.params.status}</title>`);
    });
    server.route('/always/:status', (_req, res, ctx) => void res.writeHead(Number(ctx.params.status), { 'content-type': 'text/html' }).end('not now'));
    const urls = STATUSES.flatMap((status) => [server.url(`/once/${status}`), server.url(`/always/${status}`)]);
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, quickRetrySettings(MAX_ATTEMPTS));
  }, 30_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('sends again after each, and the second answer is the page', () => {
    for (const status of STATUSES) expect(server.requestsTo(`/once/${status}`)).toHaveLength(2);
    expect(result.items.map((item) => new URL(item.url).pathname).sort()).toEqual(STATUSES.map((status) => `/once/${status}`));
  });

  it('fails a page that always gets one as transient, so the run does not end clean (exit 4)', () => {
    for (const status of STATUSES) expect(server.requestsTo(`/always/${status}`)).toHaveLength(MAX_ATTEMPTS);
    expect(result.summary.transientFailures).toEqual({ 'retry/exhausted': STATUSES.length });
    expect(exitCodeFor(result.summary)).toBe(4);
  });
});
