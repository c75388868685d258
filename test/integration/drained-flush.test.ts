// When nothing is left to fetch, the last items are written at once instead of waiting for their batch to
// age: a run whose batch age is an hour still ends, with every item stored and every request acknowledged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

class ThreePagesSpider extends Spider {
  readonly name = 'drained-flush';

  constructor(urls: string[]) {
    super();
    this.startUrls = urls;
  }

  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: new URL(res.url).pathname, price: res.$('.price').text(), currency: 'EUR', url: res.url };
  }
}

describe('a drained frontier', () => {
  let servers: FixtureServer[];
  const storage = tempStorageDir('drained-flush');

  beforeAll(async () => {
    servers = await startFixtureServers(1, { builtInRoutes: false });
    servers[0].route('/robots.txt', (_req, res) => void res.end('User-agent: *\nAllow: /\n'));
    servers[0].route('/p/:n', (_req, res) => void res.end('<span class="price">4,20 €</span>'));
  });
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  it('writes the last batch at once: a batch age of an hour does not hold the run open', async () => {
    const spider = new ThreePagesSpider([1, 2, 3].map((n) => servers[0].url(`/p/${n}`)));
    const settings = { politeness: { minIntervalMs: 0, jitterMs: 0 }, pipeline: { batchSize: 100, batchMaxAgeMs: 3_600_000 } };
    const { summary, items } = await crawlInProcess(spider, storage.dir, settings);
    expect(summary.status, JSON.stringify(summary.ledger)).toBe('finished');
    expect(summary.ledger).toMatchObject({ planned: 3, succeeded: 3, failed: 0, pending: 0 });
    expect(items.map((item) => item.sku).sort()).toEqual(['/p/1', '/p/2', '/p/3']);
  });
});
