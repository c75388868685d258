// A Redis frontier restarted from an older snapshot while start() seeds: the seeds it lost are not lost for the run.
import { writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FixtureServer } from '../support/fixture-server';
import { childTracker, cli, runRecordsJson, type CliRun } from '../support/run-cli';
import { startRedisServer, type RedisTestServer } from '../support/redis-server';
import { teamProject, type TeamProject } from '../support/team-project';
import { readItems, tempStorageDir } from '../support/test-crawl';

const SEEDS = 20;
const RUN_ID = 'rollback';

/**
 * The server persists by RDB snapshots (Redis' own default), taken here with SAVE after start()'s first ten
 * seeds; the next ten are added, some fetched, then the server restarts and loads the snapshot. Before, the
 * run ended finished, exit 0, planned 10 = succeeded 10: seeds 11-20 were never planned again.
 */
describe('a Redis frontier restarted from an older snapshot while start() seeds', () => {
  let server: FixtureServer;
  let project: TeamProject;
  let redis: RedisTestServer;
  let first: CliRun;
  const storage = tempStorageDir('redis-rollback');
  const { track, killAll } = childTracker();
  const gate = (name: string) => join(storage.dir, name);
  const fetched = (from: number, to: number) => server.requests.filter((r) => r.path.startsWith('/p/') && Number(r.path.slice(3)) >= from && Number(r.path.slice(3)) <= to).length;
  const crawl = (extra: string[]) => cli(['crawl', 'seeds', '--storage', storage.dir, '--frontier', redis.url, '--run', RUN_ID, '-s', 'frontier.addBatchSize=1', '-s', 'frontier.leaseTtlMs=2000', '-s', 'log.format=json', ...extra], { cwd: project.root, onStart: track });

  beforeAll(async () => {
    server = await FixtureServer.start();
    server.route('/p/:n', (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<span class="price">$1.00</span>'));
    // start() seeds in two halves, each held until the test says go (a sitemap read in parts).
    project = teamProject({
      'package.json': JSON.stringify({ name: 'team', private: true, type: 'module' }),
      'pricecrawl.config.json': JSON.stringify({ robots: { obey: false }, politeness: { minIntervalMs: 0, jitterMs: 0 } }),
      'spiders/seeds.mjs': `
import { existsSync, watch } from 'node:fs';
import { Spider } from 'pricecrawl';
const opened = (file) => new Promise((resolve) => {
  if (existsSync(file)) return resolve();
  const watcher = watch(${JSON.stringify(storage.dir)}, () => { if (existsSync(file)) { watcher.close(); resolve(); } });
});
export class SeedsSpider extends Spider {
  name = 'seeds';
  async *start() {
    for (let i = 1; i <= ${SEEDS / 2}; i++) yield this.request('${server.url('/p/')}' + i, 'parse');
    await opened(${JSON.stringify(gate('second-half'))});
    for (let i = ${SEEDS / 2 + 1}; i <= ${SEEDS}; i++) yield this.request('${server.url('/p/')}' + i, 'parse');
    await opened(${JSON.stringify(gate('done'))});
  }
  async *parse(res) { yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'USD', url: res.url }; }
}
`,
    });
    redis = await startRedisServer();
    const admin = new Redis(redis.url);
    const run = crawl([]);
    try {
      await vi.waitFor(() => expect(fetched(1, SEEDS / 2)).toBeGreaterThanOrEqual(1), { timeout: 60_000, interval: 20 });
      await admin.save();
      writeFileSync(gate('second-half'), '');
      await vi.waitFor(() => expect(fetched(SEEDS / 2 + 1, SEEDS)).toBeGreaterThanOrEqual(1), { timeout: 60_000, interval: 20 });
    } finally {
      admin.disconnect();
    }
    await redis.restart();
    writeFileSync(gate('done'), '');
    first = await run;
  }, 120_000);
  afterAll(async () => {
    killAll();
    await server?.close();
    await redis?.stop();
    project?.cleanup();
    storage.cleanup();
  });

  it('does not end finished: it stops with exit 2, saying the server restarted while seeding and that --resume seeds again', () => {
    expect(first.code, first.stdout + first.stderr.slice(-3000)).toBe(2);
    expect(first.stdout).not.toMatch(/: finished in/);
    expect(first.stderr).toContain(`the frontier's Redis restarted or failed over while start() was seeding run ${RUN_ID}`);
    expect(first.stderr).toMatch(/continue it with pricecrawl crawl seeds --resume --run rollback/);
  });

  it('--resume runs start() again and finishes the run: every seed planned once, each product stored once at its price', async () => {
    const resumed = await crawl(['--resume']);
    expect(resumed.code, resumed.stdout + resumed.stderr.slice(-3000)).toBe(0);
    expect(resumed.stdout).toContain(`accounting: planned ${SEEDS} = succeeded ${SEEDS} + failed 0 + pending 0`);
    const items = await readItems(storage.dir, RUN_ID);
    expect(items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(Array.from({ length: SEEDS }, (_, i) => `/p/${i + 1} 1.00`).sort());
    const records = await runRecordsJson<{ runId: string; outcome: string; exitCode: number }>(['--storage', storage.dir]);
    expect(records.map(({ runId, outcome, exitCode }) => ({ runId, outcome, exitCode }))).toEqual([{ runId: RUN_ID, outcome: 'finished', exitCode: 0 }]);
  });
});
