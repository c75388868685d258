// `pricecrawl export` of a run a live crawl is still writing: refused with its reason, unless asked for a partial feed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { childTracker, cli, type CliRun } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const RUN = 'export-while-crawling';

describe('an export of a run while its crawl still writes', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('export-live');
  const children = childTracker();
  let release: () => void = () => undefined;
  let refused: CliRun;
  let partial: CliRun;
  let crawled: CliRun;
  const feed = (name: string) => join(storage.dir, name);

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 6, perPage: 10, extraProductPaths: ['/held'] });
    const server = site.servers[0];
    // One more product answers only once both exports ran: the run is surely still crawling meanwhile.
    const held = new Promise<void>((resolve) => (release = resolve));
    server.route('/held', async (_req, res) => {
      await held;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<main data-sku="HELD"><span class="price">1.00</span></main>');
    });
    const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 0, track: children.track });
    const running = crawl(['--run', RUN]);
    await server.waitForRequests(site.products.length + 2); // the listing and every product asked, /held held
    refused = await cli(['export', RUN, '--storage', storage.dir, '-O', feed('refused.jsonl')]);
    partial = await cli(['export', RUN, '--storage', storage.dir, '--partial', '-O', feed('partial.jsonl')]);
    release();
    crawled = await running;
  }, 120_000);
  afterAll(async () => {
    release();
    children.killAll();
    await site.close();
    storage.cleanup();
  });

  it('refuses a plain export, naming the live crawl, and writes no feed', () => {
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`run ${RUN} is still being crawled by process \\d+`));
    expect(refused.stderr).toContain('--partial');
    expect(existsSync(feed('refused.jsonl'))).toBe(false);
  });

  it('writes the items stored so far with --partial and says the feed is partial', () => {
    expect(partial.code, partial.stderr).toBe(0);
    const lines = readFileSync(feed('partial.jsonl'), 'utf8').trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(site.products.length); // never the held one
    expect(partial.stdout).toMatch(new RegExp(`written to .*partial\\.jsonl .*partial: run ${RUN} is still being crawled`));
  });

  it('leaves the crawl to finish its run', () => {
    expect(crawled.code, crawled.stderr).toBe(0);
  });
});
