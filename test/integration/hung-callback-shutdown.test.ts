// A callback that never finishes (it awaits a promise that never settles) is cut off when SIGINT's grace runs out: the run ends interrupted, the page stays queued, and --resume stores it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { waitForFrontierRow } from '../support/frontier-peek';
import { childTracker, runRecordsJson, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

/** Two cold CLI processes one after the other: the hook's default 60 s ran out at load 29 (39 s before the crawl had its four pages). */
const TEST_TIMEOUT_MS = 180_000;

describe('SIGINT while a spider callback hangs', { timeout: 60_000 }, () => {
  let site: CatalogSite;
  const storage = tempStorageDir('hung-callback');
  const children = childTracker();
  let interrupted: CliRun;
  let resumed: CliRun;

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 3 });
    const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 0, track: children.track });
    const server = site.servers[0];
    interrupted = await crawl(['-a', 'hangOn=H0-P1', '-s', 'shutdown.graceMs=200', '-s', 'robots.obey=false'], (child) => {
      // The listing and the three products were answered, and all but H0-P1 are settled: its callback is the one
      // left running. (Answered is not settled: on a loaded machine another product's callback was still running at the
      // SIGINT, the grace cut it off too, and the run ended with 2 pending.)
      void server.waitForRequests(4).then(async () => {
        await Promise.all(server.requests.map((request) => request.closed));
        await waitForFrontierRow(storage.dir, `SELECT count(*) AS n FROM requests WHERE state = 'succeeded' HAVING n = 3`);
        child.kill('SIGINT');
      });
    });
    resumed = await crawl(['--resume', '-s', 'robots.obey=false']);
  }, TEST_TIMEOUT_MS); // a hook's own: the describe's timeout covers only its tests
  afterAll(async () => {
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('ends once the grace has run out, interrupted with exit 2, the hung page still queued', () => {
    expect(interrupted.code).toBe(2);
    expect(interrupted.stdout).toMatch(/: interrupted in /);
    expect(interrupted.stdout).toContain('accounting: planned 4 = succeeded 3 + failed 0 + pending 1');
    expect(interrupted.stderr).toContain('callback cut off by the shutdown; the request stays queued');
  });

  it('--resume fetches the page again and stores its item: every product once', async () => {
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('accounting: planned 4 = succeeded 4 + failed 0 + pending 0');
    expect(site.servers[0].requestsTo('/p/H0-P1')).toHaveLength(2);
    const records = await runRecordsJson(['--storage', storage.dir]);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ outcome: 'finished', exitCode: 0, items: 3 });
  });
});
