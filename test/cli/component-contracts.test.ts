// A team's own middleware that breaks its contract, run by the real CLI against a loopback site: the
// request it broke ends failed with a reason and a log line naming the middleware, and the crawl ends.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { childTracker, cli } from '../support/run-cli';
import { teamProject } from '../support/team-project';

const SPIDER = `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  base = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = [new URL(this.base).host];
  startUrls = ['/p/ok', '/p/shape', '/p/throws'].map((path) => this.base + path);
  async *parse(res) {
    yield { sku: new URL(res.url).pathname, price: '1.00 EUR', url: res.url };
  }
}
`;

/** Answers with a made-up outcome shape for one page (the engine used to read its missing response and hang), throws for another. */
const MIDDLEWARE = `
export default class Sloppy {
  processRequest(request) {
    if (request.url.endsWith('/p/shape')) return { action: 'continue' };
    if (request.url.endsWith('/p/throws')) throw new Error('token expired');
    return { type: 'continue' };
  }
}
`;

describe('a project middleware that breaks its contract', { timeout: 60_000 }, () => {
  let project: ReturnType<typeof teamProject>;
  let site: FixtureServer;
  const children = childTracker();

  beforeAll(async () => {
    [site] = await startFixtureServers(1, { builtInRoutes: false });
    site.route('/p/:id', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>p</body></html>'));
    const config = { politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { format: 'json' }, middlewares: { add: { sloppy: { module: './middlewares/sloppy.mjs' } } } };
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify(config),
      'spiders/shop.mjs': SPIDER,
      'middlewares/sloppy.mjs': MIDDLEWARE,
    });
  });
  afterAll(async () => {
    children.killAll();
    await site.close();
    project.cleanup();
    rmSync(project.root, { recursive: true, force: true });
  });

  it('fails the requests it broke, names the middleware and its hook, and the crawl ends with the ledger balanced', async () => {
    const run = await cli(['crawl', 'shop', '-a', `base=${site.origin}`], { cwd: project.root, onStart: children.track });
    // Work lost to the project's own middleware: the run finishes, but not looking clean (exit 4).
    expect(run.code, run.stderr.slice(-2000)).toBe(4);
    expect(run.stdout).toContain('accounting: planned 3 = succeeded 1 + failed 2 + pending 0');
    expect(run.stdout).toContain('  middleware "sloppy": 2 requests failed; first: middleware "sloppy" processRequest: ');
    expect(run.stdout).toMatch(/engine\/middleware-error: 2/);
    const lines = run.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { msg: string; middleware?: string; hook?: string; err?: { message: string } });
    const failures = lines.filter((line) => line.middleware === 'sloppy');
    expect(failures.map((line) => line.msg).sort()).toEqual([
      'middleware "sloppy" processRequest: returned {"action":"continue"}: an outcome of processRequest has type continue, respond, retry, defer, fail (CONTINUE, accept(), fail() from \'pricecrawl\')',
      'middleware "sloppy" processRequest: threw token expired',
    ]);
    expect(failures.find((line) => line.err)?.err?.message).toBe('token expired');
  });
});

describe('a project component that cannot be placed or loaded', { timeout: 60_000 }, () => {
  const projects: Array<ReturnType<typeof teamProject>> = [];
  afterAll(() => projects.forEach((project) => project.cleanup()));

  const projectWith = (middleware: Record<string, unknown>) => {
    const config = { log: { format: 'json' }, middlewares: { add: { sloppy: middleware } } };
    const project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify(config),
      'spiders/shop.mjs': SPIDER,
      'middlewares/sloppy.mjs': MIDDLEWARE,
    });
    projects.push(project);
    return project.root;
  };

  it.each([
    ['a misspelt module path', { module: './middlewares/slopy.mjs' }, 'pricecrawl: middleware "sloppy" (./middlewares/slopy.mjs): cannot load'],
    ['an after naming no middleware', { module: './middlewares/sloppy.mjs', after: 'sesions' }, 'pricecrawl: middlewares.add.sloppy: after names "sesions", which is not in the chain; did you mean "sessions"?'],
  ])('%s is refused with one line and leaves no run behind for status, runs or --resume', async (_case, middleware, line) => {
    const root = projectWith(middleware);
    const run = await cli(['crawl', 'shop'], { cwd: root });
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n').filter((l) => l.startsWith('pricecrawl:'))).toEqual([expect.stringContaining(line)]);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect((await cli(['runs'], { cwd: root })).stderr).toMatch(/^pricecrawl: runs: no runs in /);
    const status = await cli(['status'], { cwd: root });
    expect(status.stderr).toMatch(/^pricecrawl: no runs in /);
  });
});
