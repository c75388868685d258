// A page whose script sends its own host hundreds of requests (fetches, frames): what reaches the shop is capped and counted, and such a page is refused, not read half-rendered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { reasonForError } from '../../src/downloader/downloader-chain';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

let site: FixtureServer;
let cdn: FixtureServer;

/** A page that asks its host `fetches` times and opens `frames` frames of it, then shows the price its API gives. */
const flood = (fetches: number, frames: number) => `<p class="price">25.00</p><script>
const asked = [];
for (let i = 0; i < ${fetches}; i++) asked.push(fetch('/api/stock?i=' + i).catch(() => null));
for (let i = 0; i < ${frames}; i++) { const f = document.createElement('iframe'); f.src = '/frame?i=' + i; document.body.append(f); }
Promise.all(asked).then(() => fetch('/api/price')).then((r) => r.text()).then((t) => { const p = document.querySelector('.price'); p.textContent = t; p.dataset.ready = '1'; });
</script>`;

/** A page that shows a grid of `images` images from another host (a CDN), then the price its own API gives. */
const offsiteGrid = (images: number, origin: string) => `<p class="price">25.00</p><script>
const loaded = [];
for (let i = 0; i < ${images}; i++) {
  const img = new Image();
  loaded.push(new Promise((resolve) => { img.onload = img.onerror = resolve; }));
  img.src = '${origin}/img?i=' + i;
  document.body.append(img);
}
Promise.all(loaded).then(() => fetch('/api/price')).then((r) => r.text()).then((t) => { const p = document.querySelector('.price'); p.textContent = t; p.dataset.ready = '1'; });
</script>`;

beforeAll(async () => {
  site = await FixtureServer.start({ builtInRoutes: false });
  cdn = await FixtureServer.start({ builtInRoutes: false });
  cdn.route('/img', (_req, res) => void res.writeHead(200, { 'content-type': 'image/gif' }).end(Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64')));
  site.route('/offsite-grid', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(offsiteGrid(400, new URL(cdn.url()).origin)));
  site.route('/offsite-few', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(offsiteGrid(5, new URL(cdn.url()).origin)));
  site.route('/flood', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(flood(400, 100)));
  site.route('/few', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(flood(5, 2)));
  site.route('/api/stock', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('in stock'));
  site.route('/api/price', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('19.99'));
  site.route('/frame', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>frame</p>'));
  // Few requests of its own, each sent through a chain of same-host redirects (Chromium follows up to 20 hops a request).
  const chained = (kind: string) => `<p class="price">25.00</p><script>
const asked = [];
for (let i = 0; i < 10; i++) {
  if ('${kind}' === 'fetch') asked.push(fetch('/hop/19?i=' + i).catch(() => null));
  else { const f = document.createElement('iframe'); f.src = '/hop/19?i=' + i; document.body.append(f); asked.push(new Promise((resolve) => { f.onload = resolve; })); }
}
Promise.all(asked).then(() => fetch('/api/price')).then((r) => r.text()).then((t) => { const p = document.querySelector('.price'); p.textContent = t; p.dataset.ready = '1'; });
</script>`;
  site.route('/chained-fetches', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(chained('fetch')));
  site.route('/chained-frames', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(chained('frame')));
  site.route('/hop/:n', (req, res, { params }) => {
    const n = Number(params.n);
    if (n === 0) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>end</p>');
    res.writeHead(302, { location: `/hop/${n - 1}${new URL(req.url ?? '/', 'http://x').search}` }).end();
  });
});
afterAll(async () => {
  await Promise.all([site.close(), cdn.close()]);
});

async function render(path: string): Promise<{ outcome: string; asked: number; offsite: number; stats: Stats }> {
  site.reset();
  cdn.reset();
  const stats = new Stats();
  // Images load here: a team that reads prices from them (or a shop whose script waits for them) turns them on.
  const settings = { ...settingsSchema.parse({}).browser, timeoutMs: 20_000, maxHostRequestsPerPage: 50, maxOtherHostRequestsPerPage: 100, blockResourceTypes: [] };
  const fetcher = new BrowserFetcher(settings, { stats });
  try {
    const request = new CrawlRequest({ url: site.url(path), browser: { waitFor: { selector: '.price[data-ready]' } } });
    const outcome = await fetcher.fetch(request).then(
      (res) => `price ${res.$('.price').text()}`,
      (error: FetchError) => reasonForError(error),
    );
    return { outcome, asked: site.requests.filter((r) => r.path !== path).length, offsite: cdn.requests.length, stats };
  } finally {
    await fetcher.close();
  }
}

describe("a page's requests to its own host", () => {
  it('past browser.maxHostRequestsPerPage are not sent, are counted, and the page fails as browser/too-many-requests', async () => {
    const { outcome, asked, stats } = await render('/flood');
    // Before, all 500 reached the shop (and the page was read with its price once they had).
    expect(asked).toBeLessThanOrEqual(50);
    expect(outcome).toBe('browser/too-many-requests');
    // Counted as handed to Chromium's network: those still queued for a connection when the page failed never arrive.
    expect(stats.get('browser/host-requests')).toBe(50);
    expect(stats.get('browser/host-requests/capped')).toBe(1);
  }, 60_000);

  it.each(['/chained-fetches', '/chained-frames'])('%s: each redirect hop is a request to the host, counted and capped as one', async (path) => {
    const { outcome, asked, stats } = await render(path);
    // Before, only each chain's first request was counted (10): all 200 hops reached the shop, and the page was read.
    expect(asked).toBeLessThanOrEqual(50);
    expect(outcome).toBe('browser/too-many-requests');
    expect(stats.get('browser/host-requests/capped')).toBe(1);
  }, 60_000);

  it('under the cap are sent and counted, and the page is read', async () => {
    const { outcome, asked, stats } = await render('/few');
    expect(outcome).toBe('price 19.99');
    expect(asked).toBe(8);
    expect(stats.get('browser/host-requests')).toBe(8);
    expect(stats.get('browser/host-requests/capped')).toBe(0);
  }, 60_000);
});

describe("a page's requests to other hosts", () => {
  it('past browser.maxOtherHostRequestsPerPage are not sent, are counted, and the page fails as browser/too-many-requests', async () => {
    const { outcome, offsite, stats } = await render('/offsite-grid');
    // Before, all 400 images reached the other host and the page was read once they had.
    expect(offsite).toBeLessThanOrEqual(100);
    expect(outcome).toBe('browser/too-many-requests');
    expect(stats.get('browser/other-host-requests/capped')).toBe(1);
    expect(stats.get('browser/host-requests/capped')).toBe(0);
  }, 60_000);

  it('under the cap are sent and counted, and the page is read', async () => {
    const { outcome, offsite, stats } = await render('/offsite-few');
    expect(outcome).toBe('price 19.99');
    expect(offsite).toBe(5);
    expect(stats.get('browser/other-host-requests')).toBe(5);
  }, 60_000);
});
