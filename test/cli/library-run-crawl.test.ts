// A team's plain Node program runs a crawl with the package's runCrawl (no CLI), reads the run back through
// openRequestQueue (where the project's config keeps it), and exits by itself: settings layered as the command
// layers them, mistakes named.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { runCommand } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

/** Two products; its own settings would stop the run after one item, the program's settings lift that. */
const SPIDER = `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  allowedDomains = [new URL(this.args.base).host];
  startUrls = [this.args.base + '/list'];
  settings = { closeSpider: { itemCount: 1 } };
  async *parse(res) {
    yield* res.followAll('a.product', 'parseProduct');
  }
  async *parseProduct(res) {
    yield { sku: res.$('h1').text(), price: res.$('.price').text(), url: res.url };
  }
}
`;

const PROGRAM = `
import { openRequestQueue, runCrawl } from 'pricecrawl';
import { ShopSpider } from './spiders/shop.mjs';

const { summary, exitCode } = await runCrawl({ spider: ShopSpider, args: { base: process.argv[2] }, settings: { closeSpider: { itemCount: 0 } }, output: ['items.jsonl'] });
// No options: the queue is where the project's config puts the crawl's storage (data/), as for a command.
const { queue, close } = await openRequestQueue(summary.runId);
const info = await queue.getInfo();
await close();
const refusal = async (options) => runCrawl(options).then(() => 'ran', (error) => error.code + ': ' + error.message);
const misspelt = await refusal({ spider: ShopSpider, args: { base: process.argv[2] }, settings: { politeness: { minIntervalMS: 5 } } });
const argsToInstance = await refusal({ spider: new ShopSpider({ base: process.argv[2] }), args: { base: process.argv[2] } });
const noSuchRun = await openRequestQueue('nightly-0').then(() => 'opened', (error) => error.code + ': ' + error.message);
process.stdout.write(JSON.stringify({ runId: summary.runId, status: summary.status, ledger: summary.ledger, exitCode, handled: info.handledRequestCount, misspelt, argsToInstance, noSuchRun }));
`;

describe('runCrawl from a plain Node program', { timeout: 60_000 }, () => {
  let site: FixtureServer;
  let project: TeamProject;

  beforeAll(async () => {
    [site] = await startFixtureServers(1, { builtInRoutes: false });
    const html = (body: string) => `<html lang="de"><body>${body}</body></html>`;
    site.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html('<a class="product" href="/p/1">1</a><a class="product" href="/p/2">2</a>')));
    site.route('/p/:n', (_req, res, ctx) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html(`<h1>P-${ctx.params.n}</h1><p class="price">1.234,5${ctx.params.n} €</p>`)));
    const config = { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, log: { format: 'json', level: 'warn' }, storage: { dir: 'data' } };
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify(config),
      'spiders/shop.mjs': SPIDER,
      'nightly.mjs': PROGRAM,
    });
  });
  afterAll(async () => {
    await site.close();
    project.cleanup();
  });

  it('crawls with the project config under the program settings, writes the feed, exits by itself; mistakes name the fix', async () => {
    // Nothing it opened holds the process: it ends when the program's last line has run.
    const { code, stdout, stderr } = await runCommand(process.execPath, ['nightly.mjs', site.origin], { cwd: project.root });
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout) as Record<string, unknown>;
    // The program's closeSpider.itemCount (0, off) is over the spider's (1): both products, a clean finish.
    expect(result).toMatchObject({ status: 'finished', exitCode: 0, ledger: { planned: 3, succeeded: 3, failed: 0, pending: 0 }, handled: 3 });
    expect(existsSync(join(project.root, 'crawl-storage'))).toBe(false);
    const items = readFileSync(join(project.root, 'items.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; price: string; currency: string });
    expect(items.map(({ sku, price, currency }) => ({ sku, price, currency })).sort((a, b) => a.sku.localeCompare(b.sku))).toEqual([
      { sku: 'P-1', price: '1234.51', currency: 'EUR' },
      { sku: 'P-2', price: '1234.52', currency: 'EUR' },
    ]);
    expect(result.misspelt).toBe('SETTINGS_INVALID: invalid settings:\n  politeness.minIntervalMS: unknown setting (from runCrawl); did you mean "politeness.minIntervalMs"?');
    // Before: the queue's default was ./crawl-storage whatever the project said, and a run id it lacks was "no run … in this frontier".
    expect(result.noSuchRun).toBe(`FRONTIER_NO_RUN: no run "nightly-0" in ${join(project.root, 'data', 'frontier.sqlite')}: a run's queue opens once a crawl has created the run; its runs: ${String(result.runId)} (pricecrawl runs lists them with their spiders)`);
    expect(result.argsToInstance).toBe('USAGE: runCrawl: args are given to a spider\'s constructor; pass the class (spider: ShopSpider) with args, or make the spider with them yourself');
  });
});
