// `pricecrawl demo`: starts the bundled loopback shops, crawls each with its spider at once, stops the shops.
import { startDemoShops, startHostileShop, startJsShop, type ShopGroup } from '../../demo/demo-shops';
import { startHotelRateApi } from '../../demo/hotel-rates/hotel-rate-api';
import { parseStoreUrl, redactStoreUrl } from '../../storage/store-url';
import { runCrawl } from '../crawl/run-crawl';
import type { CrawlEngine } from '../engine/crawl-engine';
import { exitCodeFor, formatSummary } from '../engine/run-summary';
import { createLogger } from '../log/logger';
import { loadSettings } from '../settings/load-settings';
import { packageProject } from '../project/find-project';
import { loadSpiderRegistry } from '../project/spider-registry';
import { onShutdownSignals } from './signals';
import { storeCliPairs } from './store-options';

export async function demoCommand(opts: { storage?: string; store?: string; set: string[]; priceShift?: number; drift?: boolean }): Promise<number> {
  const cliPairs = [...opts.set];
  cliPairs.push(...storeCliPairs(opts));
  const baseLog = createLogger(loadSettings({ cliPairs }).settings.log);
  // The demo spiders ship with the package, whichever project the command runs in.
  const demoSpiders = await loadSpiderRegistry(packageProject());
  const demo = await startDemoShops({ priceShift: opts.priceShift, drift: opts.drift });
  // The JS-rendered shop is crawled in Chromium (its spider says fetchMode 'browser'); the others stay on HTTP.
  const jsShop = await startJsShop().catch(async (error: unknown) => {
    await demo.close();
    throw error;
  });
  // The hostile host: rate limits, a 503 burst, resets, slow bodies, a CAPTCHA wall, 403s, a redirect loop.
  const hostile: ShopGroup = await startHostileShop().catch(async (error: unknown) => {
    await Promise.all([demo.close(), jsShop.close()]);
    throw error;
  });
  // The hotel rate API: a small rate-shop matrix (3 hotels × 5 check-ins × 2 LOS × 2 occupancies), rate-limited.
  const hotelApi = await startHotelRateApi().catch(async (error: unknown) => {
    await Promise.all([demo.close(), jsShop.close(), hostile.close()]);
    throw error;
  });
  const shops = [...demo.shops, ...jsShop.shops, ...hostile.shops, { name: 'hotel rate API', spider: 'demo-hotel-rates', origin: hotelApi.origin }];
  baseLog.info({ shops: shops.map(({ name, origin }) => ({ name, origin })) }, 'demo shops listening on loopback');
  const engines: CrawlEngine[] = [];
  const stopListening = onShutdownSignals((signal) => engines.forEach((engine) => engine.stop(signal)));
  try {
    // Each shop is its own host with its own politeness budget, so the crawls run side by side.
    const summaries = await Promise.all(
      shops.map(async (shop) => {
        const SpiderClass = demoSpiders.find(shop.spider);
        const spider = new SpiderClass({ baseUrl: shop.origin });
        const loaded = loadSettings({ spiderSettings: spider.settings, cliPairs });
        return runCrawl({ spider, loaded, log: baseLog, onEngine: (engine) => engines.push(engine) });
      }),
    );
    baseLog.flush();
    for (const summary of summaries) process.stdout.write(`\n${formatSummary(summary)}\n`);
    const { dir, url } = loadSettings({ cliPairs }).settings.storage;
    const where = parseStoreUrl(url, dir);
    process.stdout.write(where.kind === 'sqlite'
      ? `\nitems and the run ledger are in ${where.dir}/ (items.sqlite, frontier.sqlite, fetch-log.sqlite, blobs.sqlite); see pricecrawl changes\n`
      : `\nitems, history, fetch log and raw pages are in ${redactStoreUrl(where.url)}, the run ledger in ${dir}/frontier.sqlite; see pricecrawl changes --store …\n`);
    return Math.max(...summaries.map(exitCodeFor));
  } finally {
    stopListening();
    await Promise.all([demo.close(), jsShop.close(), hostile.close(), hotelApi.close()]);
  }
}
