// A host that gave not one item is a competitor lost, whatever the reason: the run names it and does not end clean.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { childTracker } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

function html(res: ServerResponse, status: number, body: string, title = 'Shop'): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`);
}

const links = (base: string) => [1, 2, 3].map((n) => `<a class="product" href="${base}/p/${n}">P${n}</a>`).join('');

/** A listing linking three products on `productBase` (this host when empty); `product` answers each product page. */
function shop(server: FixtureServer, product: (res: ServerResponse, n: string) => void, productBase = ''): void {
  server.route('/list', (_req, res) => html(res, 200, links(productBase)));
  server.route('/p/:n', (_req, res, ctx) => product(res, ctx.params.n!));
}

const priced = (res: ServerResponse, n: string) => html(res, 200, `<main data-sku="S${n}"><span class="price">$${n}.00</span></main>`);

describe('hosts that gave nothing', { timeout: 60_000 }, () => {
  const { track, killAll } = childTracker();
  let servers: FixtureServer[];
  beforeAll(async () => {
    servers = await startFixtureServers(9, { builtInRoutes: false });
  });
  afterAll(async () => {
    killAll();
    await closeFixtureServers(servers);
  });

  it('each whole-host loss is named with its reasons and the run exits 4 (before: exit 0, the hosts silently lost)', async () => {
    const [open, broken, unpriced, notFound, disallowed, looping, , , walled] = servers;
    shop(open, priced);
    // A redesign the spider's callback does not survive: it throws on every product page of the host.
    shop(broken, priced);
    // Product pages with no price at all ("call us"): the pipeline drops every item.
    shop(unpriced, (res, n) => html(res, 200, `<main data-sku="S${n}">Call us for a price</main>`));
    shop(notFound, (res) => html(res, 200, 'We could not find that product', 'Page not found'));
    disallowed.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /\n'));
    shop(disallowed, priced);
    looping.route('/list', (req, res) => void res.writeHead(302, { location: `${req.url}x` }).end());
    looping.route('/:any', (req, res) => void res.writeHead(302, { location: `${req.url}x` }).end());
    // A challenge page at 200 that no block pattern knows: the listing links nothing, and no error is raised.
    walled.route('/list', (_req, res) => html(res, 200, '<form action="/verify"><p>Please confirm you are a person to continue.</p></form>'));
    const storage = tempStorageDir('lost-hosts');
    try {
      const crawl = catalogCrawler({ startUrls: () => [open, broken, unpriced, notFound, disallowed, looping, walled].map((s) => s.url('/list')), dir: storage.dir, intervalMs: 0, track });
      const run = await crawl(['-a', `failOn=${broken.hostKey.split(':')[1]}/p/`]);
      expect(run.stdout).toMatch(/accounting: planned 19 = succeeded 11 \+ failed 8 \+ pending 0/);
      expect(run.stdout).toContain('LOST WHOLE HOSTS (requests planned, not one item from them): 6');
      const line = (server: FixtureServer) => run.stdout.split('\n').find((l) => l.startsWith(`  ${server.hostKey}: `));
      expect(line(open)).toBeUndefined();
      expect(line(broken)).toBe(`  ${broken.hostKey}: planned 4, succeeded 1, failed: callback/error 3; the spider failed on its pages: broken by a redesign?`);
      expect(line(unpriced)).toBe(`  ${unpriced.hostKey}: planned 4, succeeded 4, items dropped: price/missing 3; every item dropped: its prices unreadable?`);
      expect(line(notFound)).toBe(`  ${notFound.hostKey}: planned 4, succeeded 1, failed: http/soft-404 3; pages not found: moved or gone?`);
      expect(line(disallowed)).toBe(`  ${disallowed.hostKey}: planned 1, succeeded 0, failed: robots/disallowed 1; robots.txt disallows us (the site's decision)`);
      expect(line(looping)).toBe(`  ${looping.hostKey}: planned 1, succeeded 0, failed: fetch/too-many-redirects 1; redirected away or without end`);
      expect(line(walled)).toBe(`  ${walled.hostKey}: planned 1, succeeded 1; pages fetched, no item or link: a block page not recognised, or selectors a redesign broke?`);
      expect(run.code).toBe(4);
    } finally {
      storage.cleanup();
    }
  });

  it("a hub host (listings only, products on another host) and a host that lost some pages keep today's accounting: exit 0", async () => {
    const [, , , , , , hub, products] = servers;
    hub.route('/list', (_req, res) => html(res, 200, links(products.url('').replace(/\/$/, ''))));
    // One product gone on a host that served the rest: that page's answer, not a host lost.
    products.route('/p/:n', (_req, res, ctx) => (ctx.params.n === '2' ? html(res, 404, 'gone') : priced(res, ctx.params.n!)));
    const storage = tempStorageDir('hub-host');
    try {
      const run = await catalogCrawler({ startUrls: () => [hub.url('/list')], dir: storage.dir, intervalMs: 0, track })();
      expect(run.stdout).toMatch(/accounting: planned 4 = succeeded 3 \+ failed 1 \+ pending 0/);
      expect(run.stdout).not.toContain('LOST WHOLE HOSTS');
      expect(run.code).toBe(0);
    } finally {
      storage.cleanup();
    }
  });
});
