// waitFor.response in real Chromium on loopback: it ends at the deadline, and only this page's own responses satisfy it.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrawlRequest } from '../../src/core/request';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { FixtureServer } from '../support/fixture-server';

const settings = settingsSchema.parse({}).browser;
// A product page asks its price API; once it has read the answer it says so at /ack/<sku>.
const productPage = (sku: string) =>
  `<html><body><h1>${sku}</h1><script>fetch("/api/price/${sku}").then((r) => r.text()).then(() => fetch("/ack/${sku}")).catch(() => null)</script></body></html>`;
const priceOf = (sku: string) => JSON.stringify({ sku, price: sku === 'A' ? '10.00' : '99.00' });

/** A promise per name, resolved by whoever calls `settle(name, value)`; either side may come first. */
function signals<T>() {
  const made = new Map<string, { promise: Promise<T>; resolve: (value: T) => void }>();
  const entry = (name: string) => {
    let found = made.get(name);
    if (!found) {
      let resolve!: (value: T) => void;
      const promise = new Promise<T>((r) => (resolve = r));
      found = { promise, resolve };
      made.set(name, found);
    }
    return found;
  };
  return { on: (name: string) => entry(name).promise, settle: (name: string, value: T) => entry(name).resolve(value) };
}

let server: FixtureServer;
const held = signals<ServerResponse>(); // answers the server holds until the test lets them go
const ended = signals<'read' | 'cancelled'>(); // a price answer a document read, or one whose request was cancelled

beforeAll(async () => {
  server = await FixtureServer.start();
  server.route('/product/:sku', (_req, res, { params }) => void res.writeHead(200, { 'content-type': 'text/html' }).end(productPage(params.sku)));
  server.route('/held-product/:sku', (_req, res, { params }) => held.settle(`page ${params.sku}`, res));
  server.route('/api/price/:sku', (_req, res, { params }) => {
    held.settle(`price ${params.sku}`, res);
  });
  server.route('/ack/:sku', (_req, res, { params }) => {
    ended.settle(params.sku, 'read');
    res.writeHead(204).end();
  });
});
afterAll(async () => {
  await server.close();
});

describe('waitFor.response', () => {
  it('fails FETCH_TIMEOUT at the deadline when the awaited response never comes (before, the fetch waited for ever)', async () => {
    const fetcher = new BrowserFetcher({ ...settings, timeoutMs: 3_000 });
    try {
      const c = fetcher.fetch(new CrawlRequest({ url: server.url('/product/C'), browser: { waitFor: { response: '/api/price/' } } }));
      await held.on('price C'); // held, never answered
      await expect(c).rejects.toMatchObject({ code: 'FETCH_TIMEOUT' });
    } finally {
      await fetcher.close();
    }
  }, 30_000);
});

describe('a reused tab and its previous document', () => {
  it("a late API answer of the previous page does not satisfy the next page's waitFor.response: the next page waits for its own", async () => {
    const fetcher = new BrowserFetcher({ ...settings, maxOpenPages: 1, timeoutMs: 5_000 });
    try {
      // Page A loads; its price API is still unanswered when the fetcher is done with it, and the tab is kept.
      const a = await fetcher.fetch(new CrawlRequest({ url: server.url('/product/A') }));
      expect(a.status).toBe(200);
      const priceA = await held.on('price A');
      // Page B goes to the same tab. While B's document is on its way, A's price answer arrives
      // (unless A's request is gone already), and only then does B's document come.
      const b = fetcher.fetch(
        new CrawlRequest({ url: server.url('/held-product/B'), browser: { capture: ['/api/price/'], waitFor: { response: '/api/price/' } } }),
      );
      const pageB = await held.on('page B');
      // Read by A's document (its /ack came), or cancelled as the tab left it.
      if (!priceA.destroyed) {
        priceA.writeHead(200, { 'content-type': 'application/json' }).end(priceOf('A'));
        await ended.on('A');
      }
      pageB.writeHead(200, { 'content-type': 'text/html' }).end(productPage('B'));
      // B's own price never answers: the wait can only end at the deadline. Before, A's answer ended it,
      // and B was read (and A's JSON captured when its body could still be read) as if its API had answered.
      await expect(b).rejects.toMatchObject({ code: 'FETCH_TIMEOUT' });
    } finally {
      await fetcher.close();
    }
  }, 60_000);
});
