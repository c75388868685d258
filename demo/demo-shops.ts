// Starts the bundled demo shops (and clusters of generic shops for benchmarks) on loopback.
import { jsRenderedShop } from './shops/js-rendered-shop';
import { hostileShop, type HostileShopConfig } from './shops/hostile-shop';
import { jsonLdShop } from './shops/jsonld-shop';
import { localeTextShop } from './shops/locale-text-shop';
import { microdataShop } from './shops/microdata-shop';
import { startShopServer, type RunningShop } from './shops/shop-server';
import { trapShop } from './shops/trap-shop';
import type { ShopKind, ShopSite } from './shops/shop-site';

export type { RunningShop, ShopHit } from './shops/shop-server';
export type { ExpectedPriceItem, ExpectedShopOutcome, HostileOutcome, ShopKind } from './shops/shop-site';
export type { HostileShopConfig } from './shops/hostile-shop';

export const DEMO_SEED = 20_260_601;

export interface DemoShopsOptions {
  /** Catalog seed: the same seed gives the same products, prices and pages. */
  seed?: number;
  /** Bind address (loopback by default). */
  host?: string;
  /** Fixed ports per shop kind; others get a free port. */
  ports?: Partial<Record<ShopKind, number>>;
  /** Products per shop kind (defaults: 96 json-ld, 84 microdata, 60 locale-text). */
  productCounts?: Partial<Record<ShopKind, number>>;
  /** Server think time per response. */
  latencyMs?: number;
  /** Price-change round: a second run with another value sees changed prices (history demo). */
  priceShift?: number;
  /**
   * Drift mode: a third of the locale shop's product pages use a new template without the price, and
   * the JSON-LD shop's listing pages from page 3 on a new card template (2 of 24 links keep the old).
   */
  drift?: boolean;
}

export interface ShopGroup {
  shops: RunningShop[];
  close(): Promise<void>;
}

const DEFAULT_COUNTS: Record<ShopKind, number> = { 'json-ld': 96, microdata: 84, 'locale-text': 60, 'js-rendered': 16, hostile: 30, trap: 60 };

async function startAll(sites: { site: ShopSite; port?: number }[], host: string | undefined, latencyMs: number | undefined): Promise<ShopGroup> {
  const started = await Promise.allSettled(sites.map(({ site, port }) => startShopServer(site, { host, port, latencyMs })));
  const shops = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const close = async () => {
    await Promise.all(shops.map((shop) => shop.close()));
  };
  const failure = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    // A taken port must not leave the other shops listening behind the error.
    await close();
    throw failure.reason;
  }
  return { shops, close };
}

/** The three demo shops `pricecrawl demo` crawls: each a different kind of retail site. */
export async function startDemoShops(options: DemoShopsOptions = {}): Promise<ShopGroup> {
  const seed = options.seed ?? DEMO_SEED;
  const count = (kind: ShopKind) => options.productCounts?.[kind] ?? DEFAULT_COUNTS[kind];
  const { priceShift } = options;
  return startAll(
    [
      { site: jsonLdShop({ seed, productCount: count('json-ld'), priceShift, listingDriftFromPage: options.drift ? 3 : undefined }), port: options.ports?.['json-ld'] },
      { site: microdataShop({ seed: seed + 1, productCount: count('microdata'), priceShift }), port: options.ports?.microdata },
      { site: localeTextShop({ seed: seed + 2, productCount: count('locale-text'), driftCount: options.drift ? Math.floor(count('locale-text') / 3) : 3, brokenLinkCount: 1, priceShift }), port: options.ports?.['locale-text'] },
    ],
    options.host,
    options.latencyMs,
  );
}

/** The JS-rendered shop alone: prices only after a script calls its JSON API (crawled in the browser). */
export async function startJsShop(options: Omit<DemoShopsOptions, 'ports'> & { port?: number } = {}): Promise<ShopGroup> {
  const seed = (options.seed ?? DEMO_SEED) + 3;
  return startAll([{ site: jsRenderedShop({ seed, productCount: options.productCounts?.['js-rendered'] ?? DEFAULT_COUNTS['js-rendered'] }), port: options.port }], options.host, options.latencyMs);
}

/** The hostile host alone: the JSON-LD shop behind rate limits, outages, resets, slow bodies, a CAPTCHA wall, 403s and a redirect loop. */
export async function startHostileShop(options: Omit<DemoShopsOptions, 'ports'> & { port?: number; site?: Omit<HostileShopConfig, 'seed' | 'productCount'> } = {}): Promise<ShopGroup> {
  const seed = (options.seed ?? DEMO_SEED) + 4;
  const site = hostileShop({ ...options.site, seed, productCount: options.productCounts?.hostile ?? DEFAULT_COUNTS.hostile });
  return startAll([{ site, port: options.port }], options.host, options.latencyMs);
}

/** The trap shop alone: no structured data, every visible price trap; crawled by the generic spider with no per-shop selector. */
export async function startTrapShop(options: Omit<DemoShopsOptions, 'ports'> & { port?: number } = {}): Promise<ShopGroup> {
  const seed = (options.seed ?? DEMO_SEED) + 5;
  const site = trapShop({ seed, productCount: options.productCounts?.trap ?? DEFAULT_COUNTS.trap, priceShift: options.priceShift });
  return startAll([{ site, port: options.port }], options.host, options.latencyMs);
}

export interface ShopClusterOptions {
  /** Number of hosts (separate servers, so separate politeness keys host:port). */
  hosts: number;
  productsPerHost: number;
  seed?: number;
  /** Renderers used round-robin across hosts; all three by default. */
  kinds?: ShopKind[];
  /** Include the locale shop's drift pages and dead links (off: every page yields an item). */
  anomalies?: boolean;
  host?: string;
  latencyMs?: number;
}

/** N independent shops for benchmarks and integration tests; each exposes its expected catalog. */
export async function startShopCluster(options: ShopClusterOptions): Promise<ShopGroup> {
  const seed = options.seed ?? DEMO_SEED;
  const kinds = options.kinds?.length ? options.kinds : (['json-ld', 'microdata', 'locale-text'] as ShopKind[]);
  const sites = Array.from({ length: options.hosts }, (_, i) => {
    const kind = kinds[i % kinds.length];
    // Distinct seeds give distinct SKUs per host, so one spider may crawl many hosts without key clashes.
    const config = { seed: seed + 1 + i, productCount: options.productsPerHost, name: `Demo shop ${i + 1} (${kind})` };
    if (kind === 'json-ld') return { site: jsonLdShop(config) };
    if (kind === 'microdata') return { site: microdataShop(config) };
    return { site: localeTextShop({ ...config, driftCount: options.anomalies ? 2 : 0, brokenLinkCount: options.anomalies ? 1 : 0 }) };
  });
  return startAll(sites, options.host, options.latencyMs);
}
