// A browser page that reloads itself on every load (a script, a meta refresh): each reload waits for its host's slot, measured at the server, and the page ends with a reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_ANCHOR_SLACK_MS, longestPossibleGapsMs } from '../support/arrival-gaps';
import { FixtureServer } from '../support/fixture-server';
import { BrowserUrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 600;

describe('a browser crawl of pages that reload themselves on every load', () => {
  let server: FixtureServer;
  let result: TestCrawlResult;
  const storage = tempStorageDir('self-reloading');

  beforeAll(async () => {
    server = await FixtureServer.start({ builtInRoutes: false });
    const page = (head: string, script: string) => `<html><head>${head}</head><body><p class="price">9.99</p><script>${script}</script></body></html>`;
    server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
    server.route('/p/script', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('', `addEventListener('load', () => location.reload())`)));
    server.route('/p/refresh', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page('<meta http-equiv="refresh" content="0">', '')));
    const settings = { politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0 }, retry: { maxAttempts: 1 }, log: { statsIntervalMs: 0 } };
    result = await crawlInProcess(new BrowserUrlListSpider([server.url('/p/script'), server.url('/p/refresh')], [new URL(server.url('/')).host]), storage.dir, settings);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    storage.cleanup();
  });

  it('sends the host no two requests closer than its interval, reloads included', () => {
    // Before, each reload went as soon as the last load ended: 13 requests of one page in a few seconds.
    const pages = server.requests.filter((r) => r.path.startsWith('/p/'));
    expect(pages.length).toBeGreaterThan(2);
    const arrivals = [...server.requests].sort((a, b) => a.arrivedAtPerfMs - b.arrivedAtPerfMs);
    const short = longestPossibleGapsMs(arrivals)
      .map((gapMs, i) => ({ gapMs: Math.round(gapMs), to: arrivals[i + 1].url }))
      .filter(({ gapMs }) => gapMs < INTERVAL_MS - BROWSER_ANCHOR_SLACK_MS);
    expect(short).toEqual([]);
  });

  it('ends each page with a reason, and the ledger balances', () => {
    expect(result.summary.ledger).toMatchObject({ planned: 2, succeeded: 0, pending: 0 });
    expect(result.summary.ledger.failedByReason).toEqual({ 'browser/page-navigated': 2 });
  });
});
