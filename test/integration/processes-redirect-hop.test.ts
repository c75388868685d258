// `crawl --processes 2`: a redirect hop from one process's host to a host the other process owns goes in the owner's slot.
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
    run = await cli(
      ['crawl', TAG_SPIDER, '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', storage.dir, '--processes', '2',
        '-s', 'politeness.jitterMs=0', '-s', `politeness.minIntervalMs=${INTERVAL_MS}`, '-s', 'pipeline.batchMaxAgeMs=20',
        '-s', 'log.format=json', '-s', 'log.level=warn', '-s', 'log.statsIntervalMs=0'],
      { onStart: track },
    );
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
});
