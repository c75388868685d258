// Two crawls of one spider started at the same moment on one store (a cron and a person, two schedulers): exactly
// one runs, the other is refused before it creates a run, and the spider's items are stored once.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRunRecords } from '../../storage/open-backends';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { routeHeldList } from '../support/held-list';
import { storeBackends } from '../support/store-backends';
import { readItems } from '../support/test-crawl';

const SPIDER_FILE = 'test/support/spiders/catalog-spider.ts'; // the spider named `catalog`
const { backends, start, stop } = storeBackends('claim-race');
let site: CatalogSite;
let holdList: ReturnType<typeof routeHeldList>;

beforeAll(async () => {
  await start();
  site = await startCatalogSite({ hosts: 1, productsPerHost: 2, perPage: 10 });
  holdList = routeHeldList(site.servers[0]);
});
afterAll(async () => {
  await site?.close();
  await stop();
});

describe.each(backends)('two crawls of one spider started at once on %s', (_name, place) => {
  it('one runs to its end, the other is refused with SPIDER_IN_USE and leaves no run behind', async () => {
    const storage = await place();
    const { arrival, release } = holdList();
    // The held listing keeps the winner mid-run until the loser has ended, whichever of the two wins.
    const startUrls = [site.servers[0].url('/held-list'), ...site.startUrls].join(',');
    const args = ['bin/pricecrawl.js', 'crawl', SPIDER_FILE, '--storage', storage.dir, '-a', `startUrls=${startUrls}`,
      '-s', 'robots.obey=false', '-s', 'politeness.minIntervalMs=0', '-s', 'politeness.jitterMs=0', '-s', 'log.format=json',
      ...(storage.url ? ['--store', storage.url] : [])];
    const crawls = [0, 1].map(() => {
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout!.resume();
      return { child, exit: once(child, 'exit').then(([code]) => code as number), stderr: () => stderr };
    });
    await arrival; // one of them holds the spider
    const loser = await Promise.race(crawls.map((crawl, index) => crawl.exit.then(() => index)));
    release();
    const codes = await Promise.all(crawls.map((crawl) => crawl.exit));
    expect(codes[loser]).toBe(2);
    expect(crawls[loser].stderr()).toMatch(/spider catalog is being crawled on this store by process \d+/);
    expect(codes[1 - loser], crawls[1 - loser].stderr()).toBe(0);
    const records = await openRunRecords({ url: storage.url, dir: storage.dir });
    try {
      const runs = await records.list('catalog');
      expect(runs).toHaveLength(1); // the refused crawl created no run
      const items = await readItems(storage.dir, runs[0].runId, storage.url);
      expect(items.map((item) => item.sku).sort()).toEqual([...new Set(items.map((item) => item.sku))].sort());
      expect(items.length).toBe(2);
    } finally {
      await records.close();
    }
  });
});
