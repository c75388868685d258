// A host that answers 401/403 to everything is blocking the crawler: the run lost that competitor and must not end looking clean.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFixtureServers, startFixtureServers, type FixtureServer } from '../support/fixture-server';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { childTracker } from '../support/run-cli';
import { tempStorageDir } from '../support/test-crawl';

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><body>${body}</body></html>`);
}

/** A shop whose listing links three products; `refuses(path)` answers 403 with a bare body, as a WAF does. */
function shop(server: FixtureServer, refuses: (path: string) => boolean): void {
  server.route('/list', (req, res) => (refuses(req.url!) ? html(res, 403, 'Forbidden') : html(res, 200, [1, 2, 3].map((n) => `<a class="product" href="/p/${n}">P${n}</a>`).join(''))));
  server.route('/p/:n', (req, res, ctx) => (refuses(req.url!) ? html(res, 403, 'Forbidden') : html(res, 200, `<main data-sku="S${ctx.params.n}"><span class="price">$${ctx.params.n}.00</span></main>`)));
}

describe('a host that refuses the crawler', { timeout: 60_000 }, () => {
  const { track, killAll } = childTracker();
  let servers: FixtureServer[];
  beforeAll(async () => {
    servers = await startFixtureServers(3, { builtInRoutes: false });
  });
  afterAll(async () => {
    killAll();
    await closeFixtureServers(servers);
  });

  it('every request answered 403: exit 4 and a line naming the host (before: exit 0, the host silently lost)', async () => {
    const [open, walled] = servers;
    shop(open, () => false);
    shop(walled, () => true);
    const storage = tempStorageDir('refused-host');
    try {
      const crawl = catalogCrawler({ startUrls: () => [open.url('/list'), walled.url('/list')], dir: storage.dir, intervalMs: 0, track });
      const run = await crawl();
      expect(run.stdout).toContain(`LOST WHOLE HOSTS (requests planned, not one item from them): 1\n  ${walled.hostKey}: planned 1, succeeded 0, failed: http/403 1; refused: blocked?`);
      expect(run.stdout).toMatch(/accounting: planned 5 = succeeded 4 \+ failed 1 \+ pending 0/);
      expect(run.code).toBe(4);
    } finally {
      storage.cleanup();
    }
  });

  it('a few pages answered 403 on a host that served the rest: their answer, the run ends clean', async () => {
    const [, , members] = servers;
    shop(members, (path) => path === '/p/2');
    const storage = tempStorageDir('refused-page');
    try {
      const run = await catalogCrawler({ startUrls: () => [members.url('/list')], dir: storage.dir, intervalMs: 0, track })();
      expect(run.stdout).toMatch(/accounting: planned 4 = succeeded 3 \+ failed 1 \+ pending 0/);
      expect(run.stdout).toContain('http/403: 1');
      expect(run.stdout).not.toContain('LOST WHOLE HOSTS');
      expect(run.code).toBe(0);
    } finally {
      storage.cleanup();
    }
  });
});
