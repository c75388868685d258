// What a run lost (a host lost whole, requests lost to transient failures) shows on every surface that
// summarizes the run, read back from storage: the HTML report, `runs` (table and JSON), `status` (text and JSON).
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeFor, type RunSummary } from '../../src/engine/run-summary';
import type { RunLosses } from '../../src/engine/run-losses';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { cli } from '../support/run-cli';
import { UrlListSpider } from '../support/spiders/url-list-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const text = (res: ServerResponse, status: number, body: string) => void res.writeHead(status, { 'content-type': 'text/plain' }).end(body);

describe('the losses of a run on every surface', { timeout: 60_000 }, () => {
  const storage = tempStorageDir('run-losses');
  let servers: FixtureServer[];
  let summary: RunSummary;

  beforeAll(async () => {
    servers = await startFixtureServers(3, { builtInRoutes: false });
    const [good, walled, flaky] = servers;
    good.route('/p/:n', (_req, res) => text(res, 200, 'page'));
    // A WAF refusing everything: the host is lost whole.
    walled.route('/p/:n', (_req, res) => text(res, 403, 'Access denied'));
    // One page that keeps failing with 503: a transient loss, the host still gave an item.
    flaky.route('/p/:n', (_req, res, ctx) => text(res, ctx.params.n === '0' ? 503 : 200, 'page'));
    const urls = servers.flatMap((server) => [0, 1].map((n) => server.url(`/p/${n}`)));
    ({ summary } = await crawlInProcess(new UrlListSpider(urls), storage.dir, {
      politeness: { minIntervalMs: 0, jitterMs: 0 },
      robots: { obey: false },
      retry: { maxAttempts: 2, backoffBaseMs: 1, backoffCapMs: 1 },
      log: { statsIntervalMs: 0 },
    }));
  });
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('the run itself: exit 4, the walled host lost, one request lost to retries', () => {
    expect(exitCodeFor(summary)).toBe(4);
    expect(Object.keys(summary.lostHosts)).toEqual([servers[1].hostKey]);
    expect(summary.transientFailures).toEqual({ 'retry/exhausted': 1 });
  });

  it('`pricecrawl report` names the lost host, the transient loss and the exit code', async () => {
    const file = join(storage.dir, 'report.html');
    const run = await cli(['report', summary.runId, '--storage', storage.dir, '--output', file]);
    expect(run.code, run.stderr).toBe(0);
    const $ = cheerio.load(readFileSync(file, 'utf8'));
    // Before: no section on losses at all; the page read as a clean finished run.
    expect($('#losses h2').text()).toBe('What this run lost (exit 4)');
    expect($('#losses h3').map((_, h) => $(h).text()).get()).toEqual(['LOST TO TRANSIENT FAILURES: 1', 'LOST WHOLE HOSTS: 1']);
    const cells = $('table.lost-hosts tbody td').map((_, td) => $(td).text()).get();
    expect(cells).toEqual([servers[1].hostKey, 'planned 2, succeeded 0, failed: http/403 2', 'refused: blocked?']);
    expect($('#overview').text()).toContain('exit code4');
  });

  it('`pricecrawl runs` shows the losses in its table and its JSON', async () => {
    const table = await cli(['runs', '--storage', storage.dir]);
    expect(table.stdout.split('\n')[0]).toMatch(/\blost$/);
    expect(table.stdout.split('\n')[1]).toMatch(/\b4\b.*1 host lost, 1 transient$/);
    const json = await cli(['runs', '--storage', storage.dir, '--json']);
    const [record] = json.stdout.trim().split('\n').map((line) => JSON.parse(line) as { exitCode: number; losses: RunLosses });
    expect(record.exitCode).toBe(4);
    expect(record.losses.lostHosts.map((h) => h.host)).toEqual([servers[1].hostKey]);
    expect(record.losses.transient).toEqual({ requests: 1, byReason: [['retry/exhausted', 1]] });
    expect(record.losses.waitingHosts).toEqual([]);
  });

  it('`pricecrawl status` shows them once the run has ended, in text and JSON', async () => {
    const textRun = await cli(['status', '--storage', storage.dir]);
    expect(textRun.stdout).toContain(`LOST WHOLE HOSTS (requests planned, not one item from them): 1\n  ${servers[1].hostKey}: planned 2, succeeded 0, failed: http/403 2; refused: blocked?`);
    expect(textRun.stdout).toContain('LOST TO TRANSIENT FAILURES: 1 request (retry/exhausted: 1)');
    const json = JSON.parse((await cli(['status', '--storage', storage.dir, '--json'])).stdout) as { losses: RunLosses; exitCode: number };
    expect(json.exitCode).toBe(4);
    expect(json.losses.lostHosts.map((h) => h.host)).toEqual([servers[1].hostKey]);
  });
});
