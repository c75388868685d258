// What a run seeds, per run mode: discovery (the spider's start requests) and/or known SKUs from the catalog, lazily.
import { PricecrawlError } from '../../core/errors';
import type { Spider, SpiderOutput } from '../../core/spider';
import type { Settings } from '../../settings/schema';
import type { CatalogEntry } from '../../catalog/catalog-entry';
import type { CatalogStore } from '../../ports/catalog-store';
import { planDue, type PlannedSku } from './recrawl-planner';

/** `discover`: start requests only (a plain crawl); `full`: discovery + every known SKU; `due`: what the planner says. */
export type CrawlMode = 'discover' | 'full' | 'due';

/** A known SKU to recrawl, and how many consecutive runs its primary page failed. */
export interface SkuSeed {
  sku: string;
  url: string;
  consecutiveFailures: number;
}

export interface SeedPlan {
  discovery: boolean;
  /** SKUs to send to the product callback; streamed for `full`, the planned due set for `due`. */
  skus: AsyncIterable<SkuSeed> | Iterable<SkuSeed>;
  /** From this many consecutive primary failures on, a SKU is also requested from the spider's fallback source. */
  fallbackAfterFailedRuns: number;
  /** The due set (`due` mode only), for the log. */
  planned: PlannedSku[] | null;
  /** `due` mode with nothing to do: one line saying why, and what to run instead. */
  nothingDue?: string;
}

export interface SeedPlanInput {
  mode: CrawlMode;
  spider: Spider;
  catalog: CatalogStore;
  settings: Settings['schedule'];
  nowMs: number;
  hostKeyOf: (url: string) => string;
  /** `due` mode: also plan what falls due before this time, discovery included (the scheduler's next tick; PlannerOptions.dueUntilMs). */
  dueUntilMs?: number;
}

/** Whether `--full`/`--due` can send the catalog's known SKUs to the spider (a productCallback, or its own catalogRequest). */
export function sendsKnownSkus(spider: Spider): boolean {
  return spider.catalogRequest('probe', 'http://127.0.0.1/') !== null;
}

/** The refusal, with the fix: what the spider has to declare. */
export function noProductCallback(spider: Spider, what: string): PricecrawlError {
  return new PricecrawlError(
    'SPIDER_NO_PRODUCT_CALLBACK',
    `spider "${spider.name}" declares no productCallback, so ${what} cannot send known SKUs to it; name the callback that reads a product page in the spider (override productCallback = 'parseProduct'), or override catalogRequest(sku, url)`,
  );
}

export async function planSeeds(input: SeedPlanInput): Promise<SeedPlan> {
  const { mode, spider, catalog, settings, nowMs } = input;
  const { fallbackAfterFailedRuns } = settings;
  if (mode === 'discover') return { discovery: true, skus: [], planned: null, fallbackAfterFailedRuns };
  if (!sendsKnownSkus(spider)) throw noProductCallback(spider, `--${mode}`);
  if (mode === 'full') return { discovery: true, skus: liveEntries(catalog.entries(spider.name)), planned: null, fallbackAfterFailedRuns };
  const lastDiscoveryMs = await catalog.lastDiscoveryMs(spider.name);
  // Discovery stamped at a run's start is due a day later, which the next daily tick missed whenever its process started quicker.
  const horizonMs = Math.max(nowMs, input.dueUntilMs ?? nowMs);
  const discovery = lastDiscoveryMs === null || lastDiscoveryMs + settings.discoveryEveryMs <= horizonMs;
  const planned = await planDue(catalog.entries(spider.name), { ...settings, nowMs, hostKeyOf: input.hostKeyOf, dueUntilMs: input.dueUntilMs });
  const nothingDue = discovery || planned.length > 0 ? undefined : await whyNothingDue(input, lastDiscoveryMs!);
  return { discovery, skus: planned, planned, fallbackAfterFailedRuns, nothingDue };
}

/** Either the catalog is empty (no run recorded a SKU) or no SKU's tier interval has passed; discovery is not due in both. */
async function whyNothingDue(input: SeedPlanInput, lastDiscoveryMs: number): Promise<string> {
  const { spider, catalog, settings, nowMs } = input;
  let known = false;
  for await (const entry of catalog.entries(spider.name)) {
    if (entry.retiredAtMs !== null) continue;
    known = true;
    break;
  }
  const nextDiscoveryMin = Math.ceil((lastDiscoveryMs + settings.discoveryEveryMs - nowMs) / 60_000);
  const why = known ? 'none of its known SKUs is due yet' : 'its SKU catalog is empty (no finished run recorded a SKU with a product URL)';
  return `--due plans nothing for ${spider.name}: ${why}, and discovery ran ${Math.round((nowMs - lastDiscoveryMs) / 60_000)} min ago (next in ${nextDiscoveryMin} min, schedule.discoveryEveryMs); run \`pricecrawl crawl ${spider.name} --full\` to crawl discovery and every known SKU now`;
}

async function* liveEntries(entries: AsyncIterable<CatalogEntry>): AsyncIterable<SkuSeed> {
  for await (const entry of entries) if (entry.retiredAtMs === null) yield { sku: entry.sku, url: entry.productUrl, consecutiveFailures: entry.consecutiveFailures };
}

/** The run's seeds in order: discovery first (new SKUs), then the catalog's product requests. */
export async function* runSeeds(spider: Spider, plan: SeedPlan): AsyncIterable<SpiderOutput> {
  if (plan.discovery) yield* spider.start();
  for await (const { sku, url, consecutiveFailures } of plan.skus) {
    // The primary page is still tried (it may work again, which ends the streak); the fallback serves the price meanwhile.
    const request = spider.catalogRequest(sku, url);
    if (request) yield request;
    const fallback = consecutiveFailures >= plan.fallbackAfterFailedRuns ? spider.fallbackRequest(sku, url) : null;
    if (fallback) yield fallback;
  }
}
