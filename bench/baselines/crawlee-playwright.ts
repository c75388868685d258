// Baseline child: vanilla Crawlee PlaywrightCrawler on the JS shop, with the same pages open, blocking and Chromium as pricecrawl.
// Defaults otherwise (sessions, fingerprints, persisted storage in CRAWLEE_STORAGE_DIR from the parent).
import { log, LogLevel, PlaywrightCrawler, playwrightUtils } from '@crawlee/playwright';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../src/fetch/chromium-launch';
import { emitJsShopResult, PRICE_READY, readJsShopJob, startTreeClocks } from '../crawlers/js-shop-job';

const job = readJsShopJob();
log.setLevel(LogLevel.WARNING);
// pricecrawl blocks the image, font and media types and four tracker patterns; Crawlee blocks by URL.
const BLOCKED = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.svg', '.ico', '.woff', '.woff2', '.ttf', '.otf', '.mp4', '.webm', '.mp3', 'google-analytics.com', 'googletagmanager.com', 'doubleclick.net', '/collect?'];
let pages = 0;
let prices = 0;
let failed = 0;

const crawler = new PlaywrightCrawler({
  launchContext: { launcher: chromium, launchOptions: { executablePath: job.executablePath, args: CHROMIUM_ARGS, headless: true } },
  minConcurrency: job.pagesOpen,
  maxConcurrency: job.pagesOpen,
  maxRequestRetries: 1,
  preNavigationHooks: [async ({ page }) => playwrightUtils.blockRequests(page, { urlPatterns: BLOCKED })],
  requestHandler: async ({ page, request, response, pushData }) => {
    if (response?.status() === 200) pages++;
    if (!new URL(request.url).pathname.startsWith('/p/')) return void (await page.waitForSelector('a.product'));
    await page.waitForSelector(PRICE_READY, { state: 'attached' });
    const price = (await page.textContent('.price')) ?? '';
    await pushData({ url: request.url, price });
    if (price !== '') prices++;
  },
  failedRequestHandler: () => {
    failed++;
  },
});

const clocks = startTreeClocks();
await crawler.run(job.urls);
emitJsShopResult({ crawler: 'crawlee-playwright', pages, prices, failed, ...clocks() });
