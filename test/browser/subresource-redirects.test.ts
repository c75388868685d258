// Real Chromium, two loopback origins: a page's fetch or script at a URL of its own host that redirects to the other host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { isAllowedUrl } from '../../src/downloader/offsite-rules';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

let site: FixtureServer;
let elsewhere: FixtureServer;

/** The page shows its own price, the other host's price its API call got through the redirect, and whether the other host's script ran. */
const PAGE = `<!doctype html><html><body><p id="price">9.99</p><p id="api">…</p>
<script>fetch('/moved/data').then((r) => r.json()).then((j) => j.price, () => 'refused').then((text) => { const p = document.getElementById('api'); p.textContent = text; p.dataset.ready = '1'; });</script>
<script src="/moved/widget.js"></script></body></html>`;

beforeAll(async () => {
  site = await FixtureServer.start({ builtInRoutes: false });
  elsewhere = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.2' });
  site.route('/shop', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  // The hops are the page's own host's answers: only their Location is on the other host.
  site.route('/moved/:name', (_req, res, { params }) => void res.writeHead(302, { location: elsewhere.url(`/${params.name}`), 'access-control-allow-origin': '*' }).end());
  elsewhere.route('/data', (_req, res) => void res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' }).end('{"price":"1.00"}'));
  elsewhere.route('/widget.js', (_req, res) => void res.writeHead(200, { 'content-type': 'text/javascript' }).end('document.body.dataset.widget = "ran";'));
});
afterAll(async () => {
  await Promise.all([site.close(), elsewhere.close()]);
});

async function render(offsiteSubresources: 'allow' | 'block'): Promise<{ api: string; widget: string | undefined; stats: Stats }> {
  const stats = new Stats();
  const fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000, offsiteSubresources }, { stats });
  try {
    const request = new CrawlRequest({ url: site.url('/shop'), browser: { waitFor: { selector: '#api[data-ready]' } } });
    const res = await fetcher.fetch(request, { allowsUrl: (url) => isAllowedUrl(url, [site.hostKey]) });
    return { api: res.$('#api').text(), widget: res.$('body').attr('data-widget'), stats };
  } finally {
    await fetcher.close();
  }
}

describe("a page's subresource redirected to another host", () => {
  it('is refused with offsiteSubresources: block before the hop is sent: nothing of the other host reaches the page', async () => {
    elsewhere.reset();
    const { api, widget, stats } = await render('block');
    // Before, the other host got both hops, its price was written into the page and its script ran.
    expect(elsewhere.requests.map((r) => r.path)).toEqual([]);
    expect(api).toBe('refused');
    expect(widget).toBeUndefined();
    expect(stats.get('browser/offsite/subresource-blocked')).toBe(2);
  });

  it('goes with offsiteSubresources: allow, as a request to the other host itself would (CDNs)', async () => {
    elsewhere.reset();
    const { api, widget } = await render('allow');
    expect(elsewhere.requests.map((r) => r.path).sort()).toEqual(['/data', '/widget.js']);
    expect([api, widget]).toEqual(['1.00', 'ran']);
  });
});
