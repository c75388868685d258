// items.sqlite made read-only while the crawl runs (a permissions fix-up, a backup job's chmod): the run never ends on record as clean when its end work was not written.
import { chmodSync, chownSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { childTracker, cli, runRecordsJson, type CliRun } from '../support/run-cli';
import { readItems, tempStorageDir } from '../support/test-crawl';

/** The test runs as root, whom no file mode stops: the crawl runs as nobody, who owns the storage dir. */
const NOBODY = { uid: 65534, gid: 65534 };
const RUN_ID = 'read-only';

describe('items.sqlite made read-only while the crawl runs', () => {
  let site: CatalogSite;
  let first: CliRun;
  let resumed: CliRun;
  const storage = tempStorageDir('read-only');
  const { track, killAll } = childTracker();
  const itemFiles = () => readdirSync(storage.dir).filter((name) => name.startsWith('items.sqlite')).map((name) => join(storage.dir, name));
  const crawl = (extra: string[]) =>
    cli(['crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir, '--run', RUN_ID,
      '-s', 'politeness.minIntervalMs=15', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=10', '-s', 'log.format=json', ...extra],
    { onStart: track, user: NOBODY, env: { ...process.env, HOME: storage.dir } });

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 20, perPage: 10 });
    chownSync(storage.dir, NOBODY.uid, NOBODY.gid);
    // The open connection keeps writing its items (a mode is checked at open); what opens the file later cannot.
    void site.servers[0].waitForRequests(6).then(() => itemFiles().forEach((file) => chmodSync(file, 0o444)));
    first = await crawl([]);
    itemFiles().forEach((file) => chmodSync(file, 0o644));
  }, 120_000);
  afterAll(async () => {
    killAll();
    await site.close();
    storage.cleanup();
  });

  it('stops with exit 2 and the line naming the storage dir and --resume', () => {
    expect(first.code, first.stderr.slice(-2000)).toBe(2);
    expect(first.stderr).toMatch(/pricecrawl: cannot write to \S+ \(SQLITE_READONLY\): the crawl stopped, its work stays queued; give this user write access to the storage dir and its files, then continue with: pricecrawl crawl catalog --resume/);
  });

  it('runs --json says what the process said: interrupted, exit 2 (before: finished, exit 0, its price history unwritten)', async () => {
    const [record] = await runRecordsJson<{ runId: string; outcome: string; exitCode: number | null }>(['--storage', storage.dir]);
    expect(record).toMatchObject({ runId: RUN_ID, outcome: 'interrupted', exitCode: 2 });
  });

  it('--resume ends the run clean with every product once at its price, and the record says so', async () => {
    resumed = await crawl(['--resume']);
    expect(resumed.code, resumed.stderr.slice(-2000)).toBe(0);
    expect(resumed.stdout).toMatch(/accounting: planned 22 = succeeded 22 \+ failed 0 \+ pending 0/);
    const items = await readItems(storage.dir, RUN_ID);
    expect(items.map((item) => `${item.sku} ${item.price}`).sort()).toEqual(site.products.map((p) => `${p.sku} ${p.price}`).sort());
    const [record] = await runRecordsJson<{ outcome: string; exitCode: number | null }>(['--storage', storage.dir]);
    expect(record).toMatchObject({ outcome: 'finished', exitCode: 0 });
  });
});
