// URLs past urlLength.limit (Scrapy's URLLENGTH_LIMIT): a shop whose links grow each page ends, a redirect to a huge Location fails with a reason, a 414 is a failure of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import type { CrawlResponse } from '../../src/core/response';
import { formatSummary } from '../../src/cli/summary-text';
import { exitCodeFor } from '../../src/engine/run-summary';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const DEFAULT_LIMIT = 2083;

/** Page n's query: one more facet per click, as faceted navigation that appends a parameter does. */
function facets(n: number): string {
  return n === 0 ? '' : `?${Array.from({ length: n }, (_, i) => `f${i + 1}=${'v'.repeat(90)}`).join('&')}`;
}

function facetCount(url: string): number {
  return [...new URL(url).searchParams.keys()].length;
}

/** Follows every link; one item per page, keyed by how many facets its URL has. */
class FacetSpider extends Spider {
  readonly name = 'facets';
  constructor(private readonly seeds: readonly string[]) {
    super();
  }

  override async *start(): AsyncIterable<SpiderOutput> {
    for (const url of this.seeds) yield this.request(url, 'parse');
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: `page-${facetCount(res.url)}`, price: '9.99', currency: 'EUR', url: res.url };
    for (const request of res.followAll('a')) yield request;
  }
}

describe('a shop whose every page links to a longer URL', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('url-grow');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [shop] = servers;
    shop.route('/grow', (req, res) => {
      const next = facets(facetCount(`http://x${req.url}`) + 1);
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<p class="price">9.99</p><a href="/grow${next}">more</a>`);
    });
    // A seed already over the limit is refused as a page's link is: the sink stores both.
    const longSeed = shop.url(`/grow${facets(40)}`);
    result = await crawlInProcess(new FacetSpider([shop.url('/grow'), longSeed]), storage.dir, { log: { statsIntervalMs: 0 }, robots: { obey: false }, politeness: { minIntervalMs: 0 } });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('stops at the default limit of 2083 characters: every page under it crawled, the first one over it refused, a clean exit', () => {
    const [shop] = servers;
    let pages = 0;
    while (shop.url(`/grow${facets(pages)}`).length <= DEFAULT_LIMIT) pages++;
    expect(pages).toBeGreaterThan(5);
    const { summary } = result;
    expect(summary.ledger).toMatchObject({ planned: pages, succeeded: pages, failed: 0, pending: 0 });
    expect(result.items.map((item) => item.sku).sort()).toEqual(Array.from({ length: pages }, (_, n) => `page-${n}`).sort());
    expect(shop.requestsTo('/grow')).toHaveLength(pages);
    expect(Math.max(...shop.requestsTo('/grow').map((r) => shop.url(r.url).length))).toBeLessThanOrEqual(DEFAULT_LIMIT);
    // The link of the last page and the long seed.
    expect(summary.handling['url/too-long']).toBe(2);
    expect(summary.status).toBe('finished');
    expect(exitCodeFor(summary)).toBe(0);
  });

  it('says so once for the host, with a sample, and in the summary in words', () => {
    const warned = result.logs.filter((line) => typeof line.msg === 'string' && line.msg.includes('urlLength.limit'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ level: 40, host: servers[0].hostKey, limit: DEFAULT_LIMIT });
    expect(warned[0].urlChars).toBeGreaterThan(DEFAULT_LIMIT);
    expect(String(warned[0].sample)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/grow\?f1=v/);
    expect(String(warned[0].sample).length).toBeLessThan(DEFAULT_LIMIT);
    expect(formatSummary(result.summary)).toMatch(/requests whose URL is longer than urlLength\.limit \(not queued\)\s+2/);
  });
});

describe('a redirect to a huge Location, and a server that answers 414', () => {
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  const storage = tempStorageDir('url-hop');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    const [shop] = servers;
    shop.route('/jump', (_req, res) => void res.writeHead(302, { location: `/land?x=${'y'.repeat(5000)}` }).end());
    shop.route('/land', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>landed</p>'));
    shop.route('/wide', (_req, res) => void res.writeHead(414, { 'content-type': 'text/html' }).end('<p>URI Too Long</p>'));
    shop.route('/fine', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'));
    const spider = new FacetSpider([shop.url('/jump'), shop.url('/wide'), shop.url('/fine')]);
    result = await crawlInProcess(spider, storage.dir, { log: { statsIntervalMs: 0 }, robots: { obey: false }, politeness: { minIntervalMs: 0 } });
  }, 60_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('never follows the redirect: its request fails as url/too-long, the 414 as http/414, each asked once, a clean exit', () => {
    const [shop] = servers;
    const { summary } = result;
    expect(shop.requestsTo('/land')).toHaveLength(0);
    expect(shop.requestsTo('/jump')).toHaveLength(1);
    // Permanent: no retry of what the server will never take.
    expect(shop.requestsTo('/wide')).toHaveLength(1);
    expect(summary.ledger).toMatchObject({ planned: 3, succeeded: 1, failed: 2, pending: 0 });
    expect(summary.ledger.failedByReason).toEqual({ 'url/too-long': 1, 'http/414': 1 });
    expect(result.items.map((item) => item.url)).toEqual([shop.url('/fine')]);
    expect(exitCodeFor(summary)).toBe(0);
    const warned = result.logs.filter((line) => typeof line.msg === 'string' && line.msg.includes('redirects to a URL longer than urlLength.limit'));
    expect(warned).toHaveLength(1);
  });
});
