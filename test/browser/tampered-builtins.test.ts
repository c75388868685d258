// A page whose script replaced built-ins the fetcher's waits could run on: its price is still read, within its time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Decimal } from '../../src/core/money';
import { CrawlRequest } from '../../src/core/request';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { productItem } from '../../src/items/product-item';
import { settingsSchema } from '../../src/settings/schema';
import type { FixtureServer } from '../support/fixture-server';
import { pageServer } from '../support/page-server';

const page = (script: string) =>
  `<!doctype html><html lang="en-US"><head><title>Widget</title></head><body><main><h1>Widget</h1><p class="price">$25.00</p><script>${script}</script></main></body></html>`;
const PAGES: Record<string, string> = {
  // An old polyfill's or a hostile page's regular expressions: every one matches, so a loop over matches never ends.
  regexp: page(`RegExp.prototype.exec = function (text) { return [String(text)]; };`),
  // Arrays that never take an element.
  arrays: page(`Array.prototype.push = function () { for (;;); };`),
};

let server: FixtureServer;
let fetcher: BrowserFetcher;

beforeAll(async () => {
  server = await pageServer(PAGES);
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 20_000 });
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

describe('BrowserFetcher and a page that replaced built-ins', () => {
  // Before, Playwright's waitForSelector handed the element over to the page's own world, whose copy of
  // Playwright's script then ran on the replaced built-ins and never returned: the renderer hung, and the
  // fetch failed as a timeout (transient, tried again and again) although its price was there from the start.
  it.each(Object.keys(PAGES))('waits for its price (waitFor.selector) and reads it: %s', async (name) => {
    const res = await fetcher.fetch(new CrawlRequest({ url: server.url(`/w/${name}`), browser: { waitFor: { selector: '.price' } } }));
    const item = productItem(res);
    expect(item && `${(item.price as Decimal).toFixed(2)} ${item.currency}`).toBe('25.00 USD');
  }, 60_000);
});
