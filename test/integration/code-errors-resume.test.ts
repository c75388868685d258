// Pages a callback failed on before a --resume stay in the run's ledger; the resumed part, which saw no
// throw itself, must still end with them shown and exit 4, not as a clean run.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSummary } from '../../src/cli/summary-text';
import { exitCodeFor } from '../../src/engine/run-summary';
import { Spider, type CrawlResponse, type SpiderOutput } from '../../src/index';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** Throws on every page while `broken` (a deploy with a bug), reads them all once fixed. */
class ShopSpider extends Spider {
  readonly name = 'shop';
  constructor(
    urls: string[],
    private readonly broken: boolean,
  ) {
    super();
    this.startUrls = urls;
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    if (this.broken) throw new TypeError('price box not found');
    yield { sku: new URL(res.url).pathname, price: '3.50', currency: 'EUR', url: res.url };
  }
}

const text = (res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>p</body></html>');
const settings = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 1 }, robots: { obey: false }, log: { statsIntervalMs: 0 } };

describe('code errors across a --resume', { timeout: 60_000 }, () => {
  const storage = tempStorageDir('code-errors-resume');
  let servers: FixtureServer[];
  let urls: string[];

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    servers[0].route('/p/:n', (_req, res) => text(res));
    urls = [0, 1, 2, 3, 4, 5].map((n) => servers[0].url(`/p/${n}`));
  });
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('the resumed part names the earlier failures and exits 4', async () => {
    const first = await crawlInProcess(new ShopSpider(urls, true), storage.dir, { ...settings, closeSpider: { pageCount: 2 } });
    expect(first.summary.status).toBe('stopped');
    const failedFirst = first.summary.ledger.failedByReason['callback/error'];
    expect(failedFirst).toBeGreaterThanOrEqual(2);
    expect(exitCodeFor(first.summary)).toBe(4);

    const resumed = await crawlInProcess(new ShopSpider(urls, false), storage.dir, settings, { resume: true });
    expect(resumed.summary.status).toBe('finished');
    expect(resumed.summary.ledger.failedByReason['callback/error']).toBe(failedFirst);
    // Before: exit 0; this process saw no throw, and the ledger's callback/error sat among the permanent failures.
    expect(exitCodeFor(resumed.summary)).toBe(4);
    expect(formatSummary(resumed.summary)).toContain(`  callback "(before a resume, or on another worker)": ${failedFirst} pages failed\n`);
  });
});
