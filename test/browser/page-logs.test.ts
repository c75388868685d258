// Real Chromium: what a page writes to its console, or throws, is not kept in the crawl's heap (Playwright keeps 200 of each per page).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

const html = (body: string) => `<!doctype html><html><head><title>shop</title></head><body>${body}</body></html>`;
/**
 * A megabyte a line, and a megabyte an error, from the page and from its worker: each went to DevTools in full
 * (measured: 12 lines of 8 MB took 15 s a page, and 12 such errors 30 s, the fetch's whole deadline).
 */
const LINE = `'x'.repeat(2 ** 20)`;
const WORKER = `for (let i = 0; i < 5; i++) console.error(${LINE} + i); postMessage(1); setTimeout(() => { throw new Error('worker'); });`;
const FLOOD = `for (let i = 0; i < 5; i++) console.log(${LINE} + i);
const worker = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(WORKER)}])));
worker.onmessage = () => {
  for (let i = 0; i < 5; i++) setTimeout(() => { throw new Error('page ' + ${LINE}); });
  Promise.reject(new Error('page rejection'));
};
worker.onerror = () => setTimeout(() => document.body.dataset.done = '1', 50);`;

let server: FixtureServer;
let fetcher: BrowserFetcher;

beforeAll(async () => {
  server = await FixtureServer.start({ builtInRoutes: false });
  server.route('/floods', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html(`<p class="price">4.00</p><script>${FLOOD}</script>`)));
  server.route('/quiet', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p class="price">5.00</p><script>document.body.dataset.done = 1</script>')));
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, maxOpenPages: 1 });
});
afterAll(async () => {
  await fetcher.close();
  await server.close();
});

/** Fetches `path`, waiting for the flood to end; `read` gets the page the response was rendered in, before it is let go. */
async function rendered<T>(path: string, read: (page: Page) => Promise<T>): Promise<T> {
  let release: () => Promise<void> = async () => undefined;
  const res = await fetcher.fetch(new CrawlRequest({ url: server.url(path), browser: { waitFor: { selector: 'body[data-done]' } } }), { retain: (letGo) => void (release = letGo) });
  try {
    return await read(res.page);
  } finally {
    await release();
  }
}

describe('a page that floods its console and throws', () => {
  it("sends none of its console lines, nor its worker's, nor the page's uncaught errors to the crawl", async () => {
    const kept = await rendered('/floods', async (page) => ({
      console: (await page.consoleMessages({ filter: 'all' })).length,
      errors: (await page.pageErrors({ filter: 'all' })).filter((error) => error.message.startsWith('page')).length,
    }));
    // Before, each line of the page and of its worker (10) and each error of the page (6), a megabyte each, went to DevTools and was kept in the crawl's heap.
    expect(kept).toEqual({ console: 0, errors: 0 });
  }, 60_000);

  it("keeps nothing of the page's errors once the page is kept for the host's next request", async () => {
    // Not taken: the page is kept, and serves the next request of its host.
    await fetcher.fetch(new CrawlRequest({ url: server.url('/floods'), browser: { waitFor: { selector: 'body[data-done]' } } }));
    const next = await rendered('/quiet', async (page) => {
      return { errors: (await page.pageErrors({ filter: 'all' })).length, served: fetcher.stats.pagesServed };
    });
    // A worker's uncaught error still reaches DevTools (cancelled, it would not reach the page's Worker object). Before, the first document's errors were still kept with the page.
    expect(next).toEqual({ errors: 0, served: 3 });
  }, 60_000);
});
