// A run a closeSpider limit stopped: `runs` said "stopped" while `status` said "interrupted" (the frontier knows
// no stopped run, only one that ended with work left), so a team read a limit it set as a crash or a Ctrl-C.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject, startPricedShop } from '../support/shop-project';

describe('status of a run a closeSpider limit stopped', { timeout: 120_000 }, () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startPricedShop(6);
  });
  afterAll(async () => {
    await server.close();
  });

  it('says stopped and by what, as runs and the crawl summary do', async () => {
    const project = shopProject(server, { closeSpider: { itemCount: 1 }, politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 1 } });
    try {
      const crawl = await cli(['crawl', 'shop'], { cwd: project.root });
      expect(crawl.stdout).toContain('stopped by: closespider/itemcount');
      const runs = await cli(['runs'], { cwd: project.root });
      expect(runs.stdout).toMatch(/shop .* stopped /);
      const status = await cli(['status'], { cwd: project.root });
      expect(status.stdout).toMatch(/^run \S+ of spider shop: stopped by closespider\/itemcount, /);
      const json = JSON.parse((await cli(['status', '--json'], { cwd: project.root })).stdout) as { meta: { status: string } };
      expect(json.meta.status).toBe('stopped');
    } finally {
      project.cleanup();
    }
  });
});
