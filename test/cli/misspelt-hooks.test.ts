// A project component with a method spelled almost like one of its hooks (`processResponce`) stops the start:
// the engine calls hooks by name, so the misspelt one would never run and nothing would say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const spider = (origin: string) => `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  allowedDomains = ['${new URL(origin).host}'];
  startUrls = ['${origin}/p/1'];
  async *parse(res) { yield { sku: 'P1', price: res.$('.price').text(), currency: 'USD', url: res.url }; }
}
`;

const MISSPELT: Array<{ label: string; section: 'middlewares' | 'pipeline' | 'extensions'; file: string; source: string; line: string }> = [
  {
    label: 'a middleware whose response check is spelt processResponce',
    section: 'middlewares',
    file: 'middlewares/reject-block-pages.mjs',
    source: "export default class RejectBlockPages {\n  processRequest() { return { type: 'continue' }; }\n  processResponce() { return { type: 'fail', reason: 'team/blocked' }; }\n}\n",
    line: 'middleware "team-check" (./middlewares/reject-block-pages.mjs): method processResponce is no middleware hook and would never be called; did you mean processResponse? (middleware hooks: open, processRequest, processResponse, processError, checkRedirect, awaitRedirect, close)',
  },
  {
    label: 'a stage object whose page hook is spelt pagedone',
    section: 'pipeline',
    file: 'pipelines/count-pages.mjs',
    source: 'export default { process(item) { return item; }, pagedone() {} };\n',
    line: 'stage "team-check" (./pipelines/count-pages.mjs): method pagedone is no stage hook and would never be called; did you mean pageDone? (stage hooks: open, process, pageDone, close)',
  },
  {
    label: 'an extension whose close is spelt Close',
    section: 'extensions',
    file: 'extensions/pager.mjs',
    source: 'export default class Pager {\n  register() {}\n  Close() {}\n}\n',
    line: 'extension "team-check" (./extensions/pager.mjs): method Close is no extension hook and would never be called; did you mean close? (extension hooks: register, idle, close)',
  },
  {
    label: 'an extension whose idle hook is named spider_idle, as in Scrapy',
    section: 'extensions',
    file: 'extensions/pager.mjs',
    source: 'export default class Pager {\n  register() {}\n  spider_idle(ctx) {}\n}\n',
    line: 'extension "team-check" (./extensions/pager.mjs): method spider_idle is no extension hook and would never be called; did you mean idle? (extension hooks: register, idle, close)',
  },
];

function configFor(section: string, module: string): Record<string, unknown> {
  const entry = { 'team-check': { module: `./${module}` } };
  if (section === 'extensions') return { extensions: entry };
  return section === 'pipeline' ? { pipeline: { add: entry } } : { middlewares: { add: entry } };
}

describe('a project component with a misspelt hook', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  const projects: TeamProject[] = [];
  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/p/1', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<span class="price">$19.99</span>'));
  });
  afterAll(async () => {
    projects.forEach((project) => project.cleanup());
    await server.close();
  });

  const projectWith = (section: string, file: string, source: string): string => {
    const project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ ...configFor(section, file), robots: { obey: false }, politeness: { minIntervalMs: 0, jitterMs: 0 } }),
      'spiders/shop.mjs': spider(server.origin),
      [file]: source,
    });
    projects.push(project);
    return project.root;
  };

  it.each(MISSPELT)('$label: exit 2, one line naming the method and the hook, no request sent', async ({ section, file, source, line }) => {
    const before = server.requests.length;
    const run = await cli(['crawl', 'shop'], { cwd: projectWith(section, file, source) });
    // Before: the crawl ran without the misspelt hook and exited 0 (the middleware's block check never looked at a page).
    expect(run.stderr.trimEnd()).toBe(`pricecrawl: ${line}`);
    expect(run.code).toBe(2);
    expect(server.requests.length).toBe(before);
  });

  it('helpers named unlike any hook (clone, processRequestHeaders) are left alone', async () => {
    const source = "export default class Helpers {\n  clone() { return this; }\n  processRequestHeaders() {}\n  processRequest() { return { type: 'continue' }; }\n}\n";
    const run = await cli(['crawl', 'shop', '-s', 'log.format=json'], { cwd: projectWith('middlewares', 'middlewares/helpers.mjs', source) });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('items: scraped 1, written 1');
  });
});
