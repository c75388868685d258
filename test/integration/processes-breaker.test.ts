// `crawl --processes 2`: a 429 storm a host gives both processes (its owner's pages and the other's redirect hops) opens the owner's one breaker at the threshold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestPossibleGapsMs } from '../support/arrival-gaps';
import type { CatalogSite } from '../support/catalog-site';
import type { RouteHandler } from '../support/fixture-server';
import { crawlTwo, PROCESS_TEST_TIMEOUT_MS, startHopSite } from '../support/process-hops';
import { childTracker, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const INTERVAL_MS = 200;
const HOPS = 4;
const THRESHOLD = 3;
const COOLDOWN_MS = 1_500;
/** Answers 429 past the threshold: a breaker counting only one process's half opens later than it should. */
const STORM = 2 * THRESHOLD;

describe('crawl --processes 2, a 429 storm reaching one host from both processes', () => {
  const { track, killAll } = childTracker();
  const storage = tempStorageDir('procs-breaker');
  let site: CatalogSite;
  let run: CliRun;

  beforeAll(async () => {
    // No products: host 1's own pages are the /go/<n> its listing links (slot 1's), and slot 0's /go/<n> on
    // host 0 redirect to host 1's /hop/<n>. Both kinds share one storm: its first arrivals get a bare 429.
    site = await startHopSite(HOPS, { products: false, hopPath: (n) => `/hop/${n}` });
    let arrivals = 0;
    const storm: RouteHandler = (req, res) => {
      arrivals += 1;
      if (arrivals <= STORM) return void res.writeHead(429).end();
      const sku = `H1${req.url!.replaceAll('/', '-')}`;
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><main data-sku="${sku}"><span class="price">$1.00</span></main></body></html>`);
    };
    site.servers[1].route('/go/:n', storm).route('/hop/:n', storm);
    run = await crawlTwo(site, storage.dir, INTERVAL_MS, track, [`breaker.threshold=${THRESHOLD}`, `breaker.cooldownMs=${COOLDOWN_MS}`]);
  }, PROCESS_TEST_TIMEOUT_MS);
  afterAll(async () => {
    killAll();
    await site.close();
    storage.cleanup();
  });

  it('reaches the host from both processes, and ends', () => {
    expect(run.code, run.stderr).toBe(0);
    const paths = site.servers[1].requests.map((r) => r.path);
    expect(paths.filter((path) => path.startsWith('/hop/')).length).toBeGreaterThanOrEqual(HOPS);
    expect(paths.filter((path) => path.startsWith('/go/')).length).toBeGreaterThanOrEqual(HOPS);
  });

  it('pauses the host for the cooldown right after the threshold-th 429, whichever process sent them', () => {
    const storm = site.servers[1].requests.filter((r) => r.path.startsWith('/go/') || r.path.startsWith('/hop/'));
    const gaps = longestPossibleGapsMs(storm);
    // Before: each process counted its own streak, so with the 429s split between them neither breaker saw
    // the threshold, and the storm's next arrivals came an interval apart.
    expect(gaps[THRESHOLD - 1]).toBeGreaterThanOrEqual(COOLDOWN_MS);
  });
});
