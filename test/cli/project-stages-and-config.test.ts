// A project's own item stages and config reach every command, from any folder of the project:
// `parse` runs the crawl's stages (the project's `pipeline.add` and the spider's itemSchema included), and a
// command run from a subfolder uses the project's settings and storage dir, as it uses its spiders.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { teamProject } from '../support/team-project';

/** Three items on one page: one the project's stage drops, one the spider's own schema refuses, one that passes (and is tagged). */
const SPIDER = `
import { Spider } from 'pricecrawl';
export class TeamSpider extends Spider {
  name = 'team';
  base = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = [new URL(this.base).host];
  startUrls = [this.base + '/list'];
  // Duck-typed like zod (safeParse): the spider's own rule, that every item has a name.
  itemSchema = { safeParse: (item) => (item.name ? { success: true } : { success: false, error: { issues: [{ path: ['name'], message: 'a name is required' }] } }) };
  async *parse(res) {
    yield { sku: 'R-1', name: 'refurbished kettle', price: '9,99 €', url: res.url };
    yield { sku: 'N-1', price: '5,00 €', url: res.url };
    yield { sku: 'K-1', name: 'kettle', price: '19,99 €', url: res.url };
  }
}
`;

const STAGE = `
export default class DropRefurbished {
  process(item) {
    if (String(item.name).startsWith('refurbished')) return { dropped: true, reason: 'team/refurbished', detail: 'sold apart:\\nsee the outlet' };
    return { ...item, team: 'pricing' };
  }
}
`;

describe('project stages and config in every command', { timeout: 120_000 }, () => {
  let project: string;
  let site: FixtureServer;
  const base = () => site.origin;

  beforeAll(async () => {
    [site] = await startFixtureServers(1, { builtInRoutes: false });
    site.route('/list', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>list</body></html>'));
    const config = { politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { format: 'json' }, pipeline: { add: { 'drop-refurbished': { module: './pipelines/drop-refurbished.mjs', before: 'dedupe' } } } };
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify(config),
      'spiders/team.mjs': SPIDER,
      'pipelines/drop-refurbished.mjs': STAGE,
    }).root;
  });
  afterAll(async () => {
    await site.close();
    rmSync(project, { recursive: true, force: true });
  });

  it('parse runs the project stage and the spider schema, as the crawl does', async () => {
    const run = await cli(['parse', `${base()}/list`, '--spider', 'team', '-a', `base=${base()}`], { cwd: project });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`items after the pipeline (1):\n  {"sku":"K-1","name":"kettle","price":"19.99","url":"${base()}/list","currency":"EUR","team":"pricing"}`);
    expect(run.stdout).toContain('dropped by the pipeline (2):\n  team/refurbished: ');
    // The stage's detail under its item, its line break folded: a detail cannot forge a line of its own.
    expect(run.stdout).toMatch(/ {2}team\/refurbished: \{"sku":"R-1"[^\n]*\}\n {4}sold apart: see the outlet\n/);
    expect(run.stdout).toContain('  invalid/name: {"sku":"N-1"');
  });

  it('a crawl from a subfolder uses the project config (its stage, its storage dir), not none', async () => {
    const run = await cli(['crawl', 'team', '-a', `base=${base()}`], { cwd: join(project, 'spiders') });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('team/refurbished: 1');
    expect(existsSync(join(project, 'crawl-storage', 'items.sqlite'))).toBe(true);
    expect(existsSync(join(project, 'spiders', 'crawl-storage'))).toBe(false);
    // And the runs are where a command from the project folder looks.
    expect((await cli(['runs', '--spider', 'team'], { cwd: project })).stdout).toContain('finished');
  });
});
