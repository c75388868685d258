// A project file that moves a built-in middleware or stage (Scrapy's `{'…RetryMiddleware': 650}`), or puts its own
// replacement of one elsewhere, crawled by the real CLI against a loopback shop: the chain stands as the file says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { childTracker, cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const SPIDER = `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  base = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = [new URL(this.base).host];
  startUrls = ['/p/1', '/p/2'].map((path) => this.base + path);
  async *parse(res) {
    yield { sku: new URL(res.url).pathname, price: '1.00 EUR', url: res.url };
  }
}
`;

/** The team's own retry: it only counts what it sees (a replacement standing elsewhere than the built-in did). */
const RETRY = `
import { CONTINUE } from 'pricecrawl';
export default class TeamRetry {
  processRequest(_request, ctx) { ctx.stats.inc('team/retry-saw'); return CONTINUE; }
}
`;

const BASE = { politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { format: 'json' } };

interface LogLine { msg: string; middlewares?: string[]; stages?: string[] }

describe('a project file that moves a built-in', { timeout: 60_000 }, () => {
  let site: FixtureServer;
  const projects: TeamProject[] = [];
  const children = childTracker();

  beforeAll(async () => {
    [site] = await startFixtureServers(1, { builtInRoutes: false });
    site.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
    site.route('/p/:id', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>p</body></html>'));
  });
  afterAll(async () => {
    children.killAll();
    await site.close();
    projects.forEach((project) => project.cleanup());
  });

  const crawl = async (config: object) => {
    const project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ ...BASE, ...config }),
      'spiders/shop.mjs': SPIDER,
      'middlewares/team-retry.mjs': RETRY,
    });
    projects.push(project);
    const run = await cli(['crawl', 'shop', '-a', `base=${site.origin}`], { cwd: project.root, onStart: children.track });
    const lines = run.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogLine);
    return { ...run, middlewares: lines.find((l) => l.middlewares)?.middlewares, stages: lines.find((l) => l.stages)?.stages };
  };

  it('an entry with before/after and no module moves the built-in of its name (before: "module: expected string")', async () => {
    const run = await crawl({ middlewares: { add: { offsite: { after: 'sessions' } } }, pipeline: { add: { dedupe: { before: 'price-coercion' } } } });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(run.stdout).toContain('items: scraped 2, written 2');
    expect(run.middlewares).toEqual(['http-errors', 'retry', 'block-detection', 'circuit-breaker', 'adaptive-throttle', 'sessions', 'offsite (moved after sessions)', 'robots-txt', 'meta-refresh', 'raw-capture']);
    expect(run.stages?.slice(0, 3)).toEqual(['pii-redaction', 'dedupe (moved before price-coercion)', 'price-coercion']);
  });

  it("a replacement with before/after stands where they say (before: in the built-in's place, before/after ignored)", async () => {
    const run = await crawl({ middlewares: { add: { retry: { module: './middlewares/team-retry.mjs', after: 'sessions' } } } });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(run.middlewares).toEqual(['http-errors', 'offsite', 'block-detection', 'circuit-breaker', 'adaptive-throttle', 'sessions', 'retry (./middlewares/team-retry.mjs)', 'robots-txt', 'meta-refresh', 'raw-capture']);
    expect(run.stdout).toMatch(/team\/retry-saw\s+\d+/);
  });

  it.each([
    ['a name no built-in has, without a module', { sign: { after: 'sessions' } }, 'pricecrawl: middlewares.add.sign: no module, and no built-in middleware of that name to move'],
    ['a near miss of a built-in', { ofsite: { after: 'sessions' } }, 'middlewares.add.ofsite: no module, and no built-in middleware of that name to move; did you mean "offsite"?'],
    ['neither a module nor before/after', { retry: {} }, "middlewares.add.retry: set module (a component of the project's), or before/after to move the built-in of this name"],
    ['options for a moved built-in', { retry: { after: 'sessions', options: { tries: 5 } } }, 'middlewares.add.retry: export and options need a module'],
  ])('%s is refused with one line, exit 2', async (_case, add, line) => {
    const run = await crawl({ middlewares: { add } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(line);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
