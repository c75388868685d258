// Real Chromium: a page's parts on an origin whose robots.txt ran out and is being read again wait for the new file and are judged by it.
import type { ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { FixtureServer } from '../support/fixture-server';
import { robotsWorker, type RobotsWorker } from '../robots/robots-worker';

const DAY_MS = 86_400_000;
const T0 = 1_800_000_000_000;

/** The shop's page shows two prices its script asks of the price API's origin. */
const PAGE = (apiUrl: (path: string) => string) => `<!doctype html><p class="a">…</p><p class="b">…</p><script>
fetch('${apiUrl('/secret/1')}').then((r) => r.text(), () => 'none').then((t) => { document.querySelector('.a').textContent = t; });
fetch('${apiUrl('/open/1')}').then((r) => r.text(), () => 'none').then((t) => { document.querySelector('.b').textContent = t; });
</script>`;

let shop: FixtureServer;
let api: FixtureServer;
let fetcher: BrowserFetcher;
let worker: RobotsWorker;
const stats = new Stats();
const releases: Array<() => Promise<void>> = [];
let nowMs = T0;
/** The API origin's refetched file, held until the test sends it; `asked` settles when the server has the request. */
let sendNew: () => void = () => undefined;
let asked: Promise<void>;

const text = (res: ServerResponse, body: string, type = 'text/plain') => void res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' }).end(body);

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  api = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.2' });
  shop.route('/robots.txt', (_req, res) => text(res, 'User-agent: *\nDisallow:\n'));
  shop.route('/p/:n', (_req, res) => text(res, PAGE((path) => api.url(path)), 'text/html'));
  let heard: () => void = () => undefined;
  asked = new Promise((resolve) => (heard = resolve));
  api.route('/robots.txt', (_req, res) => {
    if (api.requestsTo('/robots.txt').length === 1) return text(res, 'User-agent: *\nDisallow: /secret/\n');
    sendNew = () => {
      sendNew = () => undefined;
      text(res, 'User-agent: *\nDisallow: /open/\n');
    };
    heard();
  });
  api.route('/:dir/:n', (req, res) => text(res, `price of ${req.url}`));
  // The page is read while its parts are held (the test sends the file after): no long quiet wait for them.
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 6_000, quietCapMs: 300 }, { stats });
  worker = robotsWorker(new MemoryRobotsCache(() => nowMs), {}, undefined, fetcher);
}, 30_000);
afterAll(async () => {
  sendNew();
  await Promise.all(releases.map((release) => release()));
  await worker.close();
  await fetcher.close();
  await Promise.all([shop.close(), api.close()]);
});

describe('a browser page whose parts\' origin has its robots.txt read again', () => {
  it('holds the parts for the new file and judges them by it (they went unjudged as "not known")', async () => {
    expect(await worker.decide(api.url('/secret/1'), nowMs)).toMatchObject({ type: 'fail', reason: 'robots/disallowed' });
    nowMs = T0 + DAY_MS + 1_000;
    expect(await worker.decide(shop.url('/p/0'), nowMs)).toEqual({ type: 'continue' });
    // A request of the API's origin starts its refetch; the server holds the answer.
    expect(await worker.ask(api.url('/open/2'), nowMs)).toMatchObject({ type: 'defer', reason: 'robots/wait' });
    await asked;
    const result = await worker.download(shop.url('/p/1'), () => nowMs, { retain: (release) => releases.push(release) });
    expect(result.type).toBe('response');
    const page = (result.type === 'response' ? result.response.page : null) as unknown as Page;
    expect(api.requests.map((r) => r.path)).toEqual(['/robots.txt', '/robots.txt']);
    sendNew();
    await page.waitForFunction(`!document.body.textContent.includes('…')`);
    expect([await page.textContent('.a'), await page.textContent('.b')]).toEqual(['price of /secret/1', 'none']);
    expect(api.requests.map((r) => r.path)).toEqual(['/robots.txt', '/robots.txt', '/secret/1']);
    expect(stats.get('browser/robots/subresource-blocked')).toBe(1);
  }, 30_000);
});
