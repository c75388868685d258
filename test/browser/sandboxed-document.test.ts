// Real Chromium: a document its CSP sandboxes without scripts runs none of ours either; it is read as it stands, not after our waits' caps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

const html = (body: string) => `<!doctype html><html><head><title>shop</title></head><body>${body}</body></html>`;

let server: FixtureServer;
let fetcher: BrowserFetcher;
const stats = new Stats();

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  // Its script would write 0.01: sandboxed without allow-scripts, it never runs (as in any browser).
  const page = html('<p class="price">4.00</p><script>document.querySelector(".price").textContent = "0.01"</script>');
  server.route('/sandboxed', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'; sandbox allow-forms" }).end(page));
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, quietCapMs: 20_000, timeoutMs: 60_000 }, { stats });
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('a document sandboxed by its CSP, scripts not allowed', () => {
  it('is read as it stands, its waits not run to their caps', async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: server.url('/sandboxed'), browser: { waitFor: { selector: '.price' } } }));
    expect(res.$('.price').text()).toBe('4.00');
    // Before, the quiet wait's script, run in the page, never got its timers: the wait ran to its cap every time.
    expect(stats.get('browser/quiet/capped')).toBe(0);
  }, 90_000);
});
