// A password-protected Redis frontier named only in the environment: `ps` shows a command line to every user, so `worker` and `status` must not need one there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productHtml } from '../support/listing-shop';
import { startWorkerRig, type WorkerRig } from '../support/redis-worker-pair';
import { cli, type CliRun } from '../support/run-cli';

const PASSWORD = 'argv-Fr0ntier-Pw-415';
/** Two cold node processes on a 2-core machine shared with other suites. */
const PROCESS_TEST_TIMEOUT_MS = 180_000;

describe('a shared frontier whose URL holds a password, given in the environment only', () => {
  let rig: WorkerRig;
  let runs: CliRun[];
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    rig = await startWorkerRig('frontier-env', { runId: 'frontier-env', products: 3, redisPassword: PASSWORD });
    rig.shop.route('/p/:n', (_req, res, ctx) => productHtml(res, ctx.params.n));
    env = { ...process.env, PRICECRAWL_FRONTIER__URL: rig.redis.url };
    const args = (command: 'crawl' | 'worker') => rig.args(command, { 'politeness.minIntervalMs': 20 }, { frontier: 'env' });
    runs = await Promise.all([rig.run(args('worker'), { env }), rig.run(args('crawl'), { env })]);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(() => rig.close());

  it('a worker joins the crawl on it without --frontier, and neither prints the password', () => {
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    expect(runs.some((run) => /accounting: planned 4 = succeeded 4 \+ failed 0 \+ pending 0 {2}✓/.test(run.stdout))).toBe(true);
    expect(runs.map((run) => run.stdout + run.stderr).join('')).not.toContain(PASSWORD);
  });

  it('`status` reads the run on it without --frontier', async () => {
    const status = await cli(['status', '--storage', rig.storageDir, '--run', 'frontier-env'], { env });
    expect(status.code, status.stderr).toBe(0);
    // Before, without --frontier it looked in the storage directory's embedded frontier: "no run frontier-env in …".
    expect(status.stdout).toContain('run frontier-env of spider catalog: finished');
    expect(status.stdout + status.stderr).not.toContain(PASSWORD);
  });

  it('a worker with no shared frontier anywhere names both places for one', async () => {
    const run = await cli(['worker', 'test/support/spiders/catalog-spider.ts', '--storage', rig.storageDir], { env: { ...process.env, PRICECRAWL_FRONTIER__URL: '' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--frontier');
    expect(run.stderr).toContain('PRICECRAWL_FRONTIER__URL');
  });

  it('--help says where a password goes instead of the command line', async () => {
    for (const command of ['crawl', 'worker', 'status', 'report', 'changes']) {
      const help = await cli([command, '--help']);
      expect(help.stdout, command).toMatch(/PRICECRAWL_(FRONTIER|STORAGE)__URL/);
      expect(help.stdout.replace(/\s+/g, ' '), command).toContain('ps shows a command line');
    }
  });
});
