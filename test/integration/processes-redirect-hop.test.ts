// `crawl --processes 2`: a redirect hop from one process's host to a host the other process owns goes in the owner's slot, and a Retry-After in its answer pauses the host there.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const TAG_SPIDER = 'test/support/spiders/process-tag-spider.ts';
/** Cold node processes on a 2-core machine shared with other suites. */
const PROCESS_TEST_TIMEOUT_MS = 180_000;
const INTERVAL_MS = 300;
const HOPS = 6;

/** The crawl in two processes, slot 0 seeding host 0 first (so host 1 is slot 1's). */
const crawlTwo = (site: CatalogSite, dir: string, track: (child: ChildProcess) => void) =>
  cli(
    ['crawl', TAG_SPIDER, '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', dir, '--processes', '2',
      '-s', 'politeness.jitterMs=0', '-s', `politeness.minIntervalMs=${INTERVAL_MS}`, '-s', 'pipeline.batchMaxAgeMs=20',
      '-s', 'log.format=json', '-s', 'log.level=warn', '-s', 'log.statsIntervalMs=0'],
    { onStart: track },
  );

describe('crawl --processes 2, a redirect to the other process’s host', () => {
  const { track, killAll } = childTracker();
  const storage = tempStorageDir('procs-hop');
  let site: CatalogSite;
  let run: CliRun;

  beforeAll(async () => {
    // Host 0 is seen first (slot 0's), host 1 second (slot 1's). Host 0's listing links /go/<n>, each a 302 to
    // one of host 1's products: those hops are sent by slot 0 to a host slot 1 sends to.
    const goPaths = Array.from({ length: HOPS }, (_, n) => `/go/${n}`);
    site = await startCatalogSite({ hosts: 2, productsPerHost: HOPS, perPage: HOPS, extraProductPaths: goPaths });
    const [start, target] = site.servers;
    start.route('/go/:n', (_req, res, { params }) => void res.writeHead(302, { location: target.url(`/p/H1-P${params.n}`) }).end());
    run = await crawlTwo(site, storage.dir, track);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    killAll();
    await site.close();
    storage.cleanup();
  });

  it('every page and every hop is fetched', () => {
    expect(run.code, run.stderr).toBe(0);
    const target = site.servers[1];
    // robots.txt, the listing, its 6 products, and each product once more through a hop
    expect(target.requests.filter((r) => r.path.startsWith('/p/'))).toHaveLength(2 * HOPS);
  });

  it("the target host's arrivals keep its interval, its owner's requests and the other process's hops together", () => {
    // Before: the hops were booked in the sending process's slots only and reached the target 66 to 74 ms after
    // its owner's own requests. The crawler adds politeness.intervalMarginMs (10 ms) for timer noise.
    // Pages only: the target's robots.txt is fetched by each process on its own (its robots cache is per process).
    const gaps = longestPossibleGapsMs(site.servers[1].requests.filter((r) => r.path !== '/robots.txt'));
    expect(gaps.filter((gap) => gap < INTERVAL_MS)).toEqual([]);
  });

  describe("a Retry-After in the hop's answer", () => {
    const RETRY_AFTER_S = 2;
    const paused = tempStorageDir('procs-hop-429');
    let pausedSite: CatalogSite;
    let pausedRun: CliRun;

    beforeAll(async () => {
      // The first hop to host 1 gets a 429 with Retry-After: 2; host 1's own requests go out from slot 1.
      pausedSite = await startCatalogSite({ hosts: 2, productsPerHost: HOPS, perPage: HOPS, extraProductPaths: ['/go/0'] });
      const [start, target] = pausedSite.servers;
      start.route('/go/:n', (_req, res) => void res.writeHead(302, { location: target.url('/hop') }).end());
      let refused = false;
      target.route('/hop', (_req, res) => {
        if (!refused) {
          refused = true;
          return void res.writeHead(429, { 'retry-after': String(RETRY_AFTER_S) }).end();
        }
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><main data-sku="HOP"><span class="price">$1.00</span></main></body></html>');
      });
      pausedRun = await crawlTwo(pausedSite, paused.dir, track);
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await pausedSite.close();
      paused.cleanup();
    });

    it('pauses the target at its owner: none of its own pages arrive before the wait is over', () => {
      expect(pausedRun.code, pausedRun.stderr).toBe(0);
      const arrivals = pausedSite.servers[1].requests.filter((r) => r.path !== '/robots.txt');
      expect(arrivals.filter((r) => r.path === '/hop')).toHaveLength(2);
      // Before: the pause stayed in the process that sent the hop, and the owner sent its next page an interval later.
      const ordered = [...arrivals].sort((a, b) => a.arrivedAtPerfMs - b.arrivedAtPerfMs);
      const refused = ordered.findIndex((r) => r.path === '/hop');
      expect(refused).toBeLessThan(ordered.length - 1);
      expect(longestPossibleGapsMs(ordered)[refused]).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000);
    });
  });
});
