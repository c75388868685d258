// `fetch`, `parse` and `shell` with proxies configured: the page (and its robots.txt) comes through a proxy, as a crawl's would, never from our own address.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultyProxy, type FaultyProxy } from '../support/faulty-proxy';
import { cli } from '../support/run-cli';
import { startTreeSite, type TreeSite } from '../support/tree-site';

const SPIDER = resolve(import.meta.dirname, '../support/spiders/tree-spider.ts');
const SECRET = 'one-off-S3cret';

describe('one-off fetches through the configured proxies', () => {
  let site: TreeSite;
  let proxy: FaultyProxy;
  const cwd = mkdtempSync(join(tmpdir(), 'pricecrawl-one-off-'));

  beforeAll(async () => {
    site = await startTreeSite(3);
    proxy = await startFaultyProxy({ username: 'crawler', password: SECRET });
  });
  afterAll(async () => {
    await proxy.close();
    await site.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('fetch, parse and shell send their page through the proxy, and print no credentials', async () => {
    const proxied = ['-s', `sessions.proxyUrls=["${proxy.url}"]`];
    const fetched = await cli(['fetch', site.server.url('/p/0'), ...proxied], { cwd });
    const parsed = await cli(['parse', site.server.url('/p/1'), '--spider', SPIDER, ...proxied], { cwd });
    const shell = await cli(['shell', site.server.url('/p/2'), ...proxied], { cwd, input: 'res.status\n' });
    for (const run of [fetched, parsed, shell]) {
      expect(run.code, run.stderr).toBe(0);
      expect(`${run.stdout}${run.stderr}`).not.toContain(SECRET);
    }
    // Each command reads robots.txt first, through the same proxy, as a crawl does.
    const robots = site.server.url('/robots.txt');
    expect(proxy.received.filter((r) => r.authorized).map((r) => r.target)).toEqual(['/p/0', '/p/1', '/p/2'].flatMap((path) => [robots, site.server.url(path)]));
  });
});
