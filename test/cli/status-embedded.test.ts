// `pricecrawl status` on the embedded frontier: per host the ledger, the interval in force and why, a pause and its cause.
import type { ServerResponse } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyFromSettings } from '../../src/politeness/host-policy';
import type { RunStatusReport } from '../../src/ports/run-status';
import { settingsSchema } from '../../src/settings/schema';
import { openFrontierForReading, readSqliteRunStatus } from '../../storage/sqlite/sqlite-status';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const INTERVAL_MS = 10;
const CRAWL_DELAY_MS = 50;

function text(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain', ...headers });
  res.end(body);
}

describe('pricecrawl status on the embedded frontier', () => {
  const storage = tempStorageDir('status-embedded');
  let servers: FixtureServer[];
  let result: TestCrawlResult;
  let throttledAtMs = 0;

  beforeAll(async () => {
    servers = await startFixtureServers(2, { builtInRoutes: false });
    const [delayed, stormy] = servers;
    delayed.route('/robots.txt', (_req, res) => text(res, 200, `User-agent: *\nCrawl-delay: ${CRAWL_DELAY_MS / 1000}\n`));
    stormy.route('/robots.txt', (_req, res) => text(res, 404, 'none'));
    delayed.route('/p/:n', (_req, res) => text(res, 200, 'page'));
    stormy.route('/p/:n', (_req, res, ctx) => {
      if (ctx.params.n !== '0' || throttledAtMs > 0) return text(res, 200, 'page');
      throttledAtMs = Date.now();
      text(res, 429, 'slow down', { 'retry-after': '1' });
    });
    const urls = servers.flatMap((server) => [0, 1, 2].map((n) => server.url(`/p/${n}`)));
    result = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: INTERVAL_MS, jitterMs: 0 },
      log: { statsIntervalMs: 0 },
    });
    writeFileSync(join(storage.dir, 'settings.json'), JSON.stringify({ politeness: { minIntervalMs: INTERVAL_MS } }));
  }, 30_000);
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('prints the run with its ledger per host and the interval in force with its cause', async () => {
    const [delayed, stormy] = servers;
    const run = await cli(['status', '--storage', storage.dir, '--config', join(storage.dir, 'settings.json'), '--json']);
    expect(run.code, run.stderr).toBe(0);
    const status = JSON.parse(run.stdout) as RunStatusReport;
    expect(status).toMatchObject({ runId: result.summary.runId, planned: 6, succeeded: 6, failed: 0, pending: 0, leases: 0, meta: { status: 'finished' } });
    expect(status.byHost[delayed.hostKey]).toMatchObject({ planned: 3, succeeded: 3, intervalMs: CRAWL_DELAY_MS, intervalCause: 'crawl-delay', crawlDelayMs: CRAWL_DELAY_MS });
    expect(status.byHost[stormy.hostKey]).toMatchObject({ planned: 3, succeeded: 3, intervalMs: INTERVAL_MS, intervalCause: 'configured', pausedForMs: 0 });
    const table = await cli(['status', '--storage', storage.dir, '--config', join(storage.dir, 'settings.json')]);
    expect(table.stdout).toContain(`run ${result.summary.runId} of spider ${result.summary.spider}: finished`);
    expect(table.stdout).toMatch(new RegExp(`${delayed.hostKey}.*${CRAWL_DELAY_MS} ms.*crawl-delay`));
  });

  it('shows the intervals the run itself used (its spider or -s settings), not the project defaults, without being told them', async () => {
    const [, stormy] = servers;
    // No --config: the project's settings say 1000 ms; the run recorded INTERVAL_MS at its start.
    const run = await cli(['status', '--storage', storage.dir, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const status = JSON.parse(run.stdout) as RunStatusReport;
    expect(status.byHost[stormy.hostKey]).toMatchObject({ intervalMs: INTERVAL_MS, intervalCause: 'configured' });
  });

  it('shows a Retry-After pause with its cause while it runs (read as of the 429)', () => {
    const [, stormy] = servers;
    const db = openFrontierForReading(storage.dir);
    if (db === null) throw new Error('no frontier file');
    try {
      const policy = policyFromSettings(settingsSchema.parse({ politeness: { minIntervalMs: INTERVAL_MS } }).politeness);
      const status = readSqliteRunStatus(db, result.summary.runId, policy, throttledAtMs + 1);
      const host = status?.byHost[stormy.hostKey];
      expect(host?.pauseCause).toBe('retry-after');
      // At least the second the server asked for, counted from its answer (plus the gate's margin).
      expect(host?.pausedForMs).toBeGreaterThanOrEqual(999);
      expect(host?.pausedForMs).toBeLessThan(2000);
    } finally {
      db.close();
    }
  });

  it('says so, with exit code 1, when the directory has no runs', async () => {
    const empty = tempStorageDir('status-empty');
    try {
      const run = await cli(['status', '--storage', empty.dir]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`no runs in ${empty.dir}`);
    } finally {
      empty.cleanup();
    }
  });
});
