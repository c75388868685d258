// A redirect between a host crawled over HTTP and one whose pages need the browser: the browser host's page is rendered whichever way the crawl arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/engine/run-summary';
import { FixtureServer } from '../support/fixture-server';
import { PriceTextSpider } from '../support/spiders/price-text-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const storage = tempStorageDir('redirect-mode-handover');
let httpShop: FixtureServer;
let jsShop: FixtureServer;
let result: TestCrawlResult;

beforeAll(async () => {
  httpShop = await FixtureServer.start({ builtInRoutes: false });
  jsShop = await FixtureServer.start({ builtInRoutes: false });
  for (const shop of [httpShop, jsShop]) shop.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  // A short link or an old product URL on the HTTP host that now lives on the JavaScript shop.
  httpShop.route('/go/:n', (_req, res, { params }) => void res.writeHead(302, { location: jsShop.url(`/p/${params.n}`) }).end());
  httpShop.route('/plain/:n', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(`<p class="price">${params.n}.10</p>`));
  // The server writes yesterday's price; the script writes the live one, as the shopper sees it.
  jsShop.route('/p/:n', (_req, res, { params }) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<p class="price">9.99</p><script>document.querySelector('.price').textContent = '${params.n}.77'</script>`);
  });
  jsShop.route('/back/:n', (_req, res, { params }) => void res.writeHead(302, { location: httpShop.url(`/plain/${params.n}`) }).end());
  const urls = [httpShop.url('/go/1'), httpShop.url('/go/2'), jsShop.url('/back/3'), jsShop.url('/p/4')];
  result = await crawlInProcess(new PriceTextSpider({ urls: urls.join(',') }), storage.dir, {
    politeness: { minIntervalMs: 0, jitterMs: 0, hosts: { [jsShop.hostKey]: { fetchMode: 'browser' } } },
    log: { statsIntervalMs: 0 },
  });
}, 120_000);
afterAll(async () => {
  await httpShop.close();
  await jsShop.close();
  storage.cleanup();
});

describe('a redirect from an HTTP host to a browser host and back', () => {
  it("stores the browser host's rendered price, never the server's stale one, under the URL that served it", () => {
    // Before: the HTTP fetcher followed /go/1 to the browser host and stored 9.99 for /p/1 and /p/2, exit 0.
    expect(Object.fromEntries(result.items.map((item) => [item.url, item.price]))).toEqual({
      [jsShop.url('/p/1')]: '1.77',
      [jsShop.url('/p/2')]: '2.77',
      [httpShop.url('/plain/3')]: '3.10',
      [jsShop.url('/p/4')]: '4.77',
    });
    expect(result.summary.ledger).toMatchObject({ planned: 4, succeeded: 4, failed: 0, pending: 0 });
    expect(exitCodeFor(result.summary)).toBe(0);
  });

  it('sends the redirect over HTTP once and loads its target in Chromium once', () => {
    expect(httpShop.requests.filter((r) => r.path === '/go/1')).toHaveLength(1);
    const targets = jsShop.requests.filter((r) => r.path === '/p/1');
    expect(targets).toHaveLength(1);
    expect(targets[0]!.headers['user-agent']).toMatch(/Chrome/);
    expect(result.summary.fetchModes[`browser/${jsShop.hostKey}`]).toBe(4);
  });
});
