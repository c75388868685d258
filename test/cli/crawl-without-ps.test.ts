// A machine without `ps` (slim container images ship no procps): the crawl runs and ends as anywhere else.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { cli } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');

describe('a crawl where `ps` is not installed', () => {
  let site: CatalogSite;
  let child: ChildProcess | undefined;
  const storage = tempStorageDir('no-ps');
  const emptyBin = mkdtempSync(join(tmpdir(), 'pricecrawl-no-ps-'));

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 1, productsPerHost: 3 });
  });
  afterAll(async () => {
    // A crawl that hangs (as it did: its pool never started and it retried a closed frontier) is killed here.
    child?.kill('SIGKILL');
    await site.close();
    storage.cleanup();
    rmSync(emptyBin, { recursive: true, force: true });
  });

  it('fetches every product, exits 0 and logs no failed memory snapshot', async () => {
    const out = join(storage.dir, 'items.jsonl');
    const pairs = ['robots.obey=false', 'politeness.minIntervalMs=0', 'politeness.jitterMs=0'].flatMap((pair) => ['-s', pair]);
    const run = await cli(['crawl', SPIDER, '-a', `startUrls=${site.startUrls[0]}`, '--storage', storage.dir, '-o', out, ...pairs], {
      env: { ...process.env, PATH: emptyBin },
      onStart: (started) => (child = started),
    });
    expect(run.stderr).not.toMatch(/ENOENT|Memory snapshot failed|getconf|clock ticks/);
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    const skus = readFileSync(out, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { sku: string }).sku);
    expect(skus.sort()).toEqual(site.products.map((p) => p.sku).sort());
  }, 60_000);
});
