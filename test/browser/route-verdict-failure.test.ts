// A route verdict that throws (the caller's guard fails on a URL) still ends its request: refused and counted, never left paused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { reasonForError } from '../../src/downloader/downloader-chain';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

let site: FixtureServer;

beforeAll(async () => {
  site = await FixtureServer.start({ builtInRoutes: false });
  const html = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html' }).end(body);
  site.route('/frame', html('<p>frame</p>'));
  site.route('/next', html('<p class="price">1.00</p>'));
  site.route('/data', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('19.99'));
  site.route('/p/frame', html('<p class="price">25.00</p><iframe src="/broken/frame"></iframe>'));
  site.route('/p/moves', html(`<p class="price">25.00</p><script>addEventListener('load', () => { location.href = '/broken/next'; })</script>`));
  site.route('/p/fetch', html(`<p class="price">25.00</p><script>
fetch('/broken/data').then((r) => r.text(), () => 'refused').then((t) => { const p = document.querySelector('.price'); p.dataset.ready = t; });
</script>`));
  site.route('/p/redirects', (_req, res) => void res.writeHead(302, { location: '/broken/next' }).end());
  site.route('/broken/:what', (req, res) => void res.writeHead(302, { location: `/${req.url?.split('/').at(-1)}` }).end());
});
afterAll(async () => {
  await site.close();
});

/** The caller's guard has a bug: it throws on any URL under /broken/ (asked of documents, and of parts under `block`). */
function throwingGuard(url: string): boolean {
  if (new URL(url).pathname.startsWith('/broken/')) throw new TypeError(`guard bug on ${url}`);
  return true;
}

async function render(path: string, selector: string): Promise<{ outcome: string; stats: Stats; asked: number }> {
  const stats = new Stats();
  const browser = { ...settingsSchema.parse({}).browser, timeoutMs: 20_000, offsiteSubresources: 'block' as const };
  const fetcher = new BrowserFetcher(browser, { stats });
  const before = site.requests.length;
  try {
    const request = new CrawlRequest({ url: site.url(path), browser: { waitFor: { selector } } });
    const outcome = await fetcher.fetch(request, { allowsUrl: throwingGuard }).then(
      (res) => `price ${res.$('.price').text()} ${res.$('.price').attr('data-ready') ?? ''}`.trim(),
      (error: FetchError) => reasonForError(error),
    );
    const asked = site.requests.slice(before).filter((r) => r.path.startsWith('/broken/')).length;
    return { outcome, stats, asked };
  } finally {
    await fetcher.close();
  }
}

describe('a route verdict that throws', () => {
  // Before, each request whose verdict threw stayed paused in Chromium until the page's deadline (fetch/timeout),
  // and the handler's rejection went unhandled in the crawl's process.
  it.each([
    ["a frame's document: refused quietly, the page read without it", '/p/frame', '.price', 'price 25.00'],
    ['a part: its script sees it fail, the page is read', '/p/fetch', '.price[data-ready]', 'price 25.00 refused'],
    ["the page's own navigation: the request fails with a reason", '/p/moves', '.price', 'fetch/failed'],
    ["a redirect hop of the page's own URL (judged in its response pause): the request fails with a reason", '/p/redirects', '.price', 'fetch/failed'],
  ])('%s', async (_what, path, selector, expected) => {
    const { outcome, stats, asked } = await render(path, selector);
    expect(outcome).toBe(expected);
    expect(asked).toBe(0);
    expect(stats.get('browser/route/failed')).toBe(1);
  }, 60_000);
});
