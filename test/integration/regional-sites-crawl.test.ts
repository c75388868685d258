// One spider crawling a shop's regional sites (the same SKU on shop.de and shop.ch at other prices): an item
// is keyed by SKU alone, so the second site's price is dropped as duplicate/price-differs. A site all of whose
// prices were dropped so is a competitor lost whole (exit 4, named), not a clean run; a mirror at the same prices is not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Spider, type CrawlResponse, type SpiderOutput } from '../../src/index';
import { exitCodeFor } from '../../src/engine/run-summary';
import { runLosses } from '../../src/engine/run-losses';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

/** Each page's text is "<price> <currency>" of the one product every site sells. */
class RegionalSpider extends Spider {
  readonly name = 'regional';
  constructor(urls: readonly string[]) {
    super();
    this.startUrls = [...urls];
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const [price, currency] = res.text.trim().split(' ');
    yield { sku: 'KETTLE-1', price, currency, url: res.url };
  }
}

describe('the same SKU on two sites of one spider', { timeout: 60_000 }, () => {
  let servers: FixtureServer[];
  const storage = tempStorageDir('regional');
  beforeAll(async () => {
    servers = await startFixtureServers(3, { builtInRoutes: false });
    const offers = ['39.90 EUR', '44.50 CHF', '39.90 EUR'];
    servers.forEach((server, i) => server.route('/p', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end(offers[i])));
  });
  afterAll(async () => {
    await closeFixtureServers(servers);
    storage.cleanup();
  });

  const crawl = (sites: FixtureServer[]) =>
    crawlInProcess(new RegionalSpider(sites.map((s) => s.url('/p'))), storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0 }, robots: { obey: false } });

  it('another price on the second site: that site is lost whole, exit 4, its drop named', async () => {
    const { summary, items } = await crawl([servers[0], servers[1]]);
    expect(items).toHaveLength(1);
    const kept = new URL(items[0].url).host;
    const dropped = [servers[0], servers[1]].map((s) => s.hostKey).find((host) => host !== kept)!;
    // Before: the dropped site counted as having given its item; the run ended 0 with one price of two.
    expect(exitCodeFor(summary)).toBe(4);
    expect(runLosses(summary).lostHosts.map((h) => [h.host, h.droppedByReason, h.hint.split(':')[0]])).toEqual([
      [dropped, [['duplicate/price-differs', 1]], "every item's SKU was already stored from another host at another price"],
    ]);
  });

  it('a mirror at the same price gave its item: not lost, exit 0', async () => {
    const { summary, items } = await crawl([servers[0], servers[2]]);
    expect(items).toHaveLength(1);
    expect(summary.items.dropped).toEqual({ duplicate: 1 });
    expect(summary.lostHosts).toEqual({});
    expect(exitCodeFor(summary)).toBe(0);
  });
});
