// A team's spider names a per-request errback, as in Scrapy: `crawl` runs it for the page that failed and keeps what it
// yields (a fallback source's item); `parse` shows the errback of each request and fails a page that names one the spider lacks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const SPIDER = `
import { CrawlRequest, Spider, type CrawlResponse, type RequestFailure, type SpiderOutput } from 'pricecrawl';

export class ShopSpider extends Spider {
  readonly name = 'shop';
  override allowedDomains = ['127.0.0.1'];

  override async *start(): AsyncGenerator<SpiderOutput> {
    yield new CrawlRequest({ url: \`\${this.args.base}/list\`, callback: 'parseListing' });
  }

  async *parseListing(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    for (const sku of ['1', 'gone']) yield res.follow(\`/p/\${sku}\`, 'parseProduct', { sku }, { errback: this.args.errback ?? 'onProductFailed' });
  }

  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: String(res.request.meta.sku), price: res.$('.price').text() || null, currency: 'EUR', url: res.url };
  }

  async *parseFeed(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: String(res.request.meta.sku), price: res.$('.price').text() || null, currency: 'EUR', url: res.url, source: 'fallback' as const };
  }

  async *onProductFailed(failure: RequestFailure): AsyncGenerator<SpiderOutput> {
    this.logger.warn({ reason: failure.reason, status: failure.status }, 'product page failed; asking the feed');
    yield new CrawlRequest({ url: \`\${this.args.base}/feed/\${String(failure.request.meta.sku)}\`, callback: 'parseFeed', meta: failure.request.meta });
  }
}
`;

describe('a team spider with a request errback', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  let base: string;
  beforeAll(async () => {
    server = await FixtureServer.start();
    base = new URL(server.url('/')).origin;
    const html = (body: string) => `<html><body>${body}</body></html>`;
    server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html('<a href="/p/1">1</a>')));
    server.route('/p/1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p class="price">5.00</p>')));
    server.route('/p/gone', (_req, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('gone'));
    server.route('/feed/gone', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p class="price">6.25</p>')));
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ robots: { obey: false }, politeness: { minIntervalMs: 1, jitterMs: 0 } }),
      'spiders/shop.ts': SPIDER,
    });
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('crawl: the 404 runs the errback, whose fallback request is fetched and its item stored', async () => {
    const run = await cli(['crawl', 'shop', '-a', `base=${base}`, '-O', 'items.jsonl'], { cwd: project.root });
    expect(run.stderr, run.stdout + run.stderr).toContain('product page failed; asking the feed');
    const items = readFileSync(join(project.root, 'items.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(items.map((i) => [i.sku, i.price, i.source]).sort()).toEqual([['1', '5.00', null], ['gone', '6.25', 'fallback']]);
    expect(server.requests.filter((r) => r.path === '/feed/gone')).toHaveLength(1);
  });

  it('parse: each request shows its errback', async () => {
    const run = await cli(['parse', server.url('/list'), '--spider', 'shop', '--callback', 'parseListing', '-a', `base=${base}`], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`requests (2):\n  parseProduct  GET ${base}/p/1  errback onProductFailed  meta {"sku":"1"}\n`);
  });

  it('parse: an errback the spider lacks fails the page that names it, with the name to use', async () => {
    const run = await cli(['parse', server.url('/list'), '--spider', 'shop', '--callback', 'parseListing', '-a', `base=${base}`, '-a', 'errback=onProductFaild'], { cwd: project.root });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('callback failed (callback/unknown): spider "shop" has no errback "onProductFaild"; did you mean "onProductFailed"?');
  });

  // Before, the line after the crawl named it a callback ('yielded 1 request(s) for callback "onProductFaild"') and
  // sent the team to fix the name passed to follow(), where the callback was right.
  it('crawl: an errback the spider lacks is named as an errback after the run, with the name to use', async () => {
    const run = await cli(['crawl', 'shop', '-a', `base=${base}`, '-a', 'errback=onProductFaild'], { cwd: project.root });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('callback/unknown: 1');
    expect(run.stderr).toContain(
      'pricecrawl: spider "shop" yielded 1 request(s) with errback "onProductFaild", which it does not define; did you mean "onProductFailed"?; its methods are onProductFailed, parse, parseFeed, parseListing, parseProduct (fix the request\'s errback name, or add the method)\n',
    );
    expect(run.stderr).not.toContain('for callback');
  });
});
