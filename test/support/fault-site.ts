// A loopback shop whose hosts answer from a seeded fault plan (fault-plan.ts): product pages, gone pages,
// throttles with and without Retry-After, resets, cut bodies, silence, block pages at 200, redirects.
import type { ServerResponse } from 'node:http';
import { closeFixtureServers, startFixtureServers, type FixtureServer, type RouteContext } from './fixture-server';
import { faultPlan, type FaultKind, type FaultPlan, type HostPlan, type PagePlan } from './fault-plan';

export interface FaultSite {
  plan: FaultPlan;
  servers: FixtureServer[];
  /** The spider's `-a` arguments: the hosts' origins and which products its start() yields. */
  spiderArgs: Record<string, string>;
  close(): Promise<void>;
}

const html = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) =>
  void res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);

function formatUsd(plain: string): string {
  const [whole, cents] = plain.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Faults that are one plain answer: status, body, headers. */
const PLAIN_ANSWERS: Partial<Record<FaultKind, [number, string, Record<string, string>]>> = {
  'gone-404': [404, '<html><title>Not found</title></html>', {}],
  'gone-410': [410, '<html><title>Gone</title></html>', {}],
  'throttle-429': [429, 'slow down', { 'retry-after': '0' }],
  'throttle-429-bare': [429, 'slow down', {}],
  'unavailable-503': [503, 'down for a moment', { 'retry-after': '0' }],
  'unavailable-503-bare': [503, 'down', {}],
  // A wall at 200, with a price on it that must never be stored.
  'block-page': [200, '<html><head><title>Access denied</title></head><body><p>Your request was blocked.</p><span class="price">$0.01</span></body></html>', {}],
};

/**
 * Answers one hit of `page` with its fault while it has hits left; returns false once the page should
 * serve its content. `hit` counts per path on this server, so a resumed crawl meets the rest of the script.
 */
function answerFault(page: PagePlan, hit: number, res: ServerResponse, ctx: RouteContext, body: string): boolean {
  if (hit >= page.times) return false;
  const plain = PLAIN_ANSWERS[page.fault];
  if (plain) html(res, ...plain);
  else if (page.fault === 'reset') res.socket?.destroy();
  else if (page.fault === 'truncated') {
    // The head says the whole page; half of it arrives, then the connection goes.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
    res.write(body.slice(0, Math.floor(body.length / 2)));
    ctx.later(5, () => res.socket?.destroy());
  } else if (page.fault !== 'timeout') return false;
  // A timeout is never answered: the crawler's own time limit ends the request (the server closes at shutdown).
  return true;
}

function serveHost(server: FixtureServer, host: HostPlan): void {
  const hits = new Map<string, number>();
  const nextHit = (path: string) => {
    const n = hits.get(path) ?? 0;
    hits.set(path, n + 1);
    return n;
  };
  server.route('/robots.txt', (_req, res) => void res.writeHead(404).end());
  server.route('/list/:k', (_req, res, ctx) => {
    const k = Number(ctx.params.k);
    const listing = host.listings[k];
    if (!listing) return html(res, 404, 'no such listing');
    const links = host.listingLinks[k].map((i) => `<li><a class="product" href="${host.products[i].path}">${host.products[i].sku}</a></li>`);
    const next = k + 1 < host.listings.length ? `<a class="listing" href="/list/${k + 1}">next</a>` : '';
    const body = `<html><body><ul>${links.join('')}</ul>${next}</body></html>`;
    if (!answerFault(listing, nextHit(listing.path), res, ctx, body)) html(res, 200, body);
  });
  const productPage = (i: number) => {
    const product = host.products[i];
    const related = host.products[host.related[i]];
    return `<html lang="en-US"><body><main data-sku="${product.sku}"><h1>${product.sku}</h1><span class="price">${formatUsd(product.price)}</span></main><aside><a class="product" href="${related.path}">related</a></aside></body></html>`;
  };
  server.route('/p/:i', (_req, res, ctx) => {
    const i = Number(ctx.params.i);
    const product = host.products[i];
    if (!product) return html(res, 404, 'no such product');
    const body = productPage(i);
    // A redirect's target is the canonical page: it answers whatever its alias's script says.
    if (product.fault === 'redirect' || !answerFault(product, nextHit(product.path), res, ctx, body)) html(res, 200, body);
  });
  server.route('/go/:i', (_req, res, ctx) => {
    const product = host.products[Number(ctx.params.i)];
    if (!product || product.fault !== 'redirect') return html(res, 404, 'no such product');
    res.writeHead(301, { location: product.canonicalPath }).end();
  });
}

export async function startFaultSite(seed: number, options?: Parameters<typeof faultPlan>[1]): Promise<FaultSite> {
  const plan = faultPlan(seed, options);
  const servers = await startFixtureServers(plan.hosts.length, { builtInRoutes: false });
  servers.forEach((server, h) => serveHost(server, plan.hosts[h]));
  const seededPaths = plan.hosts.map((host) => host.seeded.map((i) => host.products[i].path).join('|'));
  return {
    plan,
    servers,
    spiderArgs: { origins: servers.map((s) => s.origin).join(','), seeded: seededPaths.join(',') },
    close: () => closeFixtureServers(servers),
  };
}
