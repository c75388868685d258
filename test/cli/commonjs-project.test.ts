// A CommonJS project (no "type": "module") writes its spiders as CommonJS: `.js` with require and module.exports, or `.cjs`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const spider = (name: string, className: string) => `
const { Spider } = require('pricecrawl');
class ${className} extends Spider {
  name = '${name}';
  base = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = [new URL(this.base).host];
  startUrls = [this.base + '/p/1'];
  async *parse(res) {
    yield { sku: '${name}-1', name: res.$('h1').text(), price: res.$('.price').text(), url: res.url };
  }
}
module.exports = { ${className} };
`;

describe('a CommonJS project', { timeout: 120_000 }, () => {
  let project: TeamProject;
  let site: FixtureServer;

  beforeAll(async () => {
    [site] = await startFixtureServers(1, { builtInRoutes: false });
    site.route('/p/1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html lang="de"><body><h1>Kessel</h1><span class="price">1.299,00 €</span></body></html>'));
    project = teamProject({
      'package.json': JSON.stringify({ name: 'legacy-team', private: true }),
      'pricecrawl.config.json': JSON.stringify({ politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { format: 'json' } }),
      'spiders/kettle.js': spider('kettle-js', 'KettleSpider'),
      'spiders/kessel.cjs': spider('kessel-cjs', 'KesselSpider'),
    });
  });
  afterAll(async () => {
    await site.close();
    project.cleanup();
  });

  it('finds .js and .cjs spiders by name and crawls with them', async () => {
    const list = await cli(['list'], { cwd: project.root });
    expect(list.stderr).toBe('');
    expect(list.stdout).toBe('kessel-cjs  (127.0.0.1:9)\nkettle-js  (127.0.0.1:9)\n');
    for (const name of ['kettle-js', 'kessel-cjs']) {
      const crawl = await cli(['crawl', name, '-a', `base=${site.origin}`, '-O', `${name}.jsonl`], { cwd: project.root });
      expect(crawl.code, crawl.stderr).toBe(0);
      expect(crawl.stdout).toContain('items: scraped 1, written 1');
    }
  });
});
