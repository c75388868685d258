// Real Chromium: a renderer killed under pages that are loading (the OOM killer, a crash) fails them as browser-crashed, retried, none lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killChromiumChildren } from '../support/chromium-children';
import { FixtureServer } from '../support/fixture-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const SKUS = ['1', '2', '3', '4', '5', '6'];

describe('a browser crawl whose renderers are killed while pages load', () => {
  let shop: FixtureServer;
  let result: TestCrawlResult;
  let killed = 0;
  const storage = tempStorageDir('renderer-crash');

  beforeAll(async () => {
    shop = await FixtureServer.start({ builtInRoutes: false });
    shop.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
    shop.route('/p/:sku', (_req, res, { params }) => {
      const page = `<!doctype html><html><body><p class="price">${Number(params.sku) + 1}.00</p></body></html>`;
      if (params.sku === '4' && killed === 0) {
        // While this page's answer is on its way, so before its document commits: the renderers of the pages
        // already loading die under them, and the one this page was to commit into.
        res.writeHead(200, { 'content-type': 'text/html' }).write(page.slice(0, 20));
        killed = killChromiumChildren('--type=renderer');
        res.end(page.slice(20));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    });
    result = await crawlInProcess(new PriceTextSpider({ urls: SKUS.map((sku) => shop.url(`/p/${sku}`)).join(',') }), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 3, hosts: { [shop.hostKey]: { fetchMode: 'browser' } } },
      browser: { maxOpenPages: 3 },
      log: { statsIntervalMs: 0 },
    });
  }, 120_000);
  afterAll(async () => {
    await shop.close();
    storage.cleanup();
  });

  it('stores every page, the ones under the dead renderer on their retry', () => {
    expect(killed).toBeGreaterThan(0);
    // Before, the load failed as "net::ERR_ABORTED; maybe frame was detached?": fetch/failed, never retried, the page lost.
    expect(result.summary.ledger).toMatchObject({ planned: 6, succeeded: 6, failed: 0, pending: 0 });
    expect(Object.fromEntries(result.items.map((item) => [item.sku, item.price]))).toEqual(Object.fromEntries(SKUS.map((sku) => [`/p/${sku}`, `${Number(sku) + 1}.00`])));
    expect(result.summary.handling['retry/reason/fetch/browser-crashed']).toBeGreaterThanOrEqual(1);
  });
});
