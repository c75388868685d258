// A page whose script writes its price over the first one after the load: the price read is the one the page ends on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceItem } from '../../src/core/item';
import type { Decimal } from '../../src/core/money';
import { CrawlRequest } from '../../src/core/request';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { productItem } from '../../src/items/product-item';
import { settingsSchema } from '../../src/settings/schema';
import type { FixtureServer } from '../support/fixture-server';
import { pageServer } from '../support/page-server';

const defaults = settingsSchema.parse({}).browser;
const page = (body: string) => `<!doctype html><html lang="en-US"><head><title>Widget</title></head><body><main><h1>Widget</h1><p class="price">$25.00</p>${body}</main></body></html>`;
const SWAP = `document.querySelector('.price').textContent = '$19.99'`;
const PAGES: Record<string, string> = {
  // The sale price from the shop's API, asked for once the page loaded (the server answers a moment later).
  api: page(`<script>addEventListener('load', () => fetch('/api/sale').then((r) => r.text()).then((price) => { document.querySelector('.price').textContent = price; }));</script>`),
  // An A/B or currency script that rewrites the price shortly after the load.
  timer: page(`<script>addEventListener('load', () => setTimeout(() => { ${SWAP}; }, 200));</script>`),
  // A countdown that never stops changing the page: read when the cap runs out, as it is then.
  // A page whose script took the timers away: a wait run on them would never end.
  timerless: page(`<script>addEventListener('load', () => { window.setTimeout = () => 0; });</script>`),
  ticker: page(`<p class="ends">ends in <span id="t">0</span></p><script>let n = 0; setInterval(() => { document.getElementById('t').textContent = String(++n); }, 20);</script>`),
};

let server: FixtureServer;
let fetcher: BrowserFetcher;
const stats = new Stats();

beforeAll(async () => {
  server = await pageServer(PAGES);
  // Answered after the load has long fired: a read at the load saw the list price.
  server.route('/api/sale', (_req, res, { later }) => later(300, () => res.writeHead(200, { 'content-type': 'text/plain' }).end('$19.99')));
  // The cap is far above what the API and the timer take, so only the ticker reaches it.
  fetcher = new BrowserFetcher({ ...defaults, timeoutMs: 30_000, quietCapMs: 15_000 }, { stats });
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

const priced = (item: PriceItem | null): string | null | undefined => item && (item.price === null ? item.priceRefusal : `${(item.price as Decimal).toFixed(2)} ${item.currency}`);
const fetchPage = (name: string) => fetcher.fetch(new CrawlRequest({ url: server.url(`/w/${name}`) }));

describe('BrowserFetcher and a price written over after the load', () => {
  it('reads the price the API wrote, not the list price the page showed at its load', async () => {
    const res = await fetchPage('api');
    expect(priced(productItem(res))).toBe('19.99 USD');
  });

  it('reads the price a script swapped in shortly after the load', async () => {
    const res = await fetchPage('timer');
    expect(priced(productItem(res))).toBe('19.99 USD');
  });

  it('reads a page that never stops changing once the cap ran out, and counts it', async () => {
    const capped = new BrowserFetcher({ ...defaults, timeoutMs: 30_000, quietCapMs: 1_000 }, { stats });
    try {
      const res = await capped.fetch(new CrawlRequest({ url: server.url('/w/ticker') }));
      expect(priced(productItem(res))).toBe('25.00 USD');
      expect(stats.get('browser/quiet/capped')).toBe(1);
    } finally {
      await capped.close();
    }
  });

  it('reads a page that took its timers away once the cap ran out, instead of waiting for the deadline', async () => {
    const capped = new BrowserFetcher({ ...defaults, timeoutMs: 60_000, quietCapMs: 1_000 });
    try {
      const res = await capped.fetch(new CrawlRequest({ url: server.url('/w/timerless') }));
      expect(priced(productItem(res))).toBe('25.00 USD');
    } finally {
      await capped.close();
    }
  });
});
