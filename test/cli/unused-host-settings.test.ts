// A per-host setting whose host key is misspelt (a port or a letter off) never applies: the real host runs
// at the default politeness, fetch mode or block rules. At the run's end the summary names each such entry
// and the crawled host it probably meant; entries for other spiders' hosts in the shared project file stay quiet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { childTracker, cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const SPIDER = `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  base = this.args.base ?? 'http://127.0.0.1:9';
  allowedDomains = ['127.0.0.1'];
  startUrls = [this.base + '/p/1'];
  // The spider's own rule for a host it never crawls: meant for it, so worth a word even with no near match.
  settings = { blockDetection: { hosts: { 'cdn.shop.example': { patterns: ['captcha'] } } } };
  async *parse(res) {
    yield { sku: 'P-1', price: '5.00 EUR', url: res.url };
  }
}
`;

/** The host key with its port's last digit changed: one typo away, and a host nothing listens on. */
const typo = (hostKey: string) => hostKey.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

describe('per-host settings for hosts the run never crawled', { timeout: 60_000 }, () => {
  let project: TeamProject;
  let site: FixtureServer;
  let cdn: FixtureServer;
  const children = childTracker();

  beforeAll(async () => {
    [site, cdn] = await startFixtureServers(2, { builtInRoutes: false });
    // The product page lives on another host, reached only by a redirect: the ledger lists the shop alone.
    site.route('/p/:n', (_req, res, ctx) => void res.writeHead(302, { location: cdn.url(`/p/${ctx.params.n}`) }).end());
    cdn.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>p</body></html>'));
    const config = {
      robots: { obey: false },
      log: { format: 'json' },
      politeness: {
        minIntervalMs: 0,
        jitterMs: 0,
        // Meant for the shop: one digit off, so the shop ran at the default politeness.
        hosts: { [typo(site.hostKey)]: { minIntervalMs: 5, fetchMode: 'http' }, 'other-competitor.example': { minIntervalMs: 2000 }, [cdn.hostKey]: { minIntervalMs: 0 } },
      },
    };
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify(config),
      'spiders/shop.mjs': SPIDER,
    });
  });
  afterAll(async () => {
    children.killAll();
    await site.close();
    await cdn.close();
    project.cleanup();
  });

  it('warns with the near host, names the spider’s own unused entry, and still exits 0', async () => {
    const run = await cli(['crawl', 'shop', '-a', `base=${site.origin}`], { cwd: project.root, onStart: children.track });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    // Before: nothing; the shop simply ran without its override.
    const section = run.stdout.slice(run.stdout.indexOf('WARNING: per-host settings')).split('\n\n')[0].trimEnd().split('\n');
    expect(section).toEqual([
      'WARNING: per-host settings that never applied (the host they name was not crawled):',
      `  politeness.hosts["${typo(site.hostKey)}"] applied to no host this run crawled; did you mean "${site.hostKey}"?`,
      '  blockDetection.hosts["cdn.shop.example"] applied to no host this run crawled',
    ]);
    // Another spider's host in the shared project file is not this run's business, and a redirect's target was crawled.
    expect(run.stdout).not.toContain('other-competitor.example');
    expect(run.stdout).not.toContain(`["${cdn.hostKey}"]`);
    const warnings = run.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { level: number; setting?: string; host?: string; suggestion?: string | null });
    expect(warnings.filter((line) => line.setting !== undefined).map((line) => [line.setting, line.host, line.suggestion])).toEqual([
      ['politeness.hosts', typo(site.hostKey), site.hostKey],
      ['blockDetection.hosts', 'cdn.shop.example', null],
    ]);
  });
});
