// `crawl --processes 2` over a two-host catalog whose first host redirects to the second: the shared set-up of the redirect-hop tests.
import type { ChildProcess } from 'node:child_process';
import { startCatalogSite, type CatalogSite } from './catalog-site';
import { cli, type CliRun } from './run-cli';

const TAG_SPIDER = 'test/support/spiders/process-tag-spider.ts';
/** Cold node processes on a 2-core machine shared with other suites. */
export const PROCESS_TEST_TIMEOUT_MS = 180_000;

/**
 * Host 0 is seen first (slot 0's), host 1 second (slot 1's). Host 0's listing links /go/<n>, each a 302 to
 * host 1's product n: those hops are sent by slot 0 to a host slot 1 sends to.
 */
export async function startHopSite(hops: number, options: { products?: boolean; hopPath?: (n: string) => string } = {}): Promise<CatalogSite> {
  const goPaths = Array.from({ length: hops }, (_, n) => `/go/${n}`);
  const site = await startCatalogSite({ hosts: 2, productsPerHost: options.products === false ? 0 : hops, perPage: hops, extraProductPaths: goPaths });
  const [start, target] = site.servers;
  const hopPath = options.hopPath ?? ((n) => `/p/H1-P${n}`);
  start.route('/go/:n', (_req, res, { params }) => void res.writeHead(302, { location: target.url(hopPath(params.n)) }).end());
  return site;
}

/** The crawl in two processes, slot 0 seeding host 0 first (so host 1 is slot 1's). */
export function crawlTwo(site: CatalogSite, dir: string, intervalMs: number, track: (child: ChildProcess) => void, settings: string[] = []): Promise<CliRun> {
  return cli(
    ['crawl', TAG_SPIDER, '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', dir, '--processes', '2',
      '-s', 'politeness.jitterMs=0', '-s', `politeness.minIntervalMs=${intervalMs}`, '-s', 'pipeline.batchMaxAgeMs=20',
      '-s', 'log.format=json', '-s', 'log.level=warn', '-s', 'log.statsIntervalMs=0', ...settings.flatMap((pair) => ['-s', pair])],
    { onStart: track },
  );
}
