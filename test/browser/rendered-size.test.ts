// A page whose script builds a DOM far larger than anything it was sent: bounded like an HTTP body, failed as fetch/body-too-large while the rest of the crawl is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureKind } from '../../src/engine/failure-kind';
import { FixtureServer } from '../support/fixture-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const storage = tempStorageDir('rendered-size');
let shop: FixtureServer;
let result: TestCrawlResult;

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  shop.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  // ~300 bytes sent, ~2.6 MB rendered: 40,000 rows a script writes.
  shop.route('/p/huge', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<p class="price">4.00</p><script>document.body.insertAdjacentHTML('beforeend', Array.from({ length: 40000 }, (_, i) => '<div class=row>row ' + i + ' lorem ipsum dolor sit amet</div>').join(''))</script>`);
  });
  shop.route('/p/:n', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p class="price">${params.n}.50</p>`));
  const urls = ['/p/1', '/p/huge', '/p/2'].map((path) => shop.url(path));
  result = await crawlInProcess(new PriceTextSpider({ urls: urls.join(',') }), storage.dir, {
    politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [shop.hostKey]: { fetchMode: 'browser' } } },
    browser: { maxBodyBytes: 1024 * 1024 },
    log: { statsIntervalMs: 0 },
  });
}, 120_000);
afterAll(async () => {
  await shop.close();
  storage.cleanup();
});

describe('a rendered document over browser.maxBodyBytes', () => {
  it('fails as fetch/body-too-large, as an HTTP body over http.maxBodyBytes does, and the other pages are stored', () => {
    // Before: the 2.6 MB document was parsed and stored whatever its size (a 33 MB one took 230 MB of heap).
    expect(result.summary.ledger.failedByReason).toEqual({ 'fetch/body-too-large': 1 });
    expect(failureKind('fetch/body-too-large')).toBe('permanent');
    expect(result.items.map((item) => item.price).sort()).toEqual(['1.50', '2.50']);
  });
});
