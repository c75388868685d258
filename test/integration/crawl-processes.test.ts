// `crawl --processes N`: the same items, ledger and raw bytes as one process, each host's interval kept across processes, a crash taken over and reported.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';
import { waitForFrontierRow } from '../support/frontier-peek';

const CATALOG_SPIDER = 'test/support/spiders/catalog-spider.ts';
const TAG_SPIDER = 'test/support/spiders/process-tag-spider.ts';
/** Cold node processes (three per crawl here) on a 2-core machine shared with other suites. */
const PROCESS_TEST_TIMEOUT_MS = 180_000;

const crawlArgs = (spider: string, site: CatalogSite, dir: string, extra: string[]) => [
  'crawl', spider, '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', dir,
  '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=20',
  '-s', 'log.format=json', '-s', 'log.level=warn', '-s', 'log.statsIntervalMs=0', ...extra,
];

function readRows(dir: string, file: string, sql: string): unknown[] {
  const db = new Database(join(dir, file), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

/** What a run leaves, without what differs by nature between two runs (ids, times, run id, worker). */
function runOutput(dir: string) {
  return {
    items: readRows(dir, 'items.sqlite', 'SELECT key, url, sku, price, currency, raw_hash, data FROM items ORDER BY key'),
    ledger: readRows(dir, 'frontier.sqlite', 'SELECT fingerprint, host, state, status, reason, attempt, json FROM requests ORDER BY fingerprint'),
    fetchLog: readRows(dir, 'fetch-log.sqlite', 'SELECT url, final_url, status, raw_hash, bytes, outcome FROM fetch_log ORDER BY url'),
    blobs: readRows(dir, 'blobs.sqlite', 'SELECT hash, bytes FROM blobs ORDER BY hash'),
  };
}

const planned = (run: CliRun) => Number(/accounting: planned (\d+) = succeeded \1 \+ failed 0 \+ pending 0 {2}✓/.exec(run.stdout)?.[1] ?? NaN);

describe('crawl --processes', () => {
  const { track, killAll } = childTracker();
  afterAll(killAll);

  describe('two processes store what one process stores', () => {
    const one = tempStorageDir('procs-one');
    const two = tempStorageDir('procs-two');
    let site: CatalogSite;
    let runs: CliRun[];

    beforeAll(async () => {
      site = await startCatalogSite({ hosts: 5, productsPerHost: 12, perPage: 5 });
      runs = [];
      runs.push(await cli(crawlArgs(CATALOG_SPIDER, site, one.dir, []), { onStart: track }));
      runs.push(await cli(crawlArgs(CATALOG_SPIDER, site, two.dir, ['--processes', '2']), { onStart: track }));
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await site.close();
      one.cleanup();
      two.cleanup();
    });

    it('both runs finish with every page fetched and a balanced ledger', () => {
      for (const run of runs) expect(run.code, run.stderr).toBe(0);
      // 5 hosts × (12 products + 3 listing pages)
      expect(runs.map(planned)).toEqual([75, 75]);
      expect(runs[1].stdout).toMatch(/items: scraped 60, written 60/);
    });

    it('items, ledger, fetch log and raw blobs are identical', () => {
      const [a, b] = [runOutput(one.dir), runOutput(two.dir)];
      expect(a.items).toHaveLength(60);
      expect(a.blobs.length).toBeGreaterThanOrEqual(60);
      expect(b).toEqual(a);
    });
  });

  describe("each host's interval holds across two processes", () => {
    const INTERVAL_MS = 150;
    /** Arrival stamps at the server carry scheduling noise on a busy machine (see host-gate-resume.test.ts). */
    const ARRIVAL_NOISE_MS = 30;
    const storage = tempStorageDir('procs-polite');
    let site: CatalogSite;
    let run: CliRun;

    beforeAll(async () => {
      site = await startCatalogSite({ hosts: 4, productsPerHost: 8, perPage: 8 });
      run = await cli(crawlArgs(TAG_SPIDER, site, storage.dir, ['--processes', '2', '-s', `politeness.minIntervalMs=${INTERVAL_MS}`]), { onStart: track });
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await site.close();
      storage.cleanup();
    });

    it('both processes crawled', () => {
      expect(run.code, run.stderr).toBe(0);
      const pids = readRows(storage.dir, 'items.sqlite', `SELECT DISTINCT json_extract(data, '$.crawledBy') AS pid FROM items`);
      expect(pids).toHaveLength(2);
    });

    it('no host saw two arrivals closer than its interval, measured at the server', () => {
      const close = site.servers.map((server) => {
        const stamps = server.requests.map((r) => r.arrivedAtPerfMs).sort((x, y) => x - y);
        return stamps.slice(1).filter((at, i) => at - stamps[i] < INTERVAL_MS - ARRIVAL_NOISE_MS).length;
      });
      expect(site.servers.map((server) => server.requests.length)).toEqual([10, 10, 10, 10]); // robots.txt, the listing, 8 products, and nothing twice
      expect(close).toEqual([0, 0, 0, 0]);
    });
  });

  describe('a process killed mid-run', () => {
    const storage = tempStorageDir('procs-crash');
    let site: CatalogSite;
    let run: CliRun;
    let killedPid = 0;

    beforeAll(async () => {
      site = await startCatalogSite({ hosts: 4, productsPerHost: 15, latencyMs: 40 });
      let first: ChildProcess | undefined;
      const running = cli(crawlArgs(CATALOG_SPIDER, site, storage.dir, ['--processes', '2', '-s', 'politeness.minIntervalMs=20']), { onStart: (child) => track((first = child)) });
      // Killed while it holds a lease: that request must come back and be crawled by the first process.
      const leaseOfOther = `SELECT w.pid AS pid FROM requests r JOIN workers w ON w.worker_id = r.worker_id WHERE r.state = 'in_progress' AND w.pid != ${first!.pid}`;
      killedPid = await waitForPid(storage.dir, leaseOfOther);
      process.kill(killedPid, 'SIGKILL');
      run = await running;
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await site.close();
      storage.cleanup();
    });

    it('the run still ends with every page crawled and the ledger balanced', () => {
      expect(planned(run)).toBe(4 * (15 + 2));
      const items = readRows(storage.dir, 'items.sqlite', 'SELECT DISTINCT sku FROM items');
      expect(items).toHaveLength(60);
    });

    it('says a process crashed and exits 2, never as a clean run', () => {
      expect(killedPid).toBeGreaterThan(0);
      expect(run.stdout).toMatch(/CRAWL PROCESSES CRASHED: 1/);
      expect(run.code).toBe(2);
      const logged = run.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged).toContainEqual(expect.objectContaining({ slot: 1, childPid: killedPid, signal: 'SIGKILL' }));
    });
  });

  describe('the first process fails before it opens the run', () => {
    // The others are forked at the very start and wait for the run: they must be let go, not left waiting.
    const storage = tempStorageDir('procs-refused');
    let site: CatalogSite;
    let refusedFeed: CliRun;
    let refusedFrontier: CliRun;

    beforeAll(async () => {
      site = await startCatalogSite({ hosts: 2, productsPerHost: 2 });
      // A feed under a plain file cannot be opened: refused inside the crawl, before the run exists.
      mkdirSync(storage.dir, { recursive: true });
      writeFileSync(join(storage.dir, 'plain-file'), '');
      refusedFeed = await cli(crawlArgs(CATALOG_SPIDER, site, storage.dir, ['--processes', '2', '-o', join(storage.dir, 'plain-file', 'items.jsonl')]), { onStart: track });
      refusedFrontier = await cli(crawlArgs(CATALOG_SPIDER, site, storage.dir, ['--processes', '2', '--frontier', 'redis://127.0.0.1:1']), { onStart: track });
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await site.close();
      storage.cleanup();
    });

    it('exits with its own error, and the other process gives up at once with a clear one', () => {
      for (const run of [refusedFeed, refusedFrontier]) {
        expect(run.code, run.stderr).not.toBe(0);
        expect(run.stderr).toMatch(/the first crawl process stopped before it opened its run/);
      }
      expect(refusedFrontier.stderr).toMatch(/--processes shares the embedded frontier/);
      expect(site.servers.map((server) => server.requests.length)).toEqual([0, 0]);
    });
  });

  describe('the first process killed mid-run, then --resume --processes 2', () => {
    const storage = tempStorageDir('procs-resume');
    let site: CatalogSite;
    let firstRun: CliRun;
    let resumed: CliRun;

    beforeAll(async () => {
      site = await startCatalogSite({ hosts: 4, productsPerHost: 15, latencyMs: 40 });
      let first: ChildProcess | undefined;
      const running = cli(crawlArgs(CATALOG_SPIDER, site, storage.dir, ['--processes', '2', '-s', 'politeness.minIntervalMs=20']), { onStart: (child) => track((first = child)) });
      // Once the other process works, the first one dies: the other loses its parent and stops, work stays queued.
      await waitForPid(storage.dir, `SELECT w.pid AS pid FROM requests r JOIN workers w ON w.worker_id = r.worker_id WHERE r.state = 'in_progress' AND w.pid != ${first!.pid}`);
      first!.kill('SIGKILL');
      firstRun = await running;
      // The orphan has stopped once it has left the worker registry.
      await waitForPid(storage.dir, 'SELECT 1 AS pid WHERE NOT EXISTS (SELECT 1 FROM workers WHERE worker_id = (SELECT worker_id FROM run_slots WHERE slot = 1))');
      resumed = await cli(crawlArgs(CATALOG_SPIDER, site, storage.dir, ['--resume', '--processes', '2', '-s', 'politeness.minIntervalMs=20']), { onStart: track });
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await site.close();
      storage.cleanup();
    });

    it('the resumed run finishes every page with a balanced ledger', () => {
      expect(firstRun.signal).toBe('SIGKILL');
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(planned(resumed)).toBe(4 * (15 + 2));
      expect(readRows(storage.dir, 'items.sqlite', 'SELECT DISTINCT sku FROM items')).toHaveLength(60);
    });
  });
});

/** Waits (on the database's state, not a clock) until the query yields a row; returns its pid. */
async function waitForPid(dir: string, sql: string): Promise<number> {
  return (await waitForFrontierRow<{ pid: number }>(dir, sql)).pid;
}
