// A loopback site shaped as a binary tree of pages (/p/0 → /p/1, /p/2 → ...), each also linking to what a crawler must not fetch.
import { startFixtureServers, type FixtureServer } from './fixture-server';

export interface TreeSite {
  server: FixtureServer;
  /** Pages in the tree: /p/0 … /p/(pages-1). */
  pages: number;
  /** Depth of page k (the root is 0). */
  depthOf(k: number): number;
  close(): Promise<void>;
}

/** Every page links to its children twice (a duplicate), and to mailto:, tel:, javascript: and data: links; pages past the tree answer 404; `/noprice` has no price. */
export async function startTreeSite(pages: number): Promise<TreeSite> {
  const [server] = await startFixtureServers(1, { builtInRoutes: false });
  server.route('/p/:k', (_req, res, ctx) => {
    const k = Number(ctx.params.k);
    if (!Number.isInteger(k) || k >= pages) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<p>gone</p>');
    const children = [2 * k + 1, 2 * k + 2].filter((c) => c < pages);
    const links = children.flatMap((c) => [`<a href="/p/${c}">child ${c}</a>`, `<a href="${server.url(`/p/${c}`)}">again</a>`]);
    const odd = ['<a class="contact" href="mailto:shop@example.test">mail</a>', '<a href="tel:+15550100">call</a>', '<a href="javascript:void(0)">js</a>', '<a href="data:text/html,hi">data</a>'];
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><h1>page ${k}</h1><span class="price">9.99</span>${[...links, ...odd].join('\n')}</body></html>`);
  });
  // A page whose price markup is gone: the item the spider yields there is dropped by the pipeline.
  server.route('/noprice', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>no price</h1><a href="/p/1">one</a></body></html>'));
  return { server, pages, depthOf: (k) => Math.floor(Math.log2(k + 1)), close: () => server.close() };
}
