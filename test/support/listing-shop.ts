// A loopback shop of one listing (`/list`) linking `/p/0` … `/p/<n-1>`, for the catalog spider; the test routes the products.
import type { ServerResponse } from 'node:http';
import { FixtureServer } from './fixture-server';

/** A product page the catalog spider reads: SKU-<n> at $<n>.00. */
export function productHtml(res: ServerResponse, n: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><body><main data-sku="SKU-${n}"><span class="price">$${n}.00</span></main></body></html>`);
}

/**
 * The server with `/list` routed; robots.txt and `/p/:n` are the test's. `answerList` gets the listing's
 * answer as a function when it arrives, to send it when the test wants (at once by default).
 */
export async function startListingShop(products: number, answerList: (send: () => void) => void = (send) => send()): Promise<FixtureServer> {
  const server = await FixtureServer.start({ builtInRoutes: false });
  const links = Array.from({ length: products }, (_, n) => `<a class="product" href="/p/${n}">P${n}</a>`).join('');
  server.route('/list', (_req, res) => {
    answerList(() => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><body>${links}</body></html>`);
    });
  });
  return server;
}
