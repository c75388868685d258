// Web components in real Chromium: the body carries shadow roots (open and closed) as declarative shadow DOM, so the drawn price is read, not the fallback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceItem } from '../../src/core/item';
import type { Decimal } from '../../src/core/money';
import { CrawlRequest } from '../../src/core/request';
import { BrowserFetcher, type BrowserSettings } from '../../src/fetch/browser-fetcher';
import { productItem } from '../../src/items/product-item';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

const defaults = settingsSchema.parse({}).browser;
const browserSettings = (overrides: Partial<BrowserSettings> = {}): BrowserSettings => ({ ...defaults, ...overrides });
const page = (body: string) => `<!doctype html><html lang="en-US"><head><title>Widget</title></head><body><main><h1>Widget</h1>${body}</main></body></html>`;
/** A component that draws its price in an open shadow root from its attribute, as Lit or Stencil components do. */
const PRICE_TAG = `<script>customElements.define('price-tag', class extends HTMLElement {
  connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = '<span class="price">$' + this.getAttribute('amount') + '</span>'; }
});</script>`;
const CLOSED_PRICE_TAG = `<script>customElements.define('price-tag', class extends HTMLElement {
  connectedCallback() { this.attachShadow({ mode: 'closed' }).innerHTML = '<span class="price">$' + this.getAttribute('amount') + '</span>'; }
});</script>`;
const PAGES: Record<string, string> = {
  drawn: page(`<price-tag amount="19.99"></price-tag>${PRICE_TAG}`),
  // The server's fallback for crawlers (an old price) under the component: not slotted, so not on the screen.
  fallback: page(`<price-tag amount="19.99"><span class="price">$25.00</span></price-tag>${PRICE_TAG}`),
  // A card whose shadow tree strikes the light "was" price it takes through a slot, beside a nested component's price.
  slotted: page(`<x-card><span slot="was">$15.00</span></x-card>${PRICE_TAG}<script>customElements.define('x-card', class extends HTMLElement {
    connectedCallback() { this.attachShadow({ mode: 'open' }).innerHTML = '<div class="card"><s><slot name="was"></slot></s> <price-tag amount="12.00"></price-tag></div>'; }
  });</script>`),
  plain: page('<p class="price">$7.50</p>'),
  // The same component with a closed root: no script of the page (nor ours, run there) can reach what it draws.
  closed: page(`<price-tag amount="19.99"><span class="price">$25.00</span></price-tag>${CLOSED_PRICE_TAG}`),
  // A page whose script makes every serialization it can reach lie: the DOM on the screen still says $25.00.
  lying: page(`<p class="price">$25.00</p><script>for (const [proto, name] of [[Element.prototype, 'outerHTML'], [Element.prototype, 'innerHTML']]) {
    const own = Object.getOwnPropertyDescriptor(proto, name);
    Object.defineProperty(proto, name, { get() { return own.get.call(this).replace('$25.00', '$1.00'); } });
  }
  Element.prototype.getHTML = function () { return '<p class="price">$1.00</p>'; };</script>`),
  // A page whose script hides its navigation timing (or names another URL there), which named the document read.
  timingHidden: page(`<p class="price">$4.50</p><script>performance.getEntriesByType = () => [];
    Performance.prototype.getEntriesByType = () => [{ name: 'http://elsewhere.example/p/other' }];</script>`),
  publicDoctype: '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd"><!-- a comment before the root --><html lang="en-US"><head><title>Old</title></head><body><p class="price">$3.25</p></body></html>',
};

let server: FixtureServer;
let fetcher: BrowserFetcher;

beforeAll(async () => {
  server = await FixtureServer.start();
  server.route('/w/:name', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGES[params.name]));
  fetcher = new BrowserFetcher(browserSettings({ timeoutMs: 15_000 }));
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

/** "19.99 USD", with " was …" for a regular price; the refusal otherwise. */
const priced = (item: PriceItem | null): string | null | undefined =>
  item && (item.price === null ? item.priceRefusal : `${(item.price as Decimal).toFixed(2)} ${item.currency}${item.listPrice ? ` was ${item.listPrice}` : ''}`);
const fetchPage = (name: string) => fetcher.fetch(new CrawlRequest({ url: server.url(`/w/${name}`) }));

describe('BrowserFetcher and shadow DOM', () => {
  it('reads a price a component draws in its shadow root, where the body used to show an empty host', async () => {
    const res = await fetchPage('drawn');
    expect(res.$('price-tag .price').text()).toBe('$19.99');
    expect(priced(productItem(res))).toBe('19.99 USD');
  });

  it('stores the drawn price, not the light-DOM fallback the page does not show', async () => {
    const res = await fetchPage('fallback');
    // The light DOM stays in the body as it was (selectors on it still match)...
    expect(res.$('price-tag > span.price').text()).toBe('$25.00');
    // ...but the price on the screen is the shadow root's.
    expect(priced(productItem(res))).toBe('19.99 USD');
  });

  it('follows slots and nested shadow roots', async () => {
    const res = await fetchPage('slotted');
    expect(res.$('x-card price-tag .price').text()).toBe('$12.00');
    expect(priced(productItem(res))).toBe('12.00 USD was 15.00');
  });

  it('leaves a page without shadow roots as Chromium serializes it', async () => {
    const res = await fetchPage('plain');
    expect(res.text).toBe(PAGES.plain.replace('<!doctype html>', '<!DOCTYPE html>'));
    expect(priced(productItem(res))).toBe('7.50 USD');
  });

  it('reads a price drawn in a closed shadow root, where the unslotted light fallback was stored', async () => {
    const res = await fetchPage('closed');
    expect(res.$('price-tag > template[shadowrootmode="closed"] .price').text()).toBe('$19.99');
    expect(priced(productItem(res))).toBe('19.99 USD');
  });

  it('stores the DOM Chromium holds, whatever the page makes its own serializers say', async () => {
    const res = await fetchPage('lying');
    expect(res.$('.price').text()).toBe('$25.00');
    expect(priced(productItem(res))).toBe('25.00 USD');
  });

  it('serializes a legacy doctype as page.content() did, leaving out what stands outside the root element', async () => {
    const res = await fetchPage('publicDoctype');
    expect(res.text).toBe(PAGES.publicDoctype.replace('<!-- a comment before the root -->', ''));
  });

  it('names the document read by its own response, whatever the page made of its performance timeline', async () => {
    const res = await fetchPage('timingHidden');
    expect({ url: res.url, status: res.status }).toEqual({ url: server.url('/w/timingHidden'), status: 200 });
    expect(priced(productItem(res))).toBe('4.50 USD');
  });
});
