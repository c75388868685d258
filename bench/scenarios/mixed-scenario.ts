// Mixed crawl: three HTTP demo shops + the JS shop; routed (only the JS host in Chromium) vs every host forced to the browser.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { startDemoShops, startJsShop, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { runCrawl } from '../../src/app/crawl/run-crawl';
import type { RunSummary } from '../../src/engine/run-summary';
import { createLogger } from '../../src/log/logger';
import { resolveSettings } from '../../src/settings/load-settings';

export interface MixedRun {
  label: 'routed' | 'all-browser';
  pages: number;
  wallSeconds: number;
  pagesPerSecond: number;
  /** Per fetch mode: pages, and pages per second over the span from its first to its last page at the servers. */
  byMode: Record<string, { pages: number; pagesPerSecond: number }>;
  browserPeakPssMb: number;
  browsersLaunched: number;
  succeeded: number;
}

export interface MixedResult {
  hosts: { http: number; js: number };
  pages: number;
  runs: MixedRun[];
}

/** Product pages of every shop, one request each; JS-shop pages wait for their script-written price. */
class MixedSpider extends Spider {
  readonly name = 'bench-mixed';
  constructor(
    private readonly urls: string[],
    private readonly jsOrigin: string,
  ) {
    super();
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    const waitForPrice = { browser: { waitFor: { selector: '.price[data-ready]' } } };
    for (const url of this.urls) yield this.request(url, 'parse', {}, url.startsWith(this.jsOrigin) ? waitForPrice : {});
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    yield { sku: res.url, price: null, url: res.url };
  }
}

/** `startedAtPerfMs` is performance.now() at the crawl's start: the shops stamp hits on that clock. */
function modeSpan(shops: RunningShop[], startedAtPerfMs: number): { pages: number; pagesPerSecond: number } {
  const times = shops.flatMap((shop) => shop.hits.filter((h) => h.atMs >= startedAtPerfMs && !h.path.startsWith('/api/') && !h.path.startsWith('/robots')).map((h) => h.atMs));
  if (times.length < 2) return { pages: times.length, pagesPerSecond: 0 };
  const spanS = (Math.max(...times) - Math.min(...times)) / 1000;
  return { pages: times.length, pagesPerSecond: Number(((times.length - 1) / spanS).toFixed(1)) };
}

async function crawlOnce(label: MixedRun['label'], http: ShopGroup, js: ShopGroup, urls: string[], dir: string): Promise<MixedRun> {
  const jsHost = new URL(js.shops[0].origin).host;
  const hosts = Object.fromEntries(
    [...http.shops.map((s) => new URL(s.origin).host), jsHost].map((host) => [host, { fetchMode: label === 'routed' && host !== jsHost ? 'http' : 'browser' }]),
  );
  const loaded = resolveSettings([
    { name: 'cli', origin: 'bench', values: { storage: { dir }, politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4, hosts }, robots: { obey: false }, browser: { memoryCheckIntervalMs: 250 }, log: { statsIntervalMs: 0 } } },
  ]);
  const log = createLogger({ level: 'warn', format: 'json', destination: new Writable({ write: (_c, _e, done) => done() }) });
  const startedAtMs = Date.now();
  const startedAtPerfMs = performance.now();
  const summary: RunSummary = await runCrawl({ spider: new MixedSpider(urls, js.shops[0].origin), loaded, log });
  const wallSeconds = (Date.now() - startedAtMs) / 1000;
  const byMode: MixedRun['byMode'] = {};
  const httpShops = label === 'routed' ? http.shops : [];
  const browserShops = label === 'routed' ? js.shops : [...http.shops, ...js.shops];
  if (httpShops.length > 0) byMode.http = modeSpan(httpShops, startedAtPerfMs);
  byMode.browser = modeSpan(browserShops, startedAtPerfMs);
  return {
    label,
    pages: urls.length,
    wallSeconds: Number(wallSeconds.toFixed(1)),
    pagesPerSecond: Number((urls.length / wallSeconds).toFixed(1)),
    byMode,
    browserPeakPssMb: Math.round((summary.browser['pss-peak-bytes'] ?? 0) / 2 ** 20),
    browsersLaunched: summary.browser.launched ?? 0,
    succeeded: summary.ledger.succeeded,
  };
}

export async function mixedScenario(scratchDir: string, productsPerHttpHost: number, jsProducts: number): Promise<MixedResult> {
  const counts = { 'json-ld': productsPerHttpHost, microdata: productsPerHttpHost, 'locale-text': productsPerHttpHost, 'js-rendered': jsProducts };
  const http = await startDemoShops({ productCounts: counts });
  const js = await startJsShop({ productCounts: counts });
  const urls = [...http.shops, ...js.shops].flatMap((shop) => shop.expected.items.map((item) => item.url));
  const runs: MixedRun[] = [];
  try {
    for (const label of ['routed', 'all-browser'] as const) {
      const dir = mkdtempSync(join(scratchDir, `${label}-`));
      runs.push(await crawlOnce(label, http, js, urls, dir));
      rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await http.close();
    await js.close();
  }
  return { hosts: { http: http.shops.length, js: js.shops.length }, pages: urls.length, runs };
}

export function formatMixed(result: MixedResult): string {
  const rows = result.runs.map(
    (r) =>
      `${r.label.padEnd(12)} ${String(r.wallSeconds).padStart(7)} s ${String(r.pagesPerSecond).padStart(7)} pages/s  ` +
      `http ${r.byMode.http ? `${r.byMode.http.pages} @ ${r.byMode.http.pagesPerSecond}/s` : '-'}  browser ${r.byMode.browser.pages} @ ${r.byMode.browser.pagesPerSecond}/s  ` +
      `browser peak PSS ${r.browserPeakPssMb} MB, ${r.browsersLaunched} launched, ${r.succeeded}/${r.pages} succeeded`,
  );
  return [`mixed: ${result.hosts.http} HTTP hosts + ${result.hosts.js} JS host, ${result.pages} product pages`, ...rows].join('\n');
}
