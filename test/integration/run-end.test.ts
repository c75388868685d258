// A run always ends as a run: a failing export costs neither history, catalog nor the run record's end; a killed crawl reads as crashed.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { acquireFrontierConnection } from '../../storage/sqlite/frontier-connection';
import { ensureRunRecords, listRunRecords } from '../../storage/sqlite/run-records';
import type { RunRecord } from '../../src/ports/run-record-store';
import { openStores } from '../../storage/open-backends';
import type { CatalogEntry } from '../../src/catalog/catalog-entry';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { cli, runRecordsJson } from '../support/run-cli';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** Reads the price the page shows, so two runs can see it change. */
class PriceSpider extends Spider {
  readonly name = 'run-end';

  constructor(args: Readonly<Record<string, string>> = {}) {
    super(args);
    this.startUrls = [args.url];
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: 'SKU-1', price: res.$('.price').text(), currency: 'USD', url: res.url };
  }
}

function runRecords(dir: string): RunRecord[] {
  const connection = acquireFrontierConnection(dir);
  try {
    ensureRunRecords(connection.db);
    return listRunRecords(connection.db);
  } finally {
    connection.release();
  }
}

describe('the end of a run', () => {
  let servers: FixtureServer[];
  let price = '10.00';
  /** Set during the second run: a file where the export wants its directory. */
  const storage = tempStorageDir('run-end');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    servers[0].route('/p/1', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<p class="price">${price}</p>`);
    });
    // Never answers: a crawl stays running on it until it is killed.
    servers[0].route('/hang', () => undefined);
  });
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('writes price history, catalog and the run record end although an end-of-run step fails, then reports the failure', async () => {
    const dir = join(storage.dir, 'export');
    const settings = { log: { statsIntervalMs: 0 }, robots: { obey: false }, pipeline: { batchMaxAgeMs: 20 } };
    const spider = () => new PriceSpider({ url: servers[0].url('/p/1') });
    await crawlInProcess(spider(), dir, settings);
    price = '12.50';
    // The last end-of-run step (where the report is written) fails, as a full disk at the end would.
    const failingEnd = async () => {
      throw new Error('report: ENOSPC');
    };
    await expect(crawlInProcess(spider(), dir, settings, { onRunEnd: failingEnd })).rejects.toThrow(/report: ENOSPC/);

    const stores = await openStores({ dir });
    try {
      const changes = await stores.history().list({ spider: 'run-end' });
      expect(changes.map((c) => [c.oldPrice, c.newPrice])).toEqual([['10.00', '12.50']]);
      const entries: CatalogEntry[] = [];
      for await (const entry of stores.catalog().entries('run-end')) entries.push(entry);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ sku: 'SKU-1' });
      expect(String(entries[0].lastPrice)).toBe('12.50');
    } finally {
      await stores.close();
    }
    const records = runRecords(dir);
    expect(records.map((r) => [r.outcome, r.endedAtMs !== null])).toEqual([['finished', true], ['finished', true]]);
  });

  it('`runs` and `status` show a crawl killed with SIGKILL as crashed, also while it is an unreaped zombie', async () => {
    const dir = join(storage.dir, 'killed');
    const arrived = servers[0].waitForRequests(servers[0].requests.length + 1);
    // `sh` runs the crawl in the background and becomes `sleep`, which never reaps it: after SIGKILL it stays a zombie.
    const wrapper = spawn('sh', ['-c', `"$0" "$@" & echo $!; exec sleep 600`, process.execPath, 'bin/pricecrawl.js', 'crawl', 'test/support/spiders/catalog-spider.ts',
      '--storage', dir, '-s', 'robots.obey=false', '-s', 'log.format=json', '-a', `startUrls=${servers[0].url('/hang')}`], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const lines = createInterface({ input: wrapper.stdout! });
      const [pidLine] = (await once(lines, 'line')) as [string];
      lines.close();
      const pid = Number(pidLine);
      await arrived;
      const before = await cli(['runs', '--json', '--storage', dir]);
      expect(before.stderr + before.stdout).toContain('"outcome":"running"');
      process.kill(pid, 'SIGKILL');
      while (!/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1'))) await new Promise((resolve) => setImmediate(resolve));
      const runs = await runRecordsJson(['--storage', dir]);
      expect(runs.map((r) => r.outcome)).toEqual(['crashed']);
      const status = JSON.parse((await cli(['status', '--storage', dir, '--json'])).stdout) as { meta: { status: string } };
      expect(status.meta.status).toBe('crashed');
    } finally {
      wrapper.kill('SIGKILL');
    }
  });
});
