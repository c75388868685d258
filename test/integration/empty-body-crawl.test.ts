// A GET answered 200 or 204 with not one byte, or only white space, is no page: retried like a cut-off transfer, never a success with an item made from nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/engine/run-summary';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

describe('a crawl where pages come back empty', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('empty-body');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [host] = servers;
    const html = '<html><body><p class="price">9.99</p></body></html>';
    host.route('/always-empty', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', 'content-length': '0' }).end());
    host.route('/no-content', (_req, res) => void res.writeHead(204).end());
    // A template that rendered nothing: line ends and indentation only.
    host.route('/blank', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('\r\n  \n\t\r\n'));
    // PHP's blank page after a fatal error, behind the byte-order mark an included file saved with: a BOM and a line end.
    host.route('/bom-only', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('\uFEFF\n'));
    // Empty on its first answer only: the retry gets the page.
    host.route('/once-empty', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(host.requestsTo('/once-empty').length === 1 ? '' : html));
    host.route('/ok', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html));
    const urls = ['/always-empty', '/no-content', '/blank', '/bom-only', '/once-empty', '/ok'].map((path) => host.url(path));
    // UrlListSpider yields an item for any page it is given, so an empty body that reached it would be stored.
    const fastClocks = { politeness: { minIntervalMs: 5, jitterMs: 0 }, retry: { backoffBaseMs: 5, backoffCapMs: 20 } };
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, { ...fastClocks, robots: { obey: false } });
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('stores items only from the pages that had a body', () => {
    const paths = result.items.map((item) => new URL(item.url!).pathname).sort();
    expect(paths).toEqual(['/ok', '/once-empty']);
  });

  it('fails the always-empty pages after the attempt budget, as a transient loss the exit code reports', () => {
    const { summary } = result;
    // Before, the blank page was a success, and the spider's item from it was stored.
    expect(summary.ledger).toMatchObject({ planned: 6, succeeded: 2, failed: 4, pending: 0 });
    expect(summary.ledger.failedByReason).toEqual({ 'retry/exhausted': 4 });
    expect(summary.handling['retry/reason/fetch/empty-body']).toBe(13); // 3 retries of each empty page, 1 of the once-empty one
    expect(servers[0].requestsTo('/always-empty')).toHaveLength(4);
    expect(servers[0].requestsTo('/blank')).toHaveLength(4);
    // Before, the BOM made it a page: a success, and the spider's item from nothing was stored.
    expect(servers[0].requestsTo('/bom-only')).toHaveLength(4);
    expect(exitCodeFor(summary)).toBe(4);
  });
});
