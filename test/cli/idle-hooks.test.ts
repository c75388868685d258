// Scrapy's `spider_idle` in a team project: the spider's `idle()` and an extension's `idle` hook queue more work
// once the queue ran dry, through the same durable, deduplicated queue; the run ends after a round that added
// nothing. Before, neither hook existed: an extension could not schedule at all, and a paged API the run walks
// page by page, or a second pass over what it found, meant a second run or a fork.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject } from '../support/shop-project';

/** A paged API walked in idle rounds: each round asks for the page after the last one that had products. */
const PAGED_SPIDER = (origin: string) => `
import { CrawlRequest, Spider } from 'pricecrawl';
export class PagedSpider extends Spider {
  name = 'paged';
  allowedDomains = ['${new URL(origin).host}'];
  startUrls = ['${origin}/list'];
  nextPage = 1;
  async *parse(res) { yield* res.followAll('a', 'parseProduct'); }
  async *parseProduct(res) { yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url }; }
  async *parseApi(res) {
    const { products } = res.json();
    if (products.length > 0) this.nextPage = res.request.meta.page + 1;
    for (const p of products) yield { sku: p.sku, price: p.price, currency: 'USD', url: res.url };
  }
  // The page past the last one is asked again once it came back empty: a duplicate, so the round adds nothing.
  async *idle(round) {
    this.logger.info({ round, page: this.nextPage }, 'idle');
    yield new CrawlRequest({ url: '${origin}/api/products?page=' + this.nextPage, callback: 'parseApi', meta: { page: this.nextPage } });
  }
}
`;

/** A second pass over what the first found, scheduled by an extension that has no event handler at all. */
const SECOND_PASS = `
import { CrawlRequest } from 'pricecrawl';
const seen = [];
export default {
  register(events) { events.on('item.scraped', ({ item }) => { if (!item.url.includes('pass=2')) seen.push(item.url); }); },
  idle(ctx) {
    if (ctx.round > 1) return;
    for (const url of seen) ctx.schedule(new CrawlRequest({ url: url + '?pass=2', callback: 'parseProduct' }));
  },
};
`;

/** A spider whose idle hook always finds more: `perRound` new product pages each round (/p/10, /p/11 … in round 1). */
const ENDLESS_SPIDER = (origin: string, perRound: number) => `
import { CrawlRequest, Spider } from 'pricecrawl';
export class EndlessSpider extends Spider {
  name = 'endless';
  startUrls = ['${origin}/list'];
  async *parse(res) {}
  async *parseProduct(res) { yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url }; }
  async *idle(round) {
    for (let i = 0; i < ${perRound}; i++) yield new CrawlRequest({ url: '${origin}/p/' + (round * 10 + i), callback: 'parseProduct' });
  }
}
`;

const logLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('idle hooks: more work once the queue ran dry', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="/p/1">1</a><a href="/p/2">2</a>'));
    server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<span class="price">$19.99</span>'));
    server.route('/api/products', (req, res) => {
      const page = Number(new URL(req.url ?? '', server.origin).searchParams.get('page'));
      const products = page <= 3 ? [{ sku: `api-${page}`, price: `${page}.50` }] : [];
      void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ products }));
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("walks a paged API in the spider's idle rounds and ends after the round whose request the run already had", async () => {
    const project = shopProject(server, {}, { 'spiders/paged.mjs': PAGED_SPIDER(server.origin) });
    try {
      const run = await cli(['crawl', 'paged', '-s', 'log.format=json', '-O', 'items.jsonl'], { cwd: project.root });
      expect(run.code, run.stderr).toBe(0);
      const lines = logLines(run.stderr);
      // Round 1 after the listing and its products, then one per API page with products, then page 4 (empty)
      // and once more page 4: a duplicate, so that round added nothing and the run ended.
      expect(lines.filter((line) => line.msg === 'idle').map((line) => [line.round, line.page])).toEqual([[1, 1], [2, 2], [3, 3], [4, 4], [5, 4]]);
      expect(lines.find((line) => line.msg === 'the queue ran dry and the idle hooks added nothing; ending the run')).toMatchObject({ round: 5, added: 0 });
      expect(server.requests.filter((r) => r.path === '/api/products').map((r) => r.url)).toEqual([1, 2, 3, 4].map((n) => `/api/products?page=${n}`));
      // Every request is accounted for: 3 pages of the shop, 4 of the API.
      expect(run.stdout).toMatch(/planned\s+7\n/);
      expect(run.stdout).toMatch(/succeeded\s+7\n/);
      expect(run.stdout).toContain('the run holds 5');
      expect(run.stdout).toMatch(/times the queue ran dry and the idle hooks were asked\s+5\n/);
      expect(run.stdout).toMatch(/requests the idle hooks added\s+4\n/);
    } finally {
      project.cleanup();
    }
  });

  it('under --processes 2 the idle rounds run in one process, once per dry queue, and walk the whole API', async () => {
    const project = shopProject(server, {}, { 'spiders/paged.mjs': PAGED_SPIDER(server.origin) });
    server.reset();
    try {
      const run = await cli(['crawl', 'paged', '--processes', '2', '-s', 'log.format=json'], { cwd: project.root });
      expect(run.code, run.stderr).toBe(0);
      expect(server.requests.filter((r) => r.path === '/api/products').map((r) => r.url)).toEqual([1, 2, 3, 4].map((n) => `/api/products?page=${n}`));
      expect(run.stdout).toMatch(/succeeded\s+7\n/);
      // Asked once per dry queue, in one process: the four pages and the round that added nothing.
      expect(run.stdout).toMatch(/times the queue ran dry and the idle hooks were asked\s+5\n/);
    } finally {
      project.cleanup();
    }
  });

  it('closeSpider.idleRounds stops a hook that always finds more after that many rounds, their requests crawled', async () => {
    const project = shopProject(server, { closeSpider: { idleRounds: 2 } }, {
      'spiders/endless.mjs': ENDLESS_SPIDER(server.origin, 1),
    });
    server.reset();
    try {
      const run = await cli(['crawl', 'endless'], { cwd: project.root });
      expect(run.code, run.stderr).toBe(0);
      expect(server.requests.map((r) => r.path).filter((path) => path.startsWith('/p/'))).toEqual(['/p/10', '/p/20']);
      expect(run.stdout).toContain('closespider/idlerounds');
      expect(run.stdout).toMatch(/times the queue ran dry and the idle hooks were asked\s+2\n/);
      expect(run.stdout).toMatch(/pending\s+0\n/);
    } finally {
      project.cleanup();
    }
  });

  it('queues the requests an extension schedules in its idle hook: a second pass over what the run found', async () => {
    const project = shopProject(server, { extensions: { 'second-pass': { module: './extensions/second-pass.mjs' } } }, { 'extensions/second-pass.mjs': SECOND_PASS });
    try {
      const before = server.requests.length;
      const run = await cli(['crawl', 'shop', '-s', 'log.format=json'], { cwd: project.root });
      expect(run.code, run.stderr).toBe(0);
      const paths = server.requests.slice(before).map((r) => r.url);
      expect(paths.filter((p) => p.includes('pass=2')).sort()).toEqual(['/p/1?pass=2', '/p/2?pass=2']);
      expect(run.stdout).toMatch(/planned\s+5\n/);
      expect(run.stdout).toMatch(/succeeded\s+5\n/);
      expect(logLines(run.stderr).find((line) => line.msg === 'the queue ran dry; the idle hooks queued more')).toMatchObject({ round: 1, added: 2 });
    } finally {
      project.cleanup();
    }
  });

  it('a hook that always finds more is stopped by a closeSpider limit, as any crawl is', async () => {
    const project = shopProject(server, { closeSpider: { pageCount: 6 } }, {
      'spiders/endless.mjs': ENDLESS_SPIDER(server.origin, 3),
    });
    try {
      const run = await cli(['crawl', 'endless', '-s', 'log.format=json'], { cwd: project.root });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('closespider/pagecount');
      expect(run.stdout).toMatch(/succeeded\s+[67]\n/);
    } finally {
      project.cleanup();
    }
  });

  it('an idle hook that throws is the code error of its owner (exit 4); what it queued first is crawled, and a wrong value names the fix', async () => {
    const project = shopProject(server, { extensions: { 'schedules-a-string': { module: './extensions/schedules-a-string.mjs' } } }, {
      'extensions/schedules-a-string.mjs': "export default { idle(ctx) { if (ctx.round === 1) ctx.schedule('/p/9'); } };",
      'spiders/half.mjs': `
import { CrawlRequest, Spider } from 'pricecrawl';
export class HalfSpider extends Spider {
  name = 'half';
  startUrls = ['${server.url('/list')}'];
  async *parse(res) {}
  async *parseProduct(res) { yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url }; }
  async *idle(round) {
    if (round > 1) return;
    yield new CrawlRequest({ url: '${server.url('/p/7')}', callback: 'parseProduct' });
    throw new Error('the API token ran out');
  }
}
`,
    });
    try {
      const run = await cli(['crawl', 'half', '-s', 'log.format=json'], { cwd: project.root });
      expect(run.code, run.stderr).toBe(4);
      const lines = logLines(run.stderr);
      expect(lines.find((line) => line.msg === "the spider's idle() hook failed")).toMatchObject({ callback: 'idle', round: 1 });
      const failed = lines.find((line) => line.msg === "an extension's idle hook failed");
      expect(failed).toMatchObject({ extension: 'schedules-a-string', round: 1 });
      expect(JSON.stringify(failed?.err)).toContain("ctx.schedule takes a CrawlRequest (new CrawlRequest({ url, callback: 'parseStock' }), imported from 'pricecrawl'); got the string");
      // A hook's throw failed a call, not a page (before, `closed()`'s said "1 page failed" too).
      expect(run.stdout).toContain('callback "idle": 1 call failed; first: Error: the API token ran out');
      expect(run.stdout).toContain('extension "schedules-a-string": 1 event failed; first: TypeError: ctx.schedule takes a CrawlRequest');
      // /list and the /p/7 the spider yielded before its throw.
      expect(run.stdout).toMatch(/succeeded\s+2\n/);
      expect(run.stdout).toContain('the run holds 1');
    } finally {
      project.cleanup();
    }
  });
});
