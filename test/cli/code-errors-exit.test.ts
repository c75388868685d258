// Work lost to the project's own code on some pages only (a callback broken on one page template, a
// middleware, a stage and an extension that throw now and then) ends the run with exit 4 and a LOST TO ERRORS IN CODE
// section on every surface, not as a clean run whose failures hide among the permanent ones.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunLosses } from '../../src/engine/run-losses';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

/** In stock pages have a price box; the out-of-stock template lacks it, and the selector's result is read anyway. */
const SPIDER = `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  base = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = [new URL(this.base).host];
  startUrls = ['a', 'b', 'c', 'gone', 'bad-sku', 'sign-fails'].map((id) => this.base + '/p/' + id);
  async *parse(res) {
    const price = res.$('.price').first().attr('data-amount');
    yield { sku: res.$('h1').text(), price: price.trim() + ' EUR', url: res.url };
  }
}
`;

const MIDDLEWARE = `
export default class Sign {
  processRequest(request) {
    if (request.url.endsWith('/p/sign-fails')) throw new Error('signing key missing');
    return { type: 'continue' };
  }
}
`;

const STAGE = `
export default class Tag {
  process(item) {
    if (item.sku === 'SKU-BAD') throw new RangeError('sku table has no ' + item.sku);
    return item;
  }
}
`;

/** A partner feed that chokes on one item: that item never reached the partner. */
const EXTENSION = `
export default {
  register(events) {
    events.on('item.stored', ({ item }) => {
      if (item.sku === 'SKU-C') throw new Error('feed rejected ' + item.sku);
    });
  },
};
`;

const page = (sku: string, inStock: boolean) =>
  `<html><body><h1>${sku}</h1>${inStock ? '<span class="price" data-amount="12.50">12,50 €</span>' : '<p class="oos">Out of stock</p>'}</body></html>`;

describe('a run that lost pages and items to errors in its own code', { timeout: 120_000 }, () => {
  let project: TeamProject;
  let site: FixtureServer;
  let crawl: CliRun;
  const children = childTracker();
  const storage = () => join(project.root, 'crawl-storage');

  beforeAll(async () => {
    [site] = await startFixtureServers(1, { builtInRoutes: false });
    const skus: Record<string, [string, boolean]> = { a: ['SKU-A', true], b: ['SKU-B', true], c: ['SKU-C', true], gone: ['SKU-GONE', false], 'bad-sku': ['SKU-BAD', true], 'sign-fails': ['SKU-S', true] };
    site.route('/p/:id', (_req, res, ctx) => {
      const [sku, inStock] = skus[ctx.params.id];
      res.writeHead(200, { 'content-type': 'text/html' }).end(page(sku, inStock));
    });
    const config = {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      robots: { obey: false },
      log: { format: 'json' },
      middlewares: { add: { sign: { module: './middlewares/sign.mjs' } } },
      pipeline: { add: { tag: { module: './pipelines/tag.mjs', before: 'dedupe' } } },
      extensions: { 'partner-feed': { module: './extensions/partner-feed.mjs' } },
    };
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify(config),
      'spiders/shop.mjs': SPIDER,
      'middlewares/sign.mjs': MIDDLEWARE,
      'pipelines/tag.mjs': STAGE,
      'extensions/partner-feed.mjs': EXTENSION,
    });
    crawl = await cli(['crawl', 'shop', '-a', `base=${site.origin}`], { cwd: project.root, onStart: children.track });
  });
  afterAll(async () => {
    children.killAll();
    await site.close();
    project.cleanup();
  });

  it('exits 4 and names each component, its count, its first error and where', () => {
    // Before: exit 0; callback/error and engine/middleware-error sat among the permanent failures. Before too: no
    // file and line of the team's code (`at spiders/shop.mjs:10:51`), only the message, the stack left in the log.
    expect(crawl.code, crawl.stderr.slice(-2000)).toBe(4);
    expect(crawl.stdout).toContain('accounting: planned 6 = succeeded 4 + failed 2 + pending 0');
    const section = crawl.stdout.slice(crawl.stdout.indexOf('LOST TO ERRORS IN CODE')).split('\n\n')[0].split('\n');
    expect(section).toEqual([
      'LOST TO ERRORS IN CODE (a callback, errback, middleware, stage or extension of the project threw; fix it and run again): 4',
      `  callback "parse": 1 page failed; first: TypeError: Cannot read properties of undefined (reading 'trim') at spiders/shop.mjs:10:51 (${site.origin}/p/gone)`,
      `  extension "partner-feed": 1 event failed; first: Error: feed rejected SKU-C at extensions/partner-feed.mjs:5:39 (${site.origin}/p/c)`,
      `  middleware "sign": 1 request failed; first: middleware "sign" processRequest: threw signing key missing at middlewares/sign.mjs:4:54 (${site.origin}/p/sign-fails)`,
      `  stage "tag": 1 item dropped; first: RangeError: sku table has no SKU-BAD at pipelines/tag.mjs:4:39 (${site.origin}/p/bad-sku)`,
    ]);
  });

  it('`runs` and `status` show them in text and JSON, with exit 4 on record', async () => {
    const table = await cli(['runs', '--storage', storage()], { cwd: project.root });
    expect(table.stdout.split('\n')[1]).toMatch(/\b4\b.*4 code errors$/);
    const [record] = (await cli(['runs', '--storage', storage(), '--json'], { cwd: project.root })).stdout.trim().split('\n').map((line) => JSON.parse(line) as { exitCode: number; losses: RunLosses });
    expect(record.exitCode).toBe(4);
    expect(record.losses.codeErrors.map((e) => [e.kind, e.name, e.count, e.firstUrl])).toEqual([
      ['callback', 'parse', 1, `${site.origin}/p/gone`],
      ['extension', 'partner-feed', 1, `${site.origin}/p/c`],
      ['middleware', 'sign', 1, `${site.origin}/p/sign-fails`],
      ['stage', 'tag', 1, `${site.origin}/p/bad-sku`],
    ]);
    const status = await cli(['status', '--storage', storage()], { cwd: project.root });
    expect(status.stdout).toContain(`  stage "tag": 1 item dropped; first: RangeError: sku table has no SKU-BAD at pipelines/tag.mjs:4:39 (${site.origin}/p/bad-sku)`);
    expect(status.stdout).toContain('exit code on record: 4');
  });

  it('the HTML report lists them under the same heading', async () => {
    const file = join(project.root, 'report.html');
    const [record] = (await cli(['runs', '--storage', storage(), '--json'], { cwd: project.root })).stdout.trim().split('\n').map((line) => JSON.parse(line) as { runId: string });
    const run = await cli(['report', record.runId, '--storage', storage(), '--output', file], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    const $ = cheerio.load(readFileSync(file, 'utf8'));
    expect($('#losses h2').text()).toBe('What this run lost (exit 4)');
    expect($('#losses h3').map((_, h) => $(h).text()).get()).toEqual(['LOST TO ERRORS IN CODE: 4']);
    expect($('table.code-errors tbody tr').first().find('td').map((_, td) => $(td).text()).get()).toEqual([
      'callback "parse": 1 page failed',
      "TypeError: Cannot read properties of undefined (reading 'trim') at spiders/shop.mjs:10:51",
      `${site.origin}/p/gone`,
    ]);
  });
});
