// Real Chromium, three loopback sites: a frame of another allowed site (its own renderer) whose fetches and frame redirect away, or that sends as its page closes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { isAllowedUrl } from '../../src/downloader/offsite-rules';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

let site: FixtureServer;
let partner: FixtureServer;
let elsewhere: FixtureServer;

/** The shop's page: its price, and what the partner's frame tells it once that frame (with its own frame) has loaded. */
const PAGE = (frameUrl: string) => `<!doctype html><p id="price">9.99</p><p id="frame">…</p><iframe src="${frameUrl}"></iframe>
<script>onmessage = (event) => { const p = document.getElementById('frame'); p.textContent = event.data; p.dataset.ready = '1'; };</script>`;

/**
 * The partner's frame: 127.0.0.2 is another site than the shop's 127.0.0.1, so Chromium renders it in a process
 * of its own, whose requests the page's DevTools session does not see. Its fetch of /moved/data is redirected
 * to the host nobody allowed, its fetch of /open/moved to a path robots.txt disallows, and its own frame to the
 * other host's page. It answers once its fetches ended and its frame loaded (or was refused).
 */
const FRAME = `<!doctype html><iframe src="/moved/doc"></iframe><script>
const get = (url) => fetch(url).then((r) => r.text(), () => 'refused');
const loaded = new Promise((resolve) => addEventListener('load', resolve));
Promise.all([get('/moved/data'), get('/open/moved'), loaded]).then(([moved, hidden]) => parent.postMessage(moved + ' ' + hidden, '*'));
</script>`;

/** A partner's frame that, as its page closes, sends a beacon and a keepalive fetch to the host nobody allowed. */
const leavingFrame = (to: string) => `<script>
addEventListener('pagehide', () => { navigator.sendBeacon('${to}', 'bye'); fetch('${to}?keepalive', { method: 'POST', body: 'bye', keepalive: true, mode: 'no-cors' }); });
parent.postMessage('ready', '*');
</script>`;

beforeAll(async () => {
  site = await FixtureServer.start({ builtInRoutes: false });
  partner = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.2' });
  elsewhere = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.3' });
  site.route('/shop', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE(partner.url('/frame'))));
  partner.route('/frame', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(FRAME));
  partner.route('/moved/:name', (_req, res, { params }) => void res.writeHead(302, { location: elsewhere.url(`/${params.name}`), 'access-control-allow-origin': '*' }).end());
  partner.route('/open/moved', (_req, res) => void res.writeHead(302, { location: '/private/price' }).end());
  partner.route('/private/price', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('6.66'));
  site.route('/leaving', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE(partner.url('/leaving-frame'))));
  partner.route('/leaving-frame', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(leavingFrame(elsewhere.url('/bye'))));
  elsewhere.route('/data', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('1.00'));
  elsewhere.route('/doc', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>1.00</p>'));
});
afterAll(async () => {
  await Promise.all([site.close(), partner.close(), elsewhere.close()]);
});

/** Renders the shop's page with the shop and the partner allowed and /private/ disallowed by robots.txt; returns what the frame told. */
async function render(offsiteSubresources: 'allow' | 'block'): Promise<{ frame: string; stats: Stats }> {
  for (const server of [site, partner, elsewhere]) server.reset();
  const stats = new Stats();
  const fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000, offsiteSubresources }, { stats });
  try {
    const request = new CrawlRequest({ url: site.url('/shop'), browser: { waitFor: { selector: '#frame[data-ready]' } } });
    const res = await fetcher.fetch(request, {
      allowsUrl: (url) => isAllowedUrl(url, [site.hostKey, partner.hostKey]),
      checkRedirect: (_from, to) => {
        if (new URL(to).pathname.startsWith('/private/')) throw new FetchError('ROBOTS_DISALLOWED', `${to} is disallowed by robots.txt`);
      },
    });
    return { frame: res.$('#frame').text(), stats };
  } finally {
    await fetcher.close();
  }
}

describe("redirects inside a cross-site frame's own process", () => {
  it('are judged as the page\'s own: under block no hop reaches the other host, and none reaches a disallowed path', async () => {
    const { frame, stats } = await render('block');
    // Before, the other host got the fetch's hop and the frame's document, and /private/price was fetched.
    expect(elsewhere.requests.map((r) => r.path)).toEqual([]);
    expect(partner.requests.map((r) => r.path)).not.toContain('/private/price');
    expect(frame).toBe('refused refused');
    expect(stats.get('browser/offsite/subresource-blocked')).toBe(1);
    expect(stats.get('browser/offsite/redirect-blocked')).toBe(1);
    expect(stats.get('browser/robots/subresource-blocked')).toBe(1);
  }, 60_000);

  it('under allow let a fetch reach the other host (a CDN), but never a document of it nor a disallowed path', async () => {
    const { frame } = await render('allow');
    expect(elsewhere.requests.map((r) => r.path)).toEqual(['/data']);
    expect(partner.requests.map((r) => r.path)).not.toContain('/private/price');
    expect(frame).toBe('1.00 refused');
  }, 60_000);
});

describe('a cross-site frame as its page closes', () => {
  it('sends nothing under block: the frame\'s own process is shut as the page parks', async () => {
    for (const server of [site, partner, elsewhere]) server.reset();
    const fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000, offsiteSubresources: 'block' }, {});
    const releases: Array<() => Promise<void>> = [];
    try {
      const request = new CrawlRequest({ url: site.url('/leaving'), browser: { waitFor: { selector: '#frame[data-ready]' } } });
      const res = await fetcher.fetch(request, { allowsUrl: (url) => isAllowedUrl(url, [site.hostKey, partner.hostKey]), retain: (release) => releases.push(release) });
      expect(res.$('#frame').text()).toBe('ready');
      // The callback took the page, so its release parks and closes it: the frame's pagehide runs then.
      await Promise.all(releases.map((release) => release()));
    } finally {
      await fetcher.close();
    }
    // Before, the other host got both (the page's own blocklist does not reach the frame's process).
    expect(elsewhere.requests.map((r) => r.url)).toEqual([]);
  }, 60_000);
});
