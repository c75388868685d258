// An operator who may read a storage dir but not write it (another uid, a read-only mount or snapshot) runs `runs`, `status` and `report` on it.
import { chmodSync, chownSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

/** The test runs as root, whom no file mode stops: the operator runs as nobody, who owns nothing here. */
const NOBODY = { uid: 65534, gid: 65534 };
const KILL_AT = resolve(import.meta.dirname, '../support/kill-at.mjs');

describe.each([
  // A finished run closed its files cleanly: no -wal or -shm beside them, and none can be created in the dir.
  { label: 'finished', runId: 'ro-finished', killAt: null },
  // kill -9 after the 3rd item batch: the frontier's and the items' last commits are in -wal files the operator cannot write either.
  { label: 'killed', runId: 'ro-killed', killAt: 'sql:after:3:items.sqlite:^COMMIT$' },
])('a storage dir the operator may only read ($label run)', ({ label, runId, killAt }) => {
  let site: CatalogSite;
  let crawl: CliRun;
  const storage = tempStorageDir(`ro-${label}`);
  const out = mkdtempSync(join(tmpdir(), `pricecrawl-ro-out-${label}-`));
  const asOperator = (args: string[]) => cli([...args, '--storage', storage.dir], { user: NOBODY, env: { ...process.env, HOME: out } });

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 12, perPage: 4 });
    const env = killAt ? { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${KILL_AT}`, KILL_AT: killAt } : process.env;
    crawl = await cli(['crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir, '--run', runId,
      '-s', 'politeness.minIntervalMs=5', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchSize=1'], { env });
    // Readable by all, writable by no one but root: the files as the crawl left them (a killed one leaves its WAL files).
    chmodSync(storage.dir, 0o555);
    chownSync(out, NOBODY.uid, NOBODY.gid);
  }, 120_000);
  afterAll(async () => {
    await site.close();
    chmodSync(storage.dir, 0o755);
    storage.cleanup();
    rmSync(out, { recursive: true, force: true });
  });

  it('the crawl ended as the case needs', () => {
    if (killAt) expect(crawl.signal, crawl.stderr.slice(-2000)).toBe('SIGKILL');
    else expect(crawl.code, crawl.stderr.slice(-2000)).toBe(0);
    expect(readdirSync(storage.dir).some((name) => name.endsWith('-wal'))).toBe(killAt !== null);
  });

  it('runs --json lists the run as the crawl recorded it', async () => {
    const listed = await asOperator(['runs', '--json']);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const [record] = listed.stdout.trim().split('\n').map((line) => JSON.parse(line) as { runId: string; outcome: string; items: number | null });
    // A killed run's record still says running (its process is gone: the judge says so, never "finished").
    expect(record).toMatchObject({ runId, outcome: killAt ? expect.not.stringMatching(/finished/) : 'finished' });
  });

  it("status --json shows the ledger, the WAL's commits included", async () => {
    const shown = await asOperator(['status', '--json', '--run', runId]);
    expect(shown.stderr).toBe('');
    const status = JSON.parse(shown.stdout) as { planned: number; succeeded: number; exitCode?: number | null };
    // Killed: every commit of the frontier is still in its -wal (checkpoints come every 10,000 pages), none in the file.
    expect(status.succeeded).toBeGreaterThanOrEqual(killAt ? 1 : 15);
    if (!killAt) expect(status).toMatchObject({ planned: 15, succeeded: 15, exitCode: 0 });
  });

  it("report writes the run's report where the operator may write", async () => {
    const file = join(out, 'report.html');
    const written = await asOperator(['report', runId, '-o', file]);
    expect(written.stderr).toBe('');
    expect(written.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain(runId);
  });
});

describe('a killed run copied without its WAL index (-shm), read by an operator who may not create one', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('ro-no-shm');

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 8, perPage: 4 });
    const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${KILL_AT}`, KILL_AT: 'sql:after:2:items.sqlite:^COMMIT$' };
    await cli(['crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir, '--run', 'no-shm',
      '-s', 'politeness.minIntervalMs=5', '-s', 'pipeline.batchSize=1'], { env });
    // A backup that kept the files and their WALs but not the index beside them (it is only shared memory).
    for (const name of readdirSync(storage.dir).filter((file) => file.endsWith('-shm'))) rmSync(join(storage.dir, name));
    chmodSync(storage.dir, 0o555);
  }, 120_000);
  afterAll(async () => {
    await site.close();
    chmodSync(storage.dir, 0o755);
    storage.cleanup();
  });

  it('runs refuses, naming the file and the fix, rather than show the run without its last commits', async () => {
    expect(readdirSync(storage.dir)).toContain('frontier.sqlite-wal');
    const listed = await cli(['runs', '--json', '--storage', storage.dir], { user: NOBODY });
    expect(listed.code).toBe(2);
    expect(listed.stdout).toBe('');
    expect(listed.stderr).toMatch(/cannot read \S+frontier\.sqlite \(SQLITE_\w+\): this user may not create its WAL index .* copy the storage dir somewhere this user may write/);
  });
});

describe('runs on a storage dir from an older pricecrawl, by its owner', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('ro-owner-old');

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 2, perPage: 4 });
    await cli(['crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir, '--run', 'old', '-s', 'politeness.minIntervalMs=5']);
    // The run records as versions before summary_json and start_ticks wrote them.
    const db = new Database(join(storage.dir, 'frontier.sqlite'));
    db.exec('ALTER TABLE run_records DROP COLUMN summary_json; ALTER TABLE run_records DROP COLUMN start_ticks');
    db.close();
  }, 120_000);
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('still upgrades the file and lists the run, as before reading commands could open read-only', async () => {
    const listed = await cli(['runs', '--json', '--storage', storage.dir]);
    expect(listed.stderr).toBe('');
    expect(JSON.parse(listed.stdout)).toMatchObject({ runId: 'old', outcome: 'finished' });
  });
});
