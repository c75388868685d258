// A team declares its item rules with the zod pricecrawl exports (`import { z } from 'pricecrawl'`): before, the
// docs said `npm install zod@4`, and a project without it stopped at load with "Cannot find package 'zod'".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

/** A product needs a name of at least two letters; the second item has none. */
const SPIDER = `
import { Spider, z } from 'pricecrawl';
export class CatalogSpider extends Spider {
  name = 'catalog';
  itemSchema = z.object({ name: z.string().min(2) });
  async *parse(res) {
    for (const product of res.json().products) yield { sku: product.sku, name: product.name, price: product.price, currency: 'EUR', url: res.url, source: 'api' };
  }
}
`;

describe('item rules with the zod pricecrawl exports', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/api/products', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ products: [{ sku: 'K-1', name: 'Kettle', price: '19.99' }, { sku: 'T-1', price: '9.99' }] })));
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ robots: { obey: false } }),
      'spiders/catalog.mjs': SPIDER,
    });
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('parse keeps the item that passes and drops the other as invalid/name', async () => {
    const run = await cli(['parse', server.url('/api/products'), '--spider', 'catalog'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('items after the pipeline (1):\n  {"sku":"K-1","name":"Kettle","price":"19.99","currency":"EUR"');
    expect(run.stdout).toMatch(/dropped by the pipeline \(1\):\n {2}invalid\/name: \{"sku":"T-1"/);
  });
});
