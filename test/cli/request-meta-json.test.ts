// A callback that puts what JSON cannot keep into a request's meta (a BigInt, a Date, NaN, a Map), crawled by the
// real CLI against a loopback shop: the page fails as the project's code error naming the line, fetched once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const spider = (meta: string) => `import { Spider, type CrawlResponse, type SpiderOutput } from 'pricecrawl';

export class ShopSpider extends Spider {
  readonly name = 'shop';
  private readonly base = this.args.base ?? 'http://127.0.0.1:9';
  override allowedDomains = [new URL(this.base).host];
  override startUrls = [this.base + '/list'];
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield res.follow('/p/1', 'parseProduct', ${meta});
  }
  async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: 'p1', price: '1.00 EUR', url: res.url, seen: JSON.stringify(res.request.meta) };
  }
}
`;

describe("a request's meta that JSON cannot keep", { timeout: 120_000 }, () => {
  let site: FixtureServer;
  const projects: TeamProject[] = [];
  beforeAll(async () => {
    [site] = await startFixtureServers(1, { builtInRoutes: false });
    site.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>list</body></html>'));
    site.route('/p/:id', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>p</body></html>'));
  });
  afterAll(async () => {
    await site.close();
    projects.forEach((project) => project.cleanup());
  });

  const crawl = (meta: string) => {
    const project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { format: 'json' } }),
      'spiders/shop.ts': spider(meta),
    });
    projects.push(project);
    return cli(['crawl', 'shop', '-a', `base=${site.origin}`], { cwd: project.root });
  };

  it.each([
    ['a BigInt (before: the queue write failed, the page was fetched 4 times and lost as frontier/add-failed, "a later run may get them")', '{ sku: 10n }', 'meta.sku is a BigInt; store it as a string'],
    ['a Date (before: a string in the callback)', '{ seen: new Date(0) }', 'meta.seen is a Date, which would come back as "1970-01-01T00:00:00.000Z"; store its toISOString()'],
    ['NaN deep inside (before: null in the callback)', '{ listing: { pages: [1, Number("x")] } }', 'meta.listing.pages[1] is NaN, which JSON has no number for (it would come back null)'],
    ['a Map (before: {} in the callback)', '{ seen: new Map([["a", 1]]) }', 'meta.seen is a Map, which would come back as {}'],
  ])('%s', async (_case, meta, problem) => {
    const listingsBefore = site.requestsTo('/list').length;
    const run = await crawl(meta);
    expect(run.code, run.stderr.slice(-2000)).toBe(4);
    expect(run.stdout).toContain('accounting: planned 1 = succeeded 0 + failed 1 + pending 0');
    expect(run.stdout).toContain('callback/error: 1');
    expect(run.stdout).toContain(`callback "parse": 1 page failed; first: TypeError: a request's meta waits in the durable queue as JSON: ${problem}`);
    expect(run.stdout).toMatch(/ at spiders\/shop\.ts:9:\d+ /);
    expect(site.requestsTo('/list').length - listingsBefore).toBe(1); // a code error, not retried as the queue's failure
  });

  it('undefined and plain JSON pass as they are', async () => {
    const run = await crawl('{ sku: undefined, pages: [1, 2.5, "x", true, null], nested: { a: {} } }');
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(run.stdout).toContain('items: scraped 1, written 1');
  });
});
