// A team spider whose constructor or start() throws (a field initializer's `new URL('nope')`, a bug in start()),
// met by each command that makes the spider, run by the real CLI: one line naming the spider and the project's
// line that threw, exit 2.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

// Line 6 holds the field initializer that throws for a base that is no URL; line 10 the bug in start().
const SPIDER = `import { Spider, type SpiderOutput } from 'pricecrawl';

export class ShopSpider extends Spider {
  readonly name = 'shop';
  // the base the team passes with -a base=…
  private readonly base = new URL(this.args.base ?? 'http://127.0.0.1:9');
  override allowedDomains = [this.base.host];

  override async *start(): AsyncGenerator<SpiderOutput> {
    if (this.args.broken) (this.args as unknown as { list: string[] }).list.push('x');
    yield this.request(new URL('/p/1', this.base).href, 'parse');
  }
}
`;

describe('a spider that cannot be made or started', { timeout: 120_000 }, () => {
  let project: TeamProject;
  let site: FixtureServer;

  beforeAll(async () => {
    [site] = await startFixtureServers(1, { builtInRoutes: false });
    site.route('/p/:id', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>p</body></html>'));
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ politeness: { minIntervalMs: 0, jitterMs: 0 }, log: { format: 'json' } }),
      'spiders/shop.ts': SPIDER,
    });
  });
  afterAll(async () => {
    await site.close();
    project.cleanup();
  });

  const refusal = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('pricecrawl:'));

  it.each([
    ['crawl', () => ['crawl', 'shop', '-a', 'base=nope']],
    ['parse --spider', (url: string) => ['parse', `${url}/p/1`, '--spider', 'shop', '-a', 'base=nope']],
    ['fetch --spider', (url: string) => ['fetch', `${url}/p/1`, '--spider', 'shop', '-a', 'base=nope']],
    ['settings --spider', () => ['settings', '--spider', 'shop', '-a', 'base=nope']],
  ])('%s: names the spider and its line (before: parse, fetch and settings said "pricecrawl: Invalid URL", exit 1; crawl named no line)', async (_command, args) => {
    const run = await cli(args(site.origin), { cwd: project.root });
    expect(run.code, run.stderr).toBe(2);
    expect(refusal(run.stderr)).toEqual([expect.stringMatching(/^pricecrawl: spider shop cannot start: Invalid URL \(at spiders\/shop\.ts:6:\d+\)$/)]);
  });

  it('crawl: a start() that throws names its line (before: the message alone)', async () => {
    const run = await cli(['crawl', 'shop', '-a', `base=${site.origin}`, '-a', 'broken=1'], { cwd: project.root });
    expect(run.code, run.stderr).toBe(2);
    expect(refusal(run.stderr)).toEqual([expect.stringMatching(/^pricecrawl: spider shop: start\(\) failed: Cannot read properties of undefined \(reading 'push'\) \(at spiders\/shop\.ts:10:\d+\)$/)]);
  });
});
