// Child: pricecrawl on the JS shop at its defaults (browser fetch mode), only politeness opened up as for the peer.
import { Writable } from 'node:stream';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { runCrawl } from '../../src/app/crawl/run-crawl';
import { createLogger } from '../../src/log/logger';
import { resolveSettings } from '../../src/settings/load-settings';
import { emitJsShopResult, PRICE_READY, readJsShopJob, startTreeClocks } from './js-shop-job';

const job = readJsShopJob();
let pages = 0;
let prices = 0;

/** The listing waits for its first products, each product page for its script-written price. */
class JsShopBenchSpider extends Spider {
  readonly name = 'bench-js-shop';
  override async *start(): AsyncIterable<SpiderOutput> {
    for (const url of job.urls) {
      const selector = new URL(url).pathname.startsWith('/p/') ? PRICE_READY : 'a.product';
      yield this.request(url, 'parse', {}, { browser: { waitFor: { selector } } });
    }
  }
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    if (res.status === 200) pages++;
    if (!new URL(res.url).pathname.startsWith('/p/')) return;
    const price = res.$('.price').text();
    if (price !== '') prices++;
    yield { sku: res.url, price: null, url: res.url };
  }
}

const loaded = resolveSettings([
  {
    name: 'cli',
    origin: 'bench',
    values: {
      storage: { dir: job.storageDir },
      fetchMode: 'browser',
      browser: { executablePath: job.executablePath, maxOpenPages: job.pagesOpen },
      politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: job.pagesOpen },
      robots: { obey: false },
      log: { statsIntervalMs: 0 },
    },
  },
  // BENCH_PRICECRAWL_SETTINGS (JSON) layers extra overrides on top, as in the other scenarios.
  { name: 'env', origin: 'BENCH_PRICECRAWL_SETTINGS', values: JSON.parse(process.env.BENCH_PRICECRAWL_SETTINGS ?? '{}') as Record<string, unknown> },
]);
const log = createLogger({ level: 'warn', format: 'json', destination: new Writable({ write: (_c, _e, done) => done() }) });
const clocks = startTreeClocks();
const summary = await runCrawl({ spider: new JsShopBenchSpider(), loaded, log });
emitJsShopResult({ crawler: 'pricecrawl', pages, prices, failed: summary.ledger.failed, ...clocks() });
