// A new team's project, pricecrawl installed as npm leaves it (test/support/installed-copy.ts), with a spider middleware of its own: it drops
// items, adds a request, and recovers a callback that throws; crawled by the installed CLI against a loopback shop.
// Before, a Scrapy team's spider middleware had no place: `spiderMiddlewares` was refused as an unknown setting.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { installedCopy, type InstalledCopy } from '../support/installed-copy';
import { runCommand } from '../support/run-cli';

const html = (body: string) => (_req: unknown, res: { writeHead(status: number, headers: Record<string, string>): { end(body: string): void } }) =>
  void res.writeHead(200, { 'content-type': 'text/html' }).end(body);

/** The spider throws on a page without `.price` (its bug on the clearance template, which shows `.sale`). */
const SPIDER = `import { Spider, type CrawlResponse } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  base = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = [new URL(this.base).host];
  startUrls = [this.base + '/list'];
  async *parse(res: CrawlResponse) { yield* res.followAll('a', 'parseProduct'); }
  async *parseProduct(res: CrawlResponse) {
    const price = res.$('.price').text();
    if (!price) throw new Error('no .price on ' + res.url);
    yield { sku: new URL(res.url).pathname, price, currency: 'USD', url: res.url, outlet: res.$('.outlet').length > 0 };
  }
}
`;

/** Drops outlet items, adds the unlisted product from the listing, and reads a clearance page's `.sale` when parseProduct throws. */
const TEAM_FILTER = `import { CrawlRequest, CrawlResponse, type RequestFailure, type SpiderMiddleware, type SpiderMiddlewareContext, type SpiderOutput } from 'pricecrawl';
export default class TeamFilter implements SpiderMiddleware {
  readonly name = 'team-filter';
  constructor(private readonly options: { unlisted: string }) {}
  async *processStart(start: AsyncIterable<SpiderOutput>, ctx: SpiderMiddlewareContext) {
    for await (const seed of start) {
      ctx.stats.inc('team/seeds');
      yield seed;
    }
  }
  async *processSpiderOutput(from: CrawlResponse | RequestFailure, outputs: AsyncIterable<SpiderOutput>) {
    for await (const output of outputs) {
      if (!(output instanceof CrawlRequest) && (output as { outlet?: boolean }).outlet) continue;
      yield output;
    }
    // An errback's outputs come here too, with the failure: only a listing page names the unlisted product.
    if (from instanceof CrawlResponse && from.request.callback === 'parse') yield new CrawlRequest({ url: from.urljoin(this.options.unlisted), callback: 'parseProduct' });
  }
  processSpiderException(response: CrawlResponse, error: unknown) {
    const sale = response.$('.sale').text();
    if (!sale) return null;
    return [{ sku: new URL(response.url).pathname, price: sale, currency: 'USD', url: response.url, recoveredFrom: String(error) }];
  }
}
`;

const logLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('an installed project with a spider middleware of its own', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  let installed: InstalledCopy;
  let clearance = '<span class="sale">$4.50</span>';
  const config = (spiderMiddlewares: unknown) =>
    writeFileSync(join(installed.dir, 'pricecrawl.config.json'), JSON.stringify({ robots: { obey: false }, politeness: { minIntervalMs: 0, jitterMs: 0 }, spiderMiddlewares }));
  const pricecrawl = (args: string[]) => runCommand(process.execPath, [installed.bin, ...args], { cwd: installed.dir });

  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/list', html('<a href="/p/1">1</a><a href="/p/2">2</a><a href="/p/clearance">c</a>'));
    server.route('/p/1', html('<span class="price">$19.99</span>'));
    server.route('/p/2', html('<span class="price">$9.99</span><span class="outlet">outlet</span>'));
    server.route('/p/clearance', (req, res) => html(clearance)(req, res));
    server.route('/p/unlisted', html('<span class="price">$29.00</span>'));
    installed = installedCopy();
    mkdirSync(join(installed.dir, 'spiders'));
    mkdirSync(join(installed.dir, 'middlewares'));
    writeFileSync(join(installed.dir, 'spiders', 'shop.ts'), SPIDER);
    writeFileSync(join(installed.dir, 'middlewares', 'team-filter.ts'), TEAM_FILTER);
  });
  afterAll(async () => {
    installed.cleanup();
    await server.close();
  });

  it('drops the outlet item, fetches the request it added, and keeps the clearance page its exception hook recovered', async () => {
    config({ add: { 'team-filter': { module: './middlewares/team-filter.ts', options: { unlisted: '/p/unlisted' } } } });
    const run = await pricecrawl(['crawl', 'shop', '-a', `base=${server.origin}`, '-s', 'log.format=json', '-O', 'out.jsonl']);
    expect(run.code, run.stderr).toBe(0);
    const lines = logLines(run.stderr);
    expect(lines.find((line) => line.msg === 'enabled spider middlewares')?.spiderMiddlewares).toEqual(['team-filter (./middlewares/team-filter.ts)']);
    // The request the middleware added was planned and fetched, once.
    expect(server.requestsTo('/p/unlisted')).toHaveLength(1);
    expect(run.stdout).toMatch(/planned\s+5\n/);
    expect(run.stdout).toMatch(/succeeded\s+5\n/);
    // The outlet item went nowhere; the clearance page's callback threw and the middleware's item stands in its place.
    const items = readFileSync(join(installed.dir, 'out.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; price: string; recoveredFrom?: string });
    expect(items.map((item) => [item.sku, item.price]).sort()).toEqual([['/p/1', '19.99'], ['/p/clearance', '4.50'], ['/p/unlisted', '29.00']]);
    expect(items.find((item) => item.sku === '/p/clearance')?.recoveredFrom).toContain('no .price');
    // Never silent: the recovery is logged with the error, and no code error is counted (exit 0 above).
    expect(lines.find((line) => line.msg === "a spider middleware recovered the callback's error")).toMatchObject({ middleware: 'team-filter', callback: 'parseProduct' });
    expect(run.stdout).toMatch(/team\/seeds\s+1\b/);
    // What the middleware did is in the summary (before: the outlet item was one "scraped" fewer, with no word why).
    expect(run.stdout).toMatch(/\n  Spider middlewares\n/);
    expect(run.stdout).toMatch(/team-filter: outputs dropped \(requests and items the callbacks yielded\)\s+1\n/);
    expect(run.stdout).toMatch(/team-filter: outputs added\s+1\n/);
    expect(run.stdout).toMatch(/team-filter: callback errors recovered \(the page's outputs are the middleware's\)\s+1\n/);
  });

  it('without a recovery the throwing page fails as the callback\'s error, as with no middleware', async () => {
    clearance = '<span>sold out</span>';
    config({ add: { 'team-filter': { module: './middlewares/team-filter.ts', options: { unlisted: '/p/unlisted' } } } });
    const run = await pricecrawl(['crawl', 'shop', '-a', `base=${server.origin}`, '-s', 'log.format=json']);
    clearance = '<span class="sale">$4.50</span>';
    expect(run.code, run.stdout).toBe(4);
    expect(run.stdout).toContain('callback "parseProduct": 1 page failed; first: Error: no .price on');
  });

  it('`parse` shows what the middlewares leave, as the crawl stores it: the outlet item dropped, the clearance page recovered', async () => {
    // Before, parse ran the callback alone: it printed the outlet item the crawl never stores, and failed the clearance page.
    config({ add: { 'team-filter': { module: './middlewares/team-filter.ts', options: { unlisted: '/p/unlisted' } } } });
    const outlet = await pricecrawl(['parse', `${server.origin}/p/2`, '--spider', 'shop', '--callback', 'parseProduct', '-a', `base=${server.origin}`]);
    expect(outlet.code, outlet.stderr).toBe(0);
    expect(outlet.stdout).toContain('items after the pipeline (0):');
    // And says why there is none.
    expect(outlet.stdout).toContain('spider middlewares: team-filter/dropped 1');
    const recovered = await pricecrawl(['parse', `${server.origin}/p/clearance`, '--spider', 'shop', '--callback', 'parseProduct', '-a', `base=${server.origin}`, '-s', 'log.format=json']);
    expect(recovered.code, recovered.stdout + recovered.stderr).toBe(0);
    expect(recovered.stdout).toContain('items after the pipeline (1):');
    expect(recovered.stdout).toContain('"price":"4.50"');
    expect(recovered.stdout).toContain('spider middlewares: team-filter/recovered 1');
    expect(logLines(recovered.stderr).find((line) => line.msg === "a spider middleware recovered the callback's error")).toMatchObject({ middleware: 'team-filter' });
  });

  it('a middleware whose hook returns no outputs is named as the bug, and no other middleware\'s file is given as where', async () => {
    writeFileSync(join(installed.dir, 'middlewares', 'lazy.ts'), `export default { name: 'lazy', processSpiderOutput: () => undefined };\n`);
    // team-filter is nearer the engine: its hook awaits lazy's outputs, so its line is on the failure's stack.
    config({ add: { 'team-filter': { module: './middlewares/team-filter.ts', options: { unlisted: '/p/unlisted' } }, lazy: { module: './middlewares/lazy.ts' } } });
    const run = await pricecrawl(['crawl', 'shop', '-a', `base=${server.origin}`]);
    expect(run.code, run.stdout).toBe(4);
    const line = run.stdout.split('\n').find((l) => l.includes('spider-middleware "lazy"'));
    expect(line).toContain('first: TypeError: returned nothing, not outputs:');
    // Before: "… at middlewares/team-filter.ts:13:31", the file of the middleware that did nothing wrong.
    expect(line).not.toContain('team-filter.ts');
  });

  it('refuses an anchor it does not know, with the name meant or where a Scrapy built-in\'s work is done', async () => {
    config({ add: { 'team-filter': { module: './middlewares/team-filter.ts', options: { unlisted: '/p/unlisted' } }, audit: { module: './middlewares/team-filter.ts', after: 'filter', options: { unlisted: '/p/unlisted' } } } });
    const typo = await pricecrawl(['crawl', 'shop', '-a', `base=${server.origin}`]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('spiderMiddlewares.add.audit: after names "filter", which is not in the chain; did you mean "team-filter"?');
    config({ add: { 'team-filter': { module: './middlewares/team-filter.ts', before: 'DepthMiddleware', options: { unlisted: '/p/unlisted' } } } });
    const scrapy = await pricecrawl(['crawl', 'shop', '-a', `base=${server.origin}`]);
    expect(scrapy.code).toBe(2);
    expect(scrapy.stderr).toContain('spiderMiddlewares.add.team-filter: "DepthMiddleware" is no spider middleware here; its work is done by the depth.limit setting');
  });
});
