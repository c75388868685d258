// A listing's links to hosts outside allowedDomains (share buttons, a payment provider) are refused, never a competitor lost, and never excuse a host that is.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { childTracker } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

function html(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><title>Shop</title></head><body>${body}</body></html>`);
}

/** Three products of the shop itself and a share link to a social site (never fetched: it is offsite). */
function shopWithShareLink(server: FixtureServer): void {
  const products = [1, 2, 3].map((n) => `<a class="product" href="/p/${n}">P${n}</a>`).join('');
  server.route('/list', (_req, res) => html(res, `${products}<a class="product" href="http://social.invalid/share?u=1">Share</a>`));
  server.route('/p/:n', (_req, res, ctx) => html(res, `<main data-sku="S${ctx.params.n}"><span class="price">$${ctx.params.n}.00</span></main>`));
}

describe('links to hosts outside allowedDomains', { timeout: 60_000 }, () => {
  const { track, killAll } = childTracker();
  let shop: FixtureServer;
  beforeAll(async () => {
    [shop] = await startFixtureServers(1, { builtInRoutes: false });
    shopWithShareLink(shop);
  });
  afterAll(async () => {
    killAll();
    await closeFixtureServers([shop]);
  });

  const crawl = (dir: string, extra: string[] = []) =>
    catalogCrawler({ startUrls: () => [shop.url('/list')], dir, intervalMs: 0, track })(['-a', `allowedDomains=${shop.hostKey}`, ...extra]);

  it('a shop that gave its items and linked a social site finishes clean: the refused host is no lost competitor (before: LOST WHOLE HOSTS social.invalid, exit 4)', async () => {
    const storage = tempStorageDir('offsite-links');
    try {
      const run = await crawl(storage.dir);
      expect(run.stdout).toMatch(/accounting: planned 5 = succeeded 4 \+ failed 1 \+ pending 0/);
      expect(run.stdout).toMatch(/offsite: 1/);
      expect(run.stdout).not.toContain('LOST WHOLE HOSTS');
      expect(run.code).toBe(0);
    } finally {
      storage.cleanup();
    }
  });

  it('a shop whose every product page broke is lost even though its listing linked a social site (before: counted as a hub, excused by the refused link)', async () => {
    const storage = tempStorageDir('offsite-links-broken');
    try {
      const run = await crawl(storage.dir, ['-a', `failOn=/p/`]);
      expect(run.stdout).toContain('LOST WHOLE HOSTS (requests planned, not one item from them): 1');
      expect(run.stdout).toContain(`  ${shop.hostKey}: planned 4, succeeded 1, failed: callback/error 3; the spider failed on its pages: broken by a redesign?`);
      expect(run.stdout).not.toMatch(/^ {2}social\.invalid: /m);
      expect(run.code).toBe(4);
    } finally {
      storage.cleanup();
    }
  });
});
