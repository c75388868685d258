// `crawl --processes 2`: a redirect hop from one process's host to a host the other process owns goes in the owner's slot, the target's robots.txt is fetched once, and a Retry-After in its answer pauses the host there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { crawlTwo, PROCESS_TEST_TIMEOUT_MS, startHopSite } from '../support/process-hops';
import { childTracker, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const INTERVAL_MS = 300;
const HOPS = 6;

describe('crawl --processes 2, a redirect to the other process’s host', () => {
  const { track, killAll } = childTracker();
  const storage = tempStorageDir('procs-hop');
  let site: CatalogSite;
  let run: CliRun;

  beforeAll(async () => {
    site = await startHopSite(HOPS);
    run = await crawlTwo(site, storage.dir, INTERVAL_MS, track);
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
    // robots.txt included: it is fetched once for the run, and told to the owner's gate.
    const gaps = longestPossibleGapsMs(site.servers[1].requests);
    expect(gaps.filter((gap) => gap < INTERVAL_MS)).toEqual([]);
  });

  describe("the target's robots.txt, asking for a Crawl-delay", () => {
    const CRAWL_DELAY_S = 0.6;
    const robots = tempStorageDir('procs-hop-robots');
    let robotsSite: CatalogSite;
    let robotsRun: CliRun;

    beforeAll(async () => {
      // Slot 0 needs host 1's robots.txt to follow its hops there; slot 1 needs it for host 1's own pages.
      robotsSite = await startHopSite(HOPS);
      robotsSite.servers[1].route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nCrawl-delay: ${CRAWL_DELAY_S}\n`));
      robotsRun = await crawlTwo(robotsSite, robots.dir, INTERVAL_MS, track);
    }, PROCESS_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await robotsSite.close();
      robots.cleanup();
    });

    it('is fetched once for the run', () => {
      expect(robotsRun.code, robotsRun.stderr).toBe(0);
      expect(robotsSite.servers[1].requests.filter((r) => r.path.startsWith('/p/'))).toHaveLength(2 * HOPS);
      // Before: each process that reached the host fetched it (its robots cache was its own), the second one
      // outside the owner's slots (410 ms after the owner's fetch, under the 600 ms Crawl-delay).
      expect(robotsSite.servers[1].requests.filter((r) => r.path === '/robots.txt')).toHaveLength(1);
    });

    it("keeps the Crawl-delay between all of the host's arrivals, the file's own included", () => {
      const gaps = longestPossibleGapsMs(robotsSite.servers[1].requests);
      expect(gaps.filter((gap) => gap < CRAWL_DELAY_S * 1000)).toEqual([]);
    });
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
      pausedRun = await crawlTwo(pausedSite, paused.dir, INTERVAL_MS, track);
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
