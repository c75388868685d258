// Chromium's own /favicon.ico fetch never reaches the shop, also from a page closed as its load ends (Playwright's route let it through then).
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserConfinement } from '../../src/fetch/browser-confinement';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';
import { trackedChromium } from '../support/tracked-chromium';

const PAGES = 120;
const AT_ONCE = 4;
const defaults = settingsSchema.parse({}).browser;

let server: FixtureServer;
let context: BrowserContext;
const { launch, closeAll } = trackedChromium();

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p class="price">9.99</p></body></html>'));
  server.route('/favicon.ico', (_req, res) => void res.writeHead(404).end());
  context = await (await launch()).newContext();
});
afterAll(async () => {
  await closeAll();
  await server.close();
});

describe('a guarded page', () => {
  it('sends no /favicon.ico from pages closed as soon as their loads end', async () => {
    const confinement = new BrowserConfinement({ ...defaults, offsiteSubresources: 'allow' });
    await confinement.install(context);
    const visit = async (n: number) => {
      const page = await context.newPage();
      confinement.watch(page);
      await confinement.guardLoads(page);
      await page.goto(server.url(`/p/${n}`), { waitUntil: 'load' });
      await page.close();
    };
    for (let n = 0; n < PAGES; n += AT_ONCE) await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => visit(n + i)));
    // Before, 14 to 16 of 120 pages closed four at a time let it through, unseen by any host slot or robots.txt rule: its route was gone with its session.
    expect(server.requests.map((r) => r.path).filter((path) => !path.startsWith('/p/'))).toEqual([]);
    expect(server.requests).toHaveLength(PAGES);
  }, 120_000);
});
