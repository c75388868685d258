// `pricecrawl parse`: one page of a loopback site through a spider callback and the item pipeline, printed, nothing stored.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/run-cli';
import { startTreeSite, type TreeSite } from '../support/tree-site';

const SPIDER = resolve(import.meta.dirname, '../support/spiders/tree-spider.ts');
const CATALOG_SPIDER = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');

describe('pricecrawl parse', () => {
  let site: TreeSite;
  const cwd = mkdtempSync(join(tmpdir(), 'pricecrawl-parse-'));

  beforeAll(async () => {
    site = await startTreeSite(7);
  });
  afterAll(async () => {
    await site.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('prints the stored form of the items, the requests with their callbacks and the skipped links, and saves nothing', async () => {
    const run = await cli(['parse', site.server.url('/p/0'), '--callback', 'parse', '--spider', SPIDER], { cwd });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`200 ${site.server.url('/p/0')}  (http, `);
    expect(run.stdout).toContain('→ tree.parse()');
    expect(run.stdout).toContain('items after the pipeline (1):\n  {"sku":"/p/0","price":"9.99","currency":"USD"');
    expect(run.stdout).toContain(`requests (2):\n  parse  GET ${site.server.url('/p/1')}\n  parse  GET ${site.server.url('/p/2')}\n`);
    expect(run.stdout).toContain('links skipped: mailto 2, duplicate 2, tel 1, javascript 1, data 1');
    expect(site.server.requests.filter((r) => r.path === '/p/0')).toHaveLength(1);
    expect(site.server.requests.some((r) => r.path === '/p/1')).toBe(false); // requests are printed, not fetched
    expect(existsSync(join(cwd, 'crawl-storage'))).toBe(false);
  });

  it('lists an item the pipeline drops with the reason', async () => {
    const run = await cli(['parse', site.server.url('/noprice'), '--spider', SPIDER], { cwd });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('items after the pipeline (0):');
    expect(run.stdout).toMatch(/dropped by the pipeline \(1\):\n {2}price\/[a-z-]+: \{"sku":"\/noprice","price":null/);
  });

  it('exits 1 and says why when the callback fails (here: it does not exist)', async () => {
    const missing = await cli(['parse', site.server.url('/p/0'), '--callback', 'parseProdcut', '--spider', SPIDER], { cwd });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain('callback failed (callback/unknown)');
  });

  it('ends a callback that never finishes at the crawl\'s callback limit, exit 1 with callback/timeout', async () => {
    const run = await cli(['parse', site.server.url('/p/0'), '--callback', 'parseProduct', '--spider', CATALOG_SPIDER, '-a', 'hangOn=/p/0', '-s', 'http.callbackTimeoutMs=200'], { cwd });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('callback failed (callback/timeout)');
  });

  it('asks for --spider when no registered spider allows the host', async () => {
    const run = await cli(['parse', site.server.url('/p/0')], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('name one with --spider');
  });
});
