// A misspelt key inside a per-host block (`politeness.hosts["127.0.0.1:8402"]`) names the key the block accepts,
// as a misspelt top-level setting does: no dotted setting path lists a record's keys, so none was suggested.
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';
import { teamProject, type TeamProject } from '../support/team-project';

const spider = (settings: string) => `
import { Spider } from 'pricecrawl';
export class ShopSpider extends Spider {
  name = 'shop';
  allowedDomains = ['127.0.0.1:9'];
  startUrls = ['http://127.0.0.1:9/p'];
  settings = ${settings};
  async *parse() {}
}
`;

describe('a misspelt key in a per-host settings block', { timeout: 60_000 }, () => {
  const projects: TeamProject[] = [];
  afterAll(() => projects.forEach((project) => project.cleanup()));

  const crawl = async (config: unknown, spiderSettings = '{}') => {
    const project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify(config),
      'spiders/shop.mjs': spider(spiderSettings),
    });
    projects.push(project);
    return cli(['crawl', 'shop'], { cwd: project.root });
  };

  it("the global name maxConcurrencyPerHost in a host's block: did you mean its maxConcurrency", async () => {
    const run = await crawl({ politeness: { hosts: { '127.0.0.1:8402': { minIntervalMs: 300, maxConcurrencyPerHost: 2 } } } });
    // Before: "unknown setting (from config)" and nothing else; the per-host name differs from the global one.
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'pricecrawl: invalid settings:',
      '  politeness.hosts.127.0.0.1:8402.maxConcurrencyPerHost: unknown setting (from config); did you mean "politeness.hosts.127.0.0.1:8402.maxConcurrency"?',
    ]);
    expect(run.code).toBe(2);
  });

  it('a spider setting for one host of the block detection, pattern for patterns', async () => {
    const run = await crawl({}, "{ blockDetection: { hosts: { 'shop.example': { pattern: ['captcha'] } } } }");
    expect(run.stderr).toContain('  blockDetection.hosts.shop.example.pattern: unknown setting (from spider); did you mean "blockDetection.hosts.shop.example.patterns"?');
    expect(run.code).toBe(2);
  });

  it("a component entry's key, also where the entry may be false (extensions)", async () => {
    const run = await crawl({ middlewares: { add: { sign: { module: './m.mjs', aftr: 'sessions' } } }, extensions: { pager: { module: './e.mjs', optoins: {} } } });
    // Before: the extension's entry (an object or false) had no suggestion.
    expect(run.stderr).toContain('  middlewares.add.sign.aftr: unknown setting (from config); did you mean "middlewares.add.sign.after"?');
    expect(run.stderr).toContain('  extensions.pager.optoins: unknown setting (from config); did you mean "extensions.pager.options"?');
    expect(run.code).toBe(2);
  });

  it('a top-level section key still gets its dotted suggestion', async () => {
    const run = await crawl({ politeness: { minIntervalMS: 250 } });
    expect(run.stderr).toContain('  politeness.minIntervalMS: unknown setting (from config); did you mean "politeness.minIntervalMs"?');
    expect(run.code).toBe(2);
  });
});
