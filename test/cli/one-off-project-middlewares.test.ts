// `fetch`, `parse` and `shell` send through the project's own downloader middlewares, as `scrapy fetch` and `scrapy parse` do.
// Before, they only printed a note: a shop that wants the team's token header answered them 401 while the crawl got the page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject } from '../support/shop-project';
import type { TeamProject } from '../support/team-project';

/** Signs every request with the team's token, and names the spider it ran for in a second header. */
const TOKEN = `
export default class TeamToken {
  constructor(options) { this.token = options.token; }
  processRequest(request, ctx) {
    request.setHeader('x-team-token', this.token);
    request.setHeader('x-team-spider', ctx.spider.name);
  }
}
`;

/** A page that says "please wait" is a soft block: the shop is asked again, as a crawl would ask again. */
const SOFT_BLOCK = `
export default {
  processResponse(request, response) {
    if (response.text.includes('please wait')) return { type: 'retry', reason: 'soft-block' };
    return { type: 'accept', response };
  },
};
`;

describe("one-off commands through the project's downloader middlewares", { timeout: 120_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  let softBlocks = 0;
  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/p/:n', (req, res) => {
      if (req.headers['x-team-token'] !== 's3cret') return void res.writeHead(401, { 'content-type': 'text/plain' }).end('token missing');
      void res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>for ${String(req.headers['x-team-spider'])}</title><span class="price">$19.99</span>`);
    });
    // Blocks the first send of each command that asks, answers the next.
    server.route('/busy', (_req, res) => {
      softBlocks += 1;
      void res.writeHead(200, { 'content-type': 'text/html' }).end(softBlocks % 2 === 1 ? '<p>please wait</p>' : '<title>in</title><span class="price">$5.00</span>');
    });
    server.route('/always-busy', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>please wait</p>'));
    project = shopProject(
      server,
      { middlewares: { add: { 'team-token': { module: './middlewares/team-token.mjs', options: { token: 's3cret' } }, 'soft-block': { module: './middlewares/soft-block.mjs' } } }, retry: { maxAttempts: 3, backoffBaseMs: 1, backoffCapMs: 1 } },
      { 'middlewares/team-token.mjs': TOKEN, 'middlewares/soft-block.mjs': SOFT_BLOCK },
    );
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('fetch sends the header the middleware sets, and names the middlewares on stderr', async () => {
    const run = await cli(['fetch', server.url('/p/1')], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`200 ${server.url('/p/1')}`);
    expect(run.stdout).toContain('title: for default');
    expect(run.stderr).toContain("fetch: through the project's downloader middlewares team-token, soft-block (spider default)");
  });

  it('fetch --spider gives the middleware that spider', async () => {
    const run = await cli(['fetch', server.url('/p/1'), '--spider', 'shop'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('title: for shop');
  });

  it('fetch --save <spider>/<name> records the page as that spider gets it', async () => {
    const run = await cli(['fetch', server.url('/p/4'), '--save', 'shop/p4', '--callback', 'parseProduct'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('(spider shop)');
    expect(run.stdout).toContain(`saved 200 ${server.url('/p/4')}`);
    expect(readFileSync(join(project.root, 'spiders/fixtures/shop/p4.html'), 'utf8')).toContain('<title>for shop</title>');
  });

  it('parse gets the page the crawl gets, and the callback reads its price', async () => {
    const run = await cli(['parse', server.url('/p/2'), '--spider', 'shop', '--callback', 'parseProduct'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`200 ${server.url('/p/2')}`);
    expect(run.stdout).toContain('"price":"19.99"');
  });

  it('shell binds the page the middleware let through', async () => {
    const run = await cli(['shell', server.url('/p/3')], { cwd: project.root, input: "$('title').text()\n" });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("'for default'");
  });

  it("a middleware's retry sends the request again, and the page after the soft block is shown", async () => {
    const before = server.requests.filter((r) => r.path === '/busy').length;
    const run = await cli(['fetch', server.url('/busy'), '-s', 'log.format=json'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('title: in');
    expect(server.requests.filter((r) => r.path === '/busy').length - before).toBe(2);
  });

  it('gives up after retry.maxAttempts sends, naming the middleware\'s reason (exit 2)', async () => {
    const run = await cli(['fetch', server.url('/always-busy')], { cwd: project.root });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('gave up after 3 sends (retry.maxAttempts)');
    expect(run.stderr).toContain('retry (soft-block)');
    expect(server.requests.filter((r) => r.path === '/always-busy')).toHaveLength(3);
  });
});
