// What a team building on pricecrawl reaches for, as a Scrapy or Crawlee user would: a spider's own logger
// (`this.logger`), a middleware that plans a request of its own from a response (`ctx.schedule`), and an item
// store of the project's own (`storage.items`, the ItemStore port). Before, `this.logger` was undefined (every
// page failed as callback/error), `ctx.schedule` did not exist (engine/middleware-error), and `storage.items`
// was refused as an unknown setting: a store of one's own meant a fork; then its runs had no price history.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject } from '../support/shop-project';
import type { TeamProject } from '../support/team-project';

/** Product pages name their stock API in a header; the spider reads the stock and logs it through its logger. */
const SPIDER = `
import { Spider } from 'pricecrawl';
export class StockSpider extends Spider {
  name = 'stock';
  base = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = [new URL(this.base).host];
  startUrls = [this.base + '/list'];
  async *parse(res) { yield* res.followAll('a', 'parseProduct'); }
  async *parseProduct(res) {
    this.logger.info({ sku: new URL(res.url).pathname }, 'product read');
    yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url };
  }
  async *parseStock(res) { this.logger.warn({ stock: res.json().stock, url: res.url }, 'stock read'); }
}
`;

const FOLLOW_STOCK_API = `
import { CrawlRequest } from 'pricecrawl';
export default class FollowStockApi {
  processResponse(request, response, ctx) {
    const api = response.header('x-stock-api');
    if (api) ctx.schedule(new CrawlRequest({ url: response.urljoin(api), callback: 'parseStock', meta: { from: request.url } }));
    return { type: 'accept', response };
  }
}
`;

/** The team's own store: JSON lines, upserted by key; it implements every method of the ItemStore port. */
const JSONL_STORE = `
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
export default class JsonlStore {
  constructor(options) { this.path = join(import.meta.dirname, '..', options.file); }
  rows() { return existsSync(this.path) ? readFileSync(this.path, 'utf8').split('\\n').filter(Boolean).map((line) => JSON.parse(line)) : []; }
  async writeBatch(items) {
    const rows = new Map(this.rows().map((row) => [row.runId + ' ' + row.key, row]));
    for (const item of items) rows.set(item.runId + ' ' + item.key, item);
    writeFileSync(this.path, [...rows.values()].map((row) => JSON.stringify(row)).join('\\n') + '\\n');
  }
  async countItems(runId) { return this.rows().filter((row) => runId === undefined || row.runId === runId).length; }
  async *iterateItems(runId) { yield* this.rows().filter((row) => row.runId === runId); }
  async close() {}
}
`;

const logLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a team project: spider logger, middleware-scheduled requests, its own item store', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  let priceOfP2 = '$19.99';
  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="/p/1">1</a><a href="/p/2">2</a>'));
    server.route('/p/:n', (req, res) => {
      const n = (req.url ?? '').split('/').pop();
      void res.writeHead(200, { 'content-type': 'text/html', 'x-stock-api': `/api/stock/${n}` }).end(`<span class="price">${n === '2' ? priceOfP2 : '$19.99'}</span>`);
    });
    server.route('/api/stock/:n', (req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ stock: Number((req.url ?? '').split('/').pop()) * 3 })));
    project = shopProject(
      server,
      {
        middlewares: { add: { 'follow-stock-api': { module: './middlewares/follow-stock-api.mjs' } } },
        storage: { items: { module: './storage/jsonl-store.mjs', options: { file: 'warehouse.jsonl' } } },
      },
      { 'spiders/stock.mjs': SPIDER, 'middlewares/follow-stock-api.mjs': FOLLOW_STOCK_API, 'storage/jsonl-store.mjs': JSONL_STORE },
    );
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('crawls with all three: the logger writes the crawl log, scheduled requests are fetched, items go to the team store', async () => {
    const run = await cli(['crawl', 'stock', '-a', `base=${server.origin}`, '-s', 'log.format=json'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    const lines = logLines(run.stderr);
    // The spider's lines are the crawl's: same stream, bound with the spider, at the level it asked for.
    const read = lines.filter((line) => line.msg === 'product read');
    expect(read.map((line) => line.sku).sort()).toEqual(['/p/1', '/p/2']);
    expect(read.every((line) => line.spider === 'stock' && line.level === 30)).toBe(true);
    // The stock API requests a middleware scheduled were planned, fetched and handed to the spider's callback.
    const stock = lines.filter((line) => line.msg === 'stock read');
    expect(stock.map((line) => line.stock).sort()).toEqual([3, 6]);
    expect(stock.every((line) => line.level === 40)).toBe(true);
    expect(run.stdout).toMatch(/planned\s+5\n/);
    expect(run.stdout).toMatch(/succeeded\s+5\n/);
    // The items are in the team's store, not in the backend's items file.
    const rows = readFileSync(join(project.root, 'warehouse.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; price: string });
    expect(rows.map((row) => [row.sku, row.price]).sort()).toEqual([['/p/1', '19.99'], ['/p/2', '19.99']]);
    expect(run.stdout).toContain('the run holds 2');
    // The history is fed from the team store: no warning that it is not recorded.
    expect(lines.filter((line) => String(line.msg).includes('price history'))).toEqual([]);
  });

  it('records the price history of runs whose items went to the team store: changes lists what moved', async () => {
    // Before, the history compared only the backend's items table: no change was ever recorded for these runs.
    priceOfP2 = '$17.25';
    const second = await cli(['crawl', 'stock', '-a', `base=${server.origin}`, '-s', 'log.format=json'], { cwd: project.root });
    expect(second.code, second.stderr).toBe(0);
    expect(logLines(second.stderr).find((line) => line.msg === 'price changes recorded')).toMatchObject({ changes: 1 });
    const changes = await cli(['changes', '--spider', 'stock', '--json'], { cwd: project.root });
    expect(changes.code, changes.stderr).toBe(0);
    expect(changes.stderr).toBe('');
    const events = changes.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toEqual([expect.objectContaining({ spider: 'stock', sku: '/p/2', oldPrice: '19.99', newPrice: '17.25', oldCurrency: 'USD', newCurrency: 'USD' })]);
    priceOfP2 = '$19.99';
  });

  it('exports a run from the team store, as every store command reads it', async () => {
    // The team's warehouse is the record: a correction made there is what the export gives.
    const warehouse = join(project.root, 'warehouse.jsonl');
    const rows = readFileSync(warehouse, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; price: string; data: { price: string } });
    const corrected = rows.map((row) => (row.sku === '/p/1' ? { ...row, price: '18.49', data: { ...row.data, price: '18.49' } } : row));
    writeFileSync(warehouse, corrected.map((row) => JSON.stringify(row)).join('\n') + '\n');
    const out = join(project.root, 'out.jsonl');
    const exported = await cli(['export', '--spider', 'stock', '--latest', '-O', out], { cwd: project.root });
    expect(exported.code, exported.stderr).toBe(0);
    const records = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; price: string });
    expect(records.map((record) => record.price).sort()).toEqual(['17.25', '18.49']);
  });

  it('parse shows what the spider logs, runs the project middlewares, and shows what they schedule without fetching it', async () => {
    const stockFetchesBefore = server.requests.filter((r) => r.path === '/api/stock/1').length;
    const parsed = await cli(['parse', server.url('/p/1'), '--spider', 'stock', '--callback', 'parseProduct', '-a', `base=${server.origin}`, '-s', 'log.format=json'], { cwd: project.root });
    expect(parsed.code, parsed.stderr).toBe(0);
    expect(logLines(parsed.stderr).find((line) => line.msg === 'product read')).toMatchObject({ spider: 'stock', sku: '/p/1', level: 30 });
    // The page is the one the crawl gets: it went through the project's middleware, which planned the stock API.
    expect(parsed.stderr).toContain("parse: through the project's downloader middlewares follow-stock-api (spider stock)");
    expect(logLines(parsed.stderr).find((line) => line.msg === 'a middleware scheduled a request: a crawl would fetch it, this command does not')).toMatchObject({ url: server.url('/api/stock/1'), callback: 'parseStock' });
    expect(server.requests.filter((r) => r.path === '/api/stock/1')).toHaveLength(stockFetchesBefore);
  });

  it('a middleware that schedules a URL string instead of a request fails that request naming the fix (exit 4)', async () => {
    const wrong = shopProject(server, { middlewares: { add: { 'schedule-url': { module: './middlewares/schedule-url.mjs' } } } }, {
      'middlewares/schedule-url.mjs': "export default { processResponse(request, response, ctx) { ctx.schedule(response.url + '/api'); return { type: 'accept', response }; } };",
    });
    try {
      const run = await cli(['crawl', 'shop', '-s', 'log.format=json'], { cwd: wrong.root });
      expect(run.code).toBe(4);
      const failed = logLines(run.stderr).find((line) => line.middleware === 'schedule-url');
      expect(String(failed?.msg)).toContain("ctx.schedule takes a CrawlRequest (new CrawlRequest({ url, callback: 'parseStock' }), imported from 'pricecrawl'); got the string");
      expect(run.stdout).toContain('engine/middleware-error');
    } finally {
      wrong.cleanup();
    }
  });

  it('refuses a store that is no whole ItemStore at start, naming what it lacks, before a run exists', async () => {
    const half = shopProject(server, { storage: { items: { module: './storage/half-store.mjs' } } }, {
      'storage/half-store.mjs': 'export default { async writeBatch() {}, async countItems() { return 0; } };',
    });
    try {
      const run = await cli(['crawl', 'shop'], { cwd: half.root });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('storage.items (./storage/half-store.mjs): the store lacks iterateItems, close');
      const runs = await cli(['runs', '--json'], { cwd: half.root });
      expect(runs.stdout.trim()).toBe('');
    } finally {
      half.cleanup();
    }
  });
});
