// What a project's own middleware counts under `team/` (ctx.stats.inc) shows in the run summary and the run
// report, as src/index.ts promises: before, such a counter reached no summary, report or record.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { shopProject, startPricedShop } from '../support/shop-project';
import type { TeamProject } from '../support/team-project';

const MIDDLEWARE = `
export default class CountHosts {
  processRequest(request, ctx) {
    ctx.stats.inc('team/requests/' + new URL(request.url).host);
    return { type: 'continue' };
  }
}
`;

describe("a project's own counters", { timeout: 60_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  beforeAll(async () => {
    server = await startPricedShop(2);
    project = shopProject(server, { middlewares: { add: { 'count-hosts': { module: './middlewares/count-hosts.mjs' } } } }, { 'middlewares/count-hosts.mjs': MIDDLEWARE });
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('are listed in the summary and in the report built from the run record', async () => {
    const report = join(project.root, 'report.html');
    const run = await cli(['crawl', 'shop', '-s', 'log.format=json', '--report', report], { cwd: project.root });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`  The project's own counters\\n    team/requests/${server.hostKey.replace(/\./g, '\\.')}\\s+3\\n`));
    const html = readFileSync(report, 'utf8');
    expect(html).toContain("The project&#39;s own counters");
    expect(html).toContain(`team/requests/${server.hostKey}`);
  });
});
