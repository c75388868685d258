// `export --spider x --latest` when the latest run stored nothing (a scheduled `--due` run with nothing due): still
// refused, never another run's items in its place, but the line names the run that has items and how to export it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureServer } from '../support/fixture-server';
import { cli, runRecordsJson } from '../support/run-cli';
import { shopProject, startPricedShop } from '../support/shop-project';
import type { TeamProject } from '../support/team-project';

describe('export --latest of a spider whose latest run has no items', { timeout: 60_000 }, () => {
  let server: FixtureServer;
  let project: TeamProject;
  beforeAll(async () => {
    server = await startPricedShop(1);
    project = shopProject(server, { log: { format: 'json' } });
  });
  afterAll(async () => {
    project.cleanup();
    await server.close();
  });

  it('refuses, naming the latest run with items and the command that exports it', async () => {
    expect((await cli(['crawl', 'shop'], { cwd: project.root })).code).toBe(0);
    expect((await cli(['crawl', 'shop', '--due'], { cwd: project.root })).code).toBe(0);
    const [full, due] = await runRecordsJson<{ runId: string; items: number }>(['--storage', `${project.root}/crawl-storage`]);
    expect([full.items, due.items]).toEqual([1, 0]);

    const run = await cli(['export', '--spider', 'shop', '--latest', '-O', 'items.csv'], { cwd: project.root });
    // Before: "export: run <due> has no items in <dir> (see pricecrawl runs)", naming neither why nor the run to take.
    expect(run.stderr.trimEnd()).toBe(`pricecrawl: export: run ${due.runId} has no items in ${project.root}/crawl-storage (the latest run of shop, mode due); its latest run with items is ${full.runId}: pricecrawl export ${full.runId} -o <file>`);
    expect(run.code).toBe(2);
  });
});
