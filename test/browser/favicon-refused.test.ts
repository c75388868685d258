// Chromium's own /favicon.ico fetch never reaches the shop, also from a page closed as its load ends (Playwright's route let it through then).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserConfinement } from '../../src/fetch/browser-confinement';
import { PagePool } from '../../src/fetch/page-pool';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { trackedChromium } from '../support/tracked-chromium';

const PAGES = 120;
const AT_ONCE = 4;
const defaults = settingsSchema.parse({}).browser;

let server: FixtureServer;
const { launch, closeAll } = trackedChromium();

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p class="price">9.99</p></body></html>'));
  server.route('/favicon.ico', (_req, res) => void res.writeHead(404).end());
});
afterAll(async () => {
  await closeAll();
  await server.close();
});

describe('a guarded page the pool closes', () => {
  it('sends no /favicon.ico, closed as soon as its load ends', async () => {
    const confinement = new BrowserConfinement({ ...defaults, offsiteSubresources: 'allow' });
    const pool = new PagePool({ launch, maxOpenPages: AT_ONCE, pagesPerBrowser: 1_000, prepareContext: (context) => confinement.install(context), park: (page) => confinement.park(page) });
    const visit = async (n: number) => {
      const lease = await pool.acquire();
      confinement.watch(lease.page);
      await confinement.guardLoads(lease.page);
      await lease.page.goto(server.url(`/p/${n}`), { waitUntil: 'load' });
      await lease.release(); // not reusable: closed
    };
    for (let n = 0; n < PAGES; n += AT_ONCE) await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => visit(n + i)));
    await pool.close();
    // Before, pages closed four at a time let it through, unseen by any host slot or robots.txt rule: its route was
    // gone with its session (14 to 16 of 120 closed straight from their documents; through the pool, in two runs of two).
    expect(server.requests.map((r) => r.path).filter((path) => !path.startsWith('/p/'))).toEqual([]);
    expect(server.requests).toHaveLength(PAGES);
  }, 120_000);
});
