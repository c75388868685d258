// `pricecrawl demo`: starts the bundled loopback shops, crawls each with its spider at once, stops the shops.
import { startDemoShops, startHostileShop, startJsShop, startTrapShop } from '../../demo/demo-shops';
import { startHotelRateApi } from '../../demo/hotel-rates/hotel-rate-api';
import { parseStoreUrl } from '../settings/store-url';
import { maskSecretsInText } from '../core/mask-secrets';
import { LiveProgress } from '../app/crawl/live-progress';
import { runCrawl } from '../app/crawl/run-crawl';
import { usesBrowser } from '../app/crawl/uses-browser';
import type { CrawlEngine } from '../engine/crawl-engine';
import { exitCodeFor, type RunSummary } from '../engine/run-summary';
import { formatSummary } from './summary-text';
import { chromiumPresent } from '../fetch/chromium-launch';
import { createLogger } from '../log/logger';
import { loadSettings } from '../settings/load-settings';
import type { SettingsOverrides } from '../settings/schema';
import { packageProject } from '../app/project/find-project';
import { loadSpiderRegistry, type SpiderRegistry } from '../app/project/spider-registry';
import { onShutdownSignals } from './signals';
import { storeCliPairs } from './store-options';

interface DemoShop {
  name: string;
  spider: string;
  origin: string;
  /** The spider's arguments when it needs more than `baseUrl`. */
  spiderArgs?: Record<string, string>;
}

/** Shops started together and stopped together (a demo shop group, or the hotel rate API). */
interface ShopSet {
  shops: DemoShop[];
  close(): Promise<void>;
}

export async function demoCommand(opts: { storage?: string; store?: string; set: string[]; priceShift?: number; drift?: boolean }): Promise<number> {
  const cliPairs = [...opts.set, ...storeCliPairs(opts)];
  const { settings } = loadSettings({ cliPairs });
  const live = LiveProgress.forTerminal(settings);
  const log = createLogger({ ...settings.log, prettyDestination: live?.logStream });
  // The demo spiders ship with the package, whichever project the command runs in.
  const demoSpiders = await loadSpiderRegistry(packageProject());
  const jsSkip = chromiumMissingFor(demoSpiders, 'demo-js', cliPairs);
  const groups = await startShops(opts, jsSkip === null);
  const shops = groups.flatMap((group) => group.shops);
  process.stdout.write(`demo shops on loopback:\n${shops.map((shop) => `  ${shop.name.padEnd(24)} ${shop.origin}  (spider ${shop.spider})`).join('\n')}\n\n`);
  const engines: CrawlEngine[] = [];
  const stopListening = onShutdownSignals((signal) => engines.forEach((engine) => engine.stop(signal)));
  try {
    // Each shop is its own host with its own politeness budget, so the crawls run side by side. One
    // crawl failing to start must not take the shops away from the others: every crawl settles first.
    const outcomes = await Promise.allSettled(
      shops.map(async (shop) => {
        const spider = new (demoSpiders.find(shop.spider))(shop.spiderArgs ?? { baseUrl: shop.origin });
        const loaded = loadSettings({ spiderSettings: demoPace(spider.settings, shop, cliPairs), cliPairs });
        return runCrawl({
          spider, loaded, log, observers: live ? [live.observer(spider.name)] : [], onEngine: (engine) => engines.push(engine),
        });
      }),
    ).finally(() => live?.stop());
    log.flush();
    const summaries = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    for (const summary of summaries) process.stdout.write(`\n${formatSummary(summary)}\n`);
    const failures = outcomes.flatMap((outcome, i) => (outcome.status === 'rejected' ? [`pricecrawl: ${shops[i].name}: ${(outcome.reason as Error)?.message ?? String(outcome.reason)}`] : []));
    for (const failure of failures) process.stderr.write(`${failure}\n`);
    process.stdout.write(whereStored(cliPairs));
    // Said once, last, where it is still on screen when the demo ends.
    if (jsSkip) process.stdout.write(`${jsSkip}\n`);
    return Math.max(failures.length > 0 ? 2 : 0, ...summaries.map((summary: RunSummary) => exitCodeFor(summary)));
  } finally {
    stopListening();
    await Promise.all(groups.map((group) => group.close()));
  }
}

/**
 * The demo spiders pace their own loopback shops (150 ms); a general spider (the generic one on the trap
 * shop) keeps the project default of 1 s everywhere else, so the demo paces it on its own shop's host
 * only, the way a project would with `politeness.hosts`. A politeness setting given on the command line wins.
 */
function demoPace(settings: SettingsOverrides, shop: DemoShop, cliPairs: readonly string[]): SettingsOverrides {
  if (settings.politeness?.minIntervalMs !== undefined || cliPairs.some((pair) => pair.startsWith('politeness.'))) return settings;
  const host = new URL(shop.origin).host;
  return { ...settings, politeness: { ...settings.politeness, hosts: { ...settings.politeness?.hosts, [host]: { minIntervalMs: 150, jitterMs: 50 } } } };
}

/** The one line that says a browser shop is skipped and how to enable it; null when Chromium is there. */
function chromiumMissingFor(demoSpiders: SpiderRegistry, spiderName: string, cliPairs: string[]): string | null {
  const spider = new (demoSpiders.find(spiderName))({ baseUrl: 'http://127.0.0.1' });
  const { settings } = loadSettings({ spiderSettings: spider.settings, cliPairs });
  if (!usesBrowser(settings, spider) || chromiumPresent(settings.browser.executablePath)) return null;
  return `skipped the JS-rendered shop: no Chromium at ${settings.browser.executablePath}; to crawl it: apt-get install chromium (or -s browser.executablePath=<your chromium>)`;
}

/** The shops, the JS-rendered one only when it can be crawled; started shops are closed again if a later one fails. */
async function startShops(opts: { priceShift?: number; drift?: boolean }, withJsShop: boolean): Promise<ShopSet[]> {
  const groups: ShopSet[] = [];
  const starters: Array<() => Promise<ShopSet>> = [
    () => startDemoShops({ priceShift: opts.priceShift, drift: opts.drift }),
    // The JS-rendered shop is crawled in Chromium (its spider says fetchMode 'browser'); the others stay on HTTP.
    ...(withJsShop ? [() => startJsShop()] : []),
    // The hostile host: rate limits, a 503 burst, resets, slow bodies, a CAPTCHA wall, 403s, a redirect loop.
    () => startHostileShop(),
    // The trap shop: no structured data, every visible price trap; the generic spider reads it with no per-shop selector.
    () => startTrapShop({ priceShift: opts.priceShift }),
    // The hotel rate API: a small rate-shop matrix (3 hotels × 5 check-ins × 2 LOS × 2 occupancies), rate-limited.
    async () => {
      const api = await startHotelRateApi();
      return { shops: [{ name: 'hotel rate API', spider: 'demo-hotel-rates', origin: api.origin }], close: () => api.close() };
    },
  ];
  try {
    for (const start of starters) groups.push(await start());
  } catch (error) {
    await Promise.all(groups.map((group) => group.close()));
    throw error;
  }
  return groups;
}

function whereStored(cliPairs: string[]): string {
  const { dir, url } = loadSettings({ cliPairs }).settings.storage;
  const where = parseStoreUrl(url, dir);
  return where.kind === 'sqlite'
    ? `\nitems and the run ledger are in ${where.dir}/ (items.sqlite, frontier.sqlite, fetch-log.sqlite, blobs.sqlite); see pricecrawl changes\n`
    : `\nitems, history, fetch log and raw pages are in ${maskSecretsInText(where.url)}, the run ledger in ${dir}/frontier.sqlite; see pricecrawl changes --store …\n`;
}
