// `export --spider x --latest` when the latest run stored nothing (a scheduled `--due` run with nothing due): still
// refused, never another run's items in its place, but the line names the run that has items and how to export it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli, runRecordsJson } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

describe('export --latest of a spider whose latest run has no items', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="/p/1">1</a>'));
    server.route('/p/1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<span class="price">$19.99</span>'));
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ robots: { obey: false }, politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { format: 'json' } }),
      'spiders/shop.mjs': `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  allowedDomains = ['${server.hostKey}'];
  startUrls = ['${server.url('/list')}'];
  productCallback = 'parseProduct';
  async *parse(res) { yield* res.followAll('a', 'parseProduct'); }
  async *parseProduct(res) { yield { sku: 'P1', price: res.$('.price').text(), url: res.url }; }
}
`,
    });
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('refuses, naming the latest run with items and the command that exports it', async () => {
    expect((await cli(['crawl', 'shop'], { cwd: project.root })).code).toBe(0);
    expect((await cli(['crawl', 'shop', '--due'], { cwd: project.root })).code).toBe(0);
    const [full, due] = await runRecordsJson<{ runId: string; items: number }>(['--storage', `${project.root}/crawl-storage`]);
    expect([full.items, due.items]).toEqual([1, 0]);

    const run = await cli(['export', '--spider', 'shop', '--latest', '-O', 'items.csv'], { cwd: project.root });
    // Before: "export: run <due> has no items in <dir> (see pricecrawl runs)", naming neither why nor the run to take.
    expect(run.stderr.trimEnd()).toBe(`pricecrawl: export: run ${due.runId} has no items in ${project.root}/crawl-storage (the latest run of shop, mode due); its latest run with items is ${full.runId}: pricecrawl export ${full.runId} -o <file>`);
    expect(run.code).toBe(2);
  });
});
