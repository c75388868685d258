// Real Chromium: a page whose price depends on the answer to its confirm() or prompt() is refused, not read with the answer nobody gave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import type { FixtureServer } from '../support/fixture-server';
import { pageServer } from '../support/page-server';

const page = (script: string) =>
  `<!doctype html><html lang="en-US"><head><title>Widget</title></head><body><main><h1>Widget</h1><p class="price"></p><script>const price = document.querySelector('.price');\n${script}</script></main></body></html>`;
const PAGES: Record<string, string> = {
  // Gross or net: the crawler's "cancel" chose net, and 10.00 was stored as the price the shop shows.
  confirms: page(`price.textContent = confirm('Show prices with VAT?') ? '€12.00' : '€10.00';`),
  // Asked once it loaded, from a timer: the price changes under the same answer.
  confirmsLater: page(`price.textContent = '€12.00'; addEventListener('load', () => setTimeout(() => { if (!confirm('Business customer?')) price.textContent = '€10.00'; }, 20));`),
  // A postcode asked for; no answer, the default region's price.
  prompts: page(`price.textContent = prompt('Your postcode?') ? '€11.00' : '€10.00';`),
  // The price is shown only once the visitor answered yes.
  asksFirst: page(`if (confirm('Show prices with VAT?')) { price.textContent = '€12.00'; price.dataset.vat = '1'; }`),
  // A notice with one button: nothing is chosen, the price stays the page's.
  alerts: page(`alert('Free shipping this week!'); price.textContent = '€12.00';`),
  // A notice in a loop: each answer gives the script back only to open the next, and the page is never read.
  alertsForever: page(`price.textContent = '€12.00'; addEventListener('load', () => { for (;;) alert('Sale!'); });`),
};

let server: FixtureServer;
let fetcher: BrowserFetcher;
const stats = new Stats();

beforeAll(async () => {
  server = await pageServer(PAGES);
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 20_000 }, { stats });
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

async function fetchError(name: string): Promise<unknown> {
  return fetcher.fetch(new CrawlRequest({ url: server.url(`/w/${name}`) })).then(
    (res) => `read ${res.$('.price').text()}`,
    (error: unknown) => error,
  );
}

describe('a page that asks its visitor through a dialog', () => {
  it.each(['confirms', 'confirmsLater', 'prompts'])('%s: fails as browser/dialog instead of being read with the answer the crawler gave', async (name) => {
    const error = await fetchError(name);
    expect(error).toBeInstanceOf(FetchError);
    expect(error).toMatchObject({ code: 'BROWSER_DIALOG' });
  });

  it('fails as browser/dialog at once when the request waits for what only a yes shows, not at its deadline as fetch/timeout', async () => {
    const error = await fetcher.fetch(new CrawlRequest({ url: server.url('/w/asksFirst'), browser: { waitFor: { selector: '.price[data-vat]' } } })).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'BROWSER_DIALOG' });
  });

  it('is read when it only told something (an alert has one answer), and every dialog is counted by its kind', async () => {
    const res = await fetcher.fetch(new CrawlRequest({ url: server.url('/w/alerts') }));
    expect(res.$('.price').text()).toBe('€12.00');
    expect(stats.get('browser/dialog/confirm')).toBe(3);
    expect(stats.get('browser/dialog/prompt')).toBe(1);
    expect(stats.get('browser/dialog/alert')).toBe(1);
  });

  it('fails as browser/dialog at once when its alerts never end, not at its deadline as fetch/timeout on every try', async () => {
    // Before, 1,056 alerts were answered in 15 s and the page timed out, transient, on every try.
    const error = await fetchError('alertsForever');
    expect(error).toMatchObject({ code: 'BROWSER_DIALOG' });
  });
});
