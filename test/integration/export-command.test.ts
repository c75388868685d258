// `pricecrawl export`: a past run's items from SQLite and from a real PostgreSQL, by run id or --spider --latest, in every format.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { readSkus } from '../support/read-feed';
import { cli } from '../support/run-cli';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { storeBackends } from '../support/store-backends';
import { crawlInProcess } from '../support/test-crawl';

const SETTINGS = { politeness: { minIntervalMs: 0, jitterMs: 0 }, pipeline: { batchMaxAgeMs: 20 } };
const stores = storeBackends('export');

describe.each(stores.backends)('pricecrawl export from %s', (_name, place) => {
  let site: CatalogSite;
  let args: string[];
  let dir: string;
  let runIds: string[];

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 6, perPage: 3 });
    const where = await place();
    dir = where.dir;
    args = ['--storage', dir, ...(where.url ? ['--store', where.url] : [])];
    const crawl = () => crawlInProcess(new CatalogSpider({ startUrls: site.startUrls.join(',') }), dir, SETTINGS, { storeUrl: where.url });
    runIds = [(await crawl()).summary.runId];
    site.repriced.set(site.products[0].sku, '1.00');
    runIds.push((await crawl()).summary.runId);
  });
  afterAll(async () => {
    await site.close();
  });

  it('writes a past run by id, each item with its run, raw hash and time', async () => {
    const out = join(dir, 'first.json');
    const run = await cli(['export', runIds[0], '-O', out, ...args]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`6 items of run ${runIds[0]} written to ${out} (json)`);
    const items = JSON.parse(readFileSync(out, 'utf8')) as Array<Record<string, unknown>>;
    expect(items.map((item) => item.sku).sort()).toEqual(site.products.map((p) => p.sku).sort());
    for (const item of items) {
      expect(item.runId).toBe(runIds[0]);
      expect(item.rawHash).toMatch(/^[0-9a-f]{64}$/);
      expect(typeof item.scrapedAt).toBe('string');
    }
    expect(items.find((item) => item.sku === site.products[0].sku)?.price).toBe(site.products[0].price);
  });

  it('--spider --latest picks the latest run; several feeds at once', async () => {
    const [xml, csv] = [join(dir, 'latest.xml'), join(dir, 'latest.txt')];
    const run = await cli(['export', '--spider', 'catalog', '--latest', '-O', xml, '-O', `${csv}:csv`, ...args]);
    expect(run.code).toBe(0);
    expect(readSkus(xml, 'xml')).toHaveLength(6);
    expect(readSkus(`${csv}`, 'csv')).toHaveLength(6);
    expect(readFileSync(xml, 'utf8')).toContain(`<runId>${runIds[1]}</runId>`);
    expect(readFileSync(xml, 'utf8')).toContain('<price>1.00</price>');
  });

  it('refuses an unknown run and a missing feed with one line and exit 2', async () => {
    const unknown = await cli(['export', 'no-such-run', '-o', join(dir, 'x.json'), ...args]);
    expect([unknown.code, unknown.stderr.trim().split('\n').length]).toEqual([2, 1]);
    expect(unknown.stderr).toContain('no-such-run');
    const noFeed = await cli(['export', runIds[0], ...args]);
    expect(noFeed.code).toBe(2);
    expect(noFeed.stderr).toContain('-o <file>');
  });
});

beforeAll(() => stores.start(), 120_000);
afterAll(() => stores.stop());
