// `crawl --processes 2`: a callback's errors in the other process reach the first one's summary with their
// count and first error, not as failures the ledger holds that no process claims.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunLosses } from '../../src/engine/run-losses';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const HOSTS = 4;

/**
 * Page 0 of every host is the out-of-stock template the selector does not fit; it throws only in the
 * process the first one started (it has an IPC channel), so every error and its first message are that one's.
 * Hosts go to processes by the order the run first saw them, odd ones to the second: half the hosts.
 */
const SPIDER = `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  allowedDomains = ['127.0.0.1'];
  startUrls = (this.args.origins ?? '').split(',').flatMap((origin) => [0, 1, 2].map((n) => origin + '/p/' + n));
  async *parse(res) {
    if (process.send && res.url.endsWith('/p/0')) throw new TypeError('no price box on ' + res.url);
    yield { sku: res.url, price: '2.00 EUR', url: res.url };
  }
}
`;

describe('code errors in several crawl processes', { timeout: 180_000 }, () => {
  let project: TeamProject;
  let servers: FixtureServer[];
  let crawl: CliRun;
  const children = childTracker();

  beforeAll(async () => {
    servers = await startFixtureServers(HOSTS, { builtInRoutes: false });
    for (const server of servers) server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>p</body></html>'));
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false }, log: { format: 'json', level: 'warn', statsIntervalMs: 0 } }),
      'spiders/shop.mjs': SPIDER,
    });
    crawl = await cli(['crawl', 'shop', '-a', `origins=${servers.map((s) => s.origin).join(',')}`, '--processes', '2'], { cwd: project.root, onStart: children.track });
  });
  afterAll(async () => {
    children.killAll();
    await closeFixtureServers(servers);
    project.cleanup();
  });

  it('counts the other process’s errors under the callback, with a first error, and exits 4', async () => {
    expect(crawl.code, crawl.stderr.slice(-2000)).toBe(4);
    expect(crawl.stdout).toContain(`accounting: planned ${HOSTS * 3} = succeeded ${HOSTS * 3 - HOSTS / 2} + failed ${HOSTS / 2} + pending 0`);
    const [record] = (await cli(['runs', '--json'], { cwd: project.root })).stdout.trim().split('\n').map((line) => JSON.parse(line) as { losses: RunLosses });
    // Without the notes travelling with the counters, the other process's errors came with no first message.
    expect(record.losses.codeErrors.map((e) => [e.kind, e.name, e.count])).toEqual([['callback', 'parse', HOSTS / 2]]);
    expect(record.losses.codeErrors[0].firstMessage).toMatch(/^TypeError: no price box on http:\/\/127\.0\.0\.1:\d+\/p\/0$/);
    expect(record.losses.codeErrors[0].firstUrl).toMatch(/\/p\/0$/);
  });
});
