// The command line as a user runs it: list, crawl with exports, clear errors, SIGINT and resume, spider bugs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { cli } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

const crawlArgs = (site: CatalogSite, dir: string, ...extra: string[]) => [
  'crawl', 'test/support/spiders/catalog-spider.ts', '-a', `startUrls=${site.startUrls.join(',')}`, '--storage', dir,
  '-s', 'politeness.minIntervalMs=5', '-s', 'politeness.jitterMs=0', '-s', 'pipeline.batchMaxAgeMs=20', '-s', 'log.format=json', ...extra,
];

describe('pricecrawl CLI', () => {
  let site: CatalogSite;
  const storage = tempStorageDir('cli');

  beforeAll(async () => {
    site = await startCatalogSite({ hosts: 2, productsPerHost: 12, perPage: 6 });
  });
  afterAll(async () => {
    await site.close();
    storage.cleanup();
  });

  it('lists the registered spiders', async () => {
    const run = await cli(['list']);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual(expect.arrayContaining(['demo-jsonld', 'demo-locale', 'demo-microdata']));
  });

  it('crawls, exports JSON lines and CSV, and prints the balanced summary', async () => {
    const jsonl = join(storage.dir, 'out.jsonl');
    const run = await cli(crawlArgs(site, join(storage.dir, 'export'), '-o', jsonl));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('accounting: planned 28 = succeeded 28 + failed 0 + pending 0');
    const items = readFileSync(jsonl, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { sku: string; price: string });
    expect(items.map((i) => i.sku).sort()).toEqual(site.products.map((p) => p.sku).sort());
    expect(items.every((i) => typeof i.price === 'string')).toBe(true);

    const csv = join(storage.dir, 'out.csv');
    const again = await cli(crawlArgs(site, join(storage.dir, 'export-csv'), '-o', csv));
    expect(again.code).toBe(0);
    const lines = readFileSync(csv, 'utf8').trim().split(/\r?\n/);
    expect(lines[0].split(',').slice(0, 4)).toEqual(['sku', 'site', 'price', 'currency']);
    expect(lines).toHaveLength(site.products.length + 1);
  });

  it('names a mistyped setting and exits 2 without a stack trace', async () => {
    const run = await cli(crawlArgs(site, join(storage.dir, 'bad'), '-s', 'politeness.minIntervalMS=5'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('politeness.minIntervalMS');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('names the known spiders when asked for an unknown one', async () => {
    const run = await cli(['crawl', 'no-such-spider']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('demo-jsonld');
  });

  it('records a spider bug as a failure with its reason and keeps crawling', async () => {
    const run = await cli(crawlArgs(site, join(storage.dir, 'buggy'), '-a', 'failOn=H1-P3'));
    // A page lost to the spider's own bug: the run finishes, but not looking clean.
    expect(run.code).toBe(4);
    expect(run.stdout).toContain(`callback "parseProduct": 1 page failed; first: Error: spider bug on ${site.servers[1].url('/p/H1-P3')}`);
    expect(run.stdout).toContain('callback/error: 1');
    expect(run.stdout).toContain('accounting: planned 28 = succeeded 27 + failed 1 + pending 0');
    const errorLine = run.stderr.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'spider callback failed');
    expect(errorLine?.url).toBe(site.servers[1].url('/p/H1-P3'));
  });

  it('stops gracefully on SIGINT with work pending, and --resume finishes it', async () => {
    const dir = join(storage.dir, 'sigint');
    const slow = crawlArgs(site, dir).map((arg) => (arg === 'politeness.minIntervalMs=5' ? 'politeness.minIntervalMs=100' : arg));
    const interrupted = await cli(slow, {
      onStart: (child) => void site.servers[0].waitForRequests(site.servers[0].requests.length + 4).then(() => child.kill('SIGINT')),
    });
    expect(interrupted.code).toBe(2);
    expect(interrupted.stdout).toContain('interrupted');
    expect(interrupted.stdout).toContain('--resume');
    expect(interrupted.stdout).toMatch(/accounting: planned \d+ = succeeded \d+ \+ failed 0 \+ pending [1-9]\d*/);

    const resumed = await cli([...crawlArgs(site, dir), '--resume']);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('accounting: planned 28 = succeeded 28 + failed 0 + pending 0');
  });
});
