// robots.txt in a browser crawl: a page's own fetches (a price API, a script) on a path its origin's file disallows are not sent.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOnce } from '../../src/app/fetch/fetch-once';
import { CrawlRequest } from '../../src/core/request';
import { resolveSettings } from '../../src/settings/load-settings';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { CrawlRequest as Request, type CrawlResponse, type SpiderOutput } from 'pricecrawl';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

/** The page shows the price its API answers, or "none" when the fetch fails; a script from a disallowed path marks the page. */
const PAGE = `<p class="price">…</p><script src="/private/tracker.js"></script><script>
fetch('/api/price').then((r) => r.text(), () => 'none').then((t) => { const p = document.querySelector('.price'); p.textContent = t; p.dataset.ready = '1'; });
fetch('/open/stock').catch(() => undefined);
fetch('/open/moved').catch(() => undefined);
</script>`;

/** Loads each page in Chromium until its price is filled in, and notes what the page showed. */
class RenderedPriceSpider extends UrlListSpider {
  readonly shown: string[] = [];

  override async *start(): AsyncIterable<SpiderOutput> {
    for (const url of this.startUrls) yield new Request({ url, callback: 'parse', fetchMode: 'browser', browser: { waitFor: { selector: '.price[data-ready]' } } });
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    this.shown.push(res.$('.price').text());
    yield* super.parse(res);
  }
}

function reply(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, { 'content-type': type }).end(body);
}

function serve(server: FixtureServer): void {
  server.route('/robots.txt', (_req, res) => reply(res, 'text/plain', 'User-agent: *\nDisallow: /api/\nDisallow: /private/\n'));
  server.route('/p/:n', (_req, res) => reply(res, 'text/html', PAGE));
  server.route('/api/price', (_req, res) => reply(res, 'text/plain', '19.99'));
  server.route('/open/stock', (_req, res) => reply(res, 'text/plain', 'in stock'));
  // An allowed URL whose redirect goes to a disallowed one: the hop is judged as the first request is.
  server.route('/open/moved', (_req, res) => void res.writeHead(302, { location: '/api/price?moved' }).end());
  server.route('/private/tracker.js', (_req, res) => reply(res, 'text/javascript', 'document.body.dataset.tracked = "1";'));
}

describe('a browser crawl whose pages fetch paths robots.txt disallows', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const spider = new RenderedPriceSpider([]);
  const storage = tempStorageDir('robots-subresource');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    serve(servers[0]);
    spider.startUrls = [servers[0].url('/p/1')];
    result = await crawlInProcess(spider, storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      pipeline: { batchSize: 1, batchMaxAgeMs: 20 },
      log: { statsIntervalMs: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('sends neither the disallowed API call nor the disallowed script, nor a redirect hop to a disallowed path, and sends the allowed fetch', () => {
    const paths = servers[0].requests.map((r) => r.path);
    expect(paths.filter((path) => path.startsWith('/api/') || path.startsWith('/private/'))).toEqual([]);
    expect(paths).toContain('/open/stock');
    expect(paths).toContain('/open/moved');
    expect(spider.shown).toEqual(['none']);
    expect(result.summary.ledger).toMatchObject({ planned: 1, pending: 0 });
  });
});

describe('a one-off browser fetch of a page that fetches a disallowed path', () => {
  it('renders the page without that answer', async () => {
    const [server] = await startFixtureServers(1, { builtInRoutes: false });
    try {
      serve(server);
      const { settings } = resolveSettings([]);
      const page = await fetchOnce(settings, new CrawlRequest({ url: server.url('/p/2'), browser: { waitFor: { selector: '.price[data-ready]' } } }), 'browser');
      expect(page.$('.price').text()).toBe('none');
      expect(server.requestsTo('/api/price')).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
