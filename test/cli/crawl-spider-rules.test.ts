// Scrapy's CrawlSpider in a team project: rules of link extractors with allow/deny, restrict-to-region, a
// callback and a follow flag per rule; links deduplicated through the run's queue, robots.txt and
// allowedDomains applied as to any request. Before, every team wrote the link-following by hand in parse().
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject } from '../support/shop-project';

const html = (body: string) => (_req: unknown, res: { writeHead(status: number, headers: Record<string, string>): { end(body: string): void } }) =>
  void res.writeHead(200, { 'content-type': 'text/html' }).end(body);

const RULES_SPIDER = (origin: string, callback = 'parseProduct') => `
import { CrawlSpider } from 'pricecrawl';
export class RulesSpider extends CrawlSpider {
  name = 'rules';
  allowedDomains = ['${new URL(origin).host}'];
  startUrls = ['${origin}/start'];
  rules = [
    { links: { allow: '/p/\\\\d+$' }, callback: '${callback}' },
    { links: { allow: /\\/cat\\//, deny: ['/cart'], restrictCss: ['nav', '.pager'] } },
  ];
  async *parseProduct(res) {
    yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url, linkText: res.request.meta.linkText };
  }
}
`;

describe('CrawlSpider rules', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await FixtureServer.start();
    const other = `http://localhost:${new URL(server.origin).port}`;
    server.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n'));
    server.route('/start', html(`<nav><a href="/cat/a">A</a><a href="/cat/b">B</a><a href="/private/cat/x">X</a><a href="/cart">Cart</a><a href="${other}/cat/elsewhere">Elsewhere</a></nav><footer><a href="/cat/footer-only">F</a></footer>`));
    server.route('/cat/a', (req, res) => {
      const page2 = req.url?.includes('page=2');
      void res.writeHead(200, { 'content-type': 'text/html' }).end(page2 ? '<a href="/p/3"> Drill  </a>' : '<a href="/p/1">Hammer</a><a href="/p/2">Saw</a><div class="pager"><a href="/cat/a?page=2">next</a></div>');
    });
    server.route('/cat/b', html('<a href="/p/2">Saw</a><a href="/p/3">Drill</a><nav><a href="/cat/a">A</a></nav>'));
    server.route('/p/:n', html('<span class="price">$19.99</span><nav><a href="/cat/b">B</a></nav><a href="/p/9">related</a>'));
  });
  afterAll(async () => {
    await server.close();
  });

  it('follows the rules: products to their callback (not followed on), listings followed only from the regions named, robots and offsite kept', async () => {
    const project = shopProject(server, { robots: { obey: true } }, { 'spiders/rules.mjs': RULES_SPIDER(server.origin) });
    try {
      const before = server.requests.length;
      const run = await cli(['crawl', 'rules', '-O', 'items.jsonl', '-s', 'log.format=json'], { cwd: project.root });
      const fetched = new Set(server.requests.slice(before).map((r) => r.url));
      expect([...fetched].sort()).toEqual(['/cat/a', '/cat/a?page=2', '/cat/b', '/p/1', '/p/2', '/p/3', '/robots.txt', '/start']);
      // /p/9 is linked only from product pages (their rule does not follow); /cat/footer-only is outside nav and
      // .pager; /private/ is disallowed by robots.txt; localhost is outside allowedDomains; /cart is denied.
      expect(run.stdout).toContain('the run holds 3');
      expect(run.stdout).toMatch(/offsite/);
      expect(run.stdout).toMatch(/robots/);
      const items = readFileSync(`${project.root}/items.jsonl`, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; linkText: string });
      expect(items.map((item) => [item.sku, item.linkText]).sort()).toEqual([['/p/1', 'Hammer'], ['/p/2', 'Saw'], ['/p/3', 'Drill']]);
      expect(run.code, run.stderr).toBe(0);
    } finally {
      project.cleanup();
    }
  });

  it('refuses a rule whose callback is no method before any request, naming the one meant', async () => {
    const project = shopProject(server, {}, { 'spiders/rules.mjs': RULES_SPIDER(server.origin, 'parseProdcut') });
    try {
      const before = server.requests.length;
      const run = await cli(['crawl', 'rules'], { cwd: project.root });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('spider "rules" has no callback "parseProdcut"; did you mean "parseProduct"?');
      expect(server.requests.length).toBe(before);
    } finally {
      project.cleanup();
    }
  });
});
