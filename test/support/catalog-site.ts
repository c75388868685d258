// A multi-host catalog on loopback for whole-crawl tests: listing pages, product pages, known prices.
import { closeFixtureServers, startFixtureServers, type FixtureServer } from './fixture-server';

export interface CatalogSiteOptions {
  hosts: number;
  productsPerHost: number;
  perPage?: number;
  /** Server-side delay before a product page answers (makes concurrency observable). */
  latencyMs?: number;
  /** Extra paths linked from each host's first listing page as if they were products. */
  extraProductPaths?: string[];
}

export interface CatalogProduct {
  sku: string;
  /** Exact expected price as a plain decimal string. */
  price: string;
  url: string;
}

export interface CatalogSite {
  servers: FixtureServer[];
  products: CatalogProduct[];
  startUrls: string[];
  /** SKUs taken off the site: unlisted, their pages answer 404 (add to it between runs). */
  removed: Set<string>;
  /** SKUs whose product page answers 403 (a block); their `/feed/<sku>` JSON still works (a fallback source). */
  blocked: Set<string>;
  /** SKUs whose product page answers 500 every time (a host error that outlasts the retries). */
  broken: Set<string>;
  /** SKU → plain decimal price its page shows instead of the deterministic one (set between runs: a price change). */
  repriced: Map<string, string>;
  /** SKU → how many more times its product page answers 429 (Retry-After: 0) before it serves the page. */
  throttled: Map<string, number>;
  /** SKUs whose product page now redirects (301) to the home page, as shops do with discontinued products. */
  redirectedHome: Set<string>;
  /** SKUs whose product page answers 200 "no longer available" with no price and no SKU in the markup. */
  unavailable: Set<string>;
  close(): Promise<void>;
}

/** Deterministic price with cents, e.g. 1234.05; thousands grouped on the page. */
function priceOf(host: number, index: number): string {
  const cents = 100 + ((host * 7919 + index * 104_729) % 250_000);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function formatUsd(plain: string): string {
  const [whole, cents] = plain.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

export async function startCatalogSite(options: CatalogSiteOptions): Promise<CatalogSite> {
  const perPage = options.perPage ?? 10;
  const servers = await startFixtureServers(options.hosts);
  const products: CatalogProduct[] = [];
  const removed = new Set<string>();
  const blocked = new Set<string>();
  const broken = new Set<string>();
  const repriced = new Map<string, string>();
  const throttled = new Map<string, number>();
  const redirectedHome = new Set<string>();
  const unavailable = new Set<string>();
  servers.forEach((server, host) => {
    const allSkus = Array.from({ length: options.productsPerHost }, (_, i) => `H${host}-P${i}`);
    for (const [i, sku] of allSkus.entries()) products.push({ sku, price: priceOf(host, i), url: server.url(`/p/${sku}`) });
    server.route('/list', (_req, res, { url }) => {
      const skus = allSkus.filter((sku) => !removed.has(sku));
      const pages = Math.ceil(skus.length / perPage);
      const page = Number(url.searchParams.get('page') ?? 1);
      const links = skus.slice((page - 1) * perPage, page * perPage).map((sku) => `<li><a class="product" href="/p/${sku}">${sku}</a></li>`);
      if (page === 1) for (const path of options.extraProductPaths ?? []) links.push(`<li><a class="product" href="${path}">extra</a></li>`);
      const next = page < pages ? `<a rel="next" href="/list?page=${page + 1}">next</a>` : '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body><ul>${links.join('')}</ul>${next}</body></html>`);
    });
    server.route('/p/:sku', (_req, res, { params, later }) => {
      const index = allSkus.indexOf(params.sku);
      if (index < 0 || removed.has(params.sku)) return void res.writeHead(404).end();
      if (redirectedHome.has(params.sku)) return void res.writeHead(301, { location: '/' }).end();
      if (unavailable.has(params.sku)) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><main><h1>This product is no longer available</h1></main></body></html>');
      if (broken.has(params.sku)) return void res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
      if (blocked.has(params.sku)) return void res.writeHead(403, { 'content-type': 'text/html' }).end('<html><title>Access denied</title></html>');
      const refusals = throttled.get(params.sku) ?? 0;
      if (refusals > 0) {
        throttled.set(params.sku, refusals - 1);
        return void res.writeHead(429, { 'retry-after': '0', 'content-type': 'text/plain' }).end('slow down');
      }
      const price = repriced.get(params.sku) ?? priceOf(host, index);
      const body = `<html lang="en-US"><body><main data-sku="${params.sku}"><h1>Product ${params.sku}</h1><span class="price">${formatUsd(price)}</span></main></body></html>`;
      const send = () => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      if (options.latencyMs) later(options.latencyMs, send);
      else send();
    });
    server.route('/', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><h1>Welcome</h1><a href="/list?page=1">all products</a></body></html>'));
    server.route('/feed/:sku', (_req, res, { params }) => {
      const index = allSkus.indexOf(params.sku);
      if (index < 0) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ sku: params.sku, price: priceOf(host, index), currency: 'USD' }));
    });
  });
  return { servers, products, removed, blocked, broken, repriced, throttled, redirectedHome, unavailable, startUrls: servers.map((s) => s.url('/list?page=1')), close: () => closeFixtureServers(servers) };
}

/** Largest number of requests open at the same moment across the given records (server side). */
export function peakConcurrency(records: ReadonlyArray<{ arrivedAtPerfMs: number; closedAtPerfMs: number | null }>): number {
  const events: Array<[number, number]> = [];
  for (const r of records) {
    events.push([r.arrivedAtPerfMs, 1]);
    events.push([r.closedAtPerfMs ?? Infinity, -1]);
  }
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]); // a close at the same instant counts before an arrival
  let open = 0;
  let peak = 0;
  for (const [, delta] of events) peak = Math.max(peak, (open += delta));
  return peak;
}
