// The end-of-run HTML report: two crawls of a loopback catalog (429s, drops, price changes), rendered in headless Chromium offline.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as cheerio from 'cheerio';
import Decimal from 'decimal.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../src/fetch/chromium-launch';
import { gatherReport, type ReportData } from '../../src/app/report/report-data';
import { renderReport } from '../../src/app/report/report-html';
import { runLosses } from '../../src/engine/run-losses';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { cli } from '../support/run-cli';
import type { CrawlResponse } from '../../src/core/response';
import { isRequest, type SpiderOutput } from '../../src/core/spider';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts');
const storage = tempStorageDir('run-report');
const settings = {
  politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 2 },
  pipeline: { batchMaxAgeMs: 20 },
  robots: { obey: false },
  retry: { backoffBaseMs: 10, backoffCapMs: 50 },
};
let site: CatalogSite;

/** The catalog spider with each product's name (the page's h1), so price changes can be named. */
class NamedCatalogSpider extends CatalogSpider {
  override async *parseProduct(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    for await (const output of super.parseProduct(res)) yield isRequest(output) ? output : { ...output, name: res.$('h1').first().text().trim() };
  }
}
let browser: Browser;
let runId: string;

interface PageVisit {
  errors: string[];
  requests: string[];
  dialogs: string[];
}

/** Opens the file, waits for the page script to report its charts, and counts each canvas's painted pixels. */
async function visit(page: Page, file: string, charts = 5): Promise<PageVisit & { painted: Record<string, number> }> {
  const seen: PageVisit = { errors: [], requests: [], dialogs: [] };
  page.on('console', (message) => void (message.type() === 'error' && seen.errors.push(message.text())));
  page.on('pageerror', (error) => void seen.errors.push(error.message));
  page.on('request', (request) => void seen.requests.push(request.url()));
  page.on('dialog', (dialog) => void (seen.dialogs.push(dialog.message()), dialog.dismiss()));
  const url = pathToFileURL(file).href;
  await page.goto(url);
  // The page's own DOM, so the functions are strings (this project compiles without the DOM library).
  await page.waitForFunction(`document.body.getAttribute('data-charts-drawn') === '${charts}'`);
  const painted = await page.evaluate<Record<string, number>>(`(() => {
    const counts = {};
    for (const canvas of document.querySelectorAll('canvas')) {
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) n++;
      counts[canvas.id] = n;
    }
    return counts;
  })()`);
  expect(seen.requests).toEqual([url]);
  return { ...seen, painted };
}

beforeAll(async () => {
  site = await startCatalogSite({ hosts: 2, productsPerHost: 6, perPage: 3, latencyMs: 15, extraProductPaths: ['/p/H0-P1?ref=dup', '/feed/H0-P2'] });
  browser = await launchChromium('/usr/bin/chromium');
  mkdirSync(ARTIFACTS, { recursive: true });
  const spider = () => new NamedCatalogSpider({ startUrls: site.startUrls.join(',') });
  await crawlInProcess(spider(), storage.dir, settings);
  // Second run: two prices move and one product page answers 429 twice before it serves; a breaker that
  // opens on the first 429 and an alarm on one priceless item give the timeline an opening and an alarm.
  site.repriced.set('H0-P0', '0.50');
  site.repriced.set('H1-P3', '99999.99');
  site.throttled.set('H1-P2', 2);
  const second = await crawlInProcess(spider(), storage.dir, {
    ...settings,
    breaker: { threshold: 1, cooldownMs: 30 },
    pipeline: { ...settings.pipeline, nullPriceAlarm: { minItems: 1, threshold: 0.01 } },
  });
  expect(second.summary.status).toBe('finished');
  runId = second.summary.runId;
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  storage.cleanup();
});

describe('run report', () => {
  it('gathers requests and 429s per host, latency, drops and exact price changes of the run', async () => {
    const data = await gatherReport({ dir: storage.dir }, runId);
    const hosts = site.servers.map((s) => s.hostKey).sort();
    expect(data.hosts.map((h) => h.host)).toEqual(hosts);
    const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
    expect(sum(data.hosts.flatMap((h) => h.requests))).toBe(data.fetches);
    expect(sum(data.hosts.flatMap((h) => h.latency))).toBe(data.fetches);
    expect(sum(data.hosts.find((h) => h.host === site.servers[1].hostKey)!.throttled)).toBe(2);
    expect(data.items.dropped).toMatchObject({ duplicate: 1, 'price/missing': 1 });
    // The null-price rate over time: every scraped item on the axis, the one without a price among them.
    expect(data.itemsOverTime.priced).toHaveLength(data.bucketStartsMs.length);
    expect(sum(data.itemsOverTime.unpriced)).toBe(1);
    expect(sum(data.itemsOverTime.priced) + sum(data.itemsOverTime.unpriced)).toBe(data.items.scraped);
    // Breaker transitions of the throttled host, in order, and the alarm, all placed on the axis.
    const throttledHost = site.servers[1].hostKey;
    const breakerKinds = data.events.filter((e) => e.host === throttledHost && e.kind.startsWith('breaker/')).map((e) => e.kind);
    expect(breakerKinds[0]).toBe('breaker/opened');
    expect(breakerKinds.at(-1)).toBe('breaker/closed');
    expect(data.events.some((e) => e.host === site.servers[0].hostKey && e.kind.startsWith('breaker/'))).toBe(false);
    expect(data.events.map((e) => e.kind)).toContain('alarm/null-price');
    for (const e of data.events) expect(e.bucket).toBeLessThan(data.bucketStartsMs.length);
    const changes = Object.fromEntries(data.changes.map((c) => [c.sku, c]));
    expect(Object.keys(changes).sort()).toEqual(['H0-P0', 'H1-P3']);
    const old = (sku: string) => site.products.find((p) => p.sku === sku)!.price;
    expect(changes['H0-P0']).toMatchObject({ oldPrice: old('H0-P0'), newPrice: '0.50', percent: '-50', direction: 'drop', name: 'Product H0-P0', site: '127.0.0.1' });
    const percent = new Decimal('99999.99').minus(old('H1-P3')).div(old('H1-P3')).times(100).toDecimalPlaces(2).toString();
    expect(changes['H1-P3']).toMatchObject({ oldPrice: old('H1-P3'), newPrice: '99999.99', percent, direction: 'rise', name: 'Product H1-P3' });
    // The ledger and the per-host table come from the run summary and the fetch log.
    const second = await gatherReport({ dir: storage.dir }, runId);
    expect(second.ledger).toMatchObject({ planned: second.ledger!.succeeded + second.ledger!.failed + second.ledger!.pending });
    expect(second.settingsHash).toMatch(/^[0-9a-f]{64}$/);
    const throttled = second.hostOutcomes.find((h) => h.host === throttledHost)!;
    expect(throttled.statuses['429']).toBe(2);
    expect(throttled.succeeded).toBe(second.ledger!.byHost[throttledHost].succeeded);
  });

  it('`pricecrawl report` writes a self-contained file whose five charts draw offline, without console errors', async () => {
    const file = join(storage.dir, 'out', 'report.html');
    const run = await cli(['report', runId, '-o', file, '--storage', storage.dir]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const html = readFileSync(file, 'utf8');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|sourceMappingURL/i);
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    try {
      const seen = await visit(page, file);
      expect(seen.errors).toEqual([]);
      expect(Object.keys(seen.painted).sort()).toEqual(['chart-changes', 'chart-items', 'chart-latency', 'chart-null-price', 'chart-requests']);
      for (const [id, n] of Object.entries(seen.painted)) expect(n, id).toBeGreaterThan(2000);
      expect(await page.locator('table.changes tbody tr').count()).toBe(2);
      expect(await page.locator('table.changes.rises tbody td').first().textContent()).toBe('Product H1-P3');
      expect(await page.locator('table.changes.drops tbody td').first().textContent()).toBe('Product H0-P0');
      expect(await page.locator('#ledger').textContent()).toMatch(/planned \d+ = succeeded \d+ \+ failed \d+ \+ pending 0\s+balanced ✓/);
      // Handling in words, grouped, the counter name kept as a tooltip.
      expect(await page.locator('table.handling tr.group th').allTextContents()).toContain('Circuit breaker');
      expect(await page.locator('table.handling td[title="breaker/opened"]').textContent()).toBe('breaker opened (host paused after repeated refusals)');
      expect(await page.locator('table.events tbody tr').filter({ hasText: 'breaker/opened' }).count()).toBeGreaterThanOrEqual(1);
      await page.screenshot({ path: join(ARTIFACTS, 'run-report.png'), fullPage: true });
    } finally {
      await page.close();
    }
  });

  it('escapes hostile host names, SKUs and URLs in markup and in the embedded data', async () => {
    const sku = '</script><script>window.pwned=1</script>';
    const host = '<img src=x onerror="window.pwned=2">';
    const data: ReportData = {
      runId: 'r<1>', spider: 'evil"&\'', outcome: 'finished', exitCode: 4, startedAtMs: 0, endedAtMs: 1000, firstFetchAtMs: 0, bucketMs: 1000, bucketStartsMs: [0],
      stopReason: sku, settingsHash: host,
      ledger: { planned: 2, succeeded: 1, failed: 1, pending: 0, failedByReason: { [sku]: 1 }, byHost: { [host]: { planned: 2, succeeded: 1, failed: 1, pending: 0 } }, byStatus: {} },
      failures: [{ reason: sku, count: 1, urls: [`http://127.0.0.1/${host}`] }],
      hostOutcomes: [{ host, planned: 2, succeeded: 1, failed: 1, pending: 0, statuses: { [sku]: 1 } }],
      hosts: [{ host, requests: [3], throttled: [1], latency: [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0] }], fetches: 3,
      items: { scraped: 1, written: 0, dropped: { [sku]: 1 } }, handling: { [host]: 1 },
      changes: [{ sku, site: host, name: host, direction: 'rise', url: 'javascript:alert(1)"><b>x</b>', oldPrice: '1.10', newPrice: '2.20', oldCurrency: 'USD', newCurrency: 'USD', percent: '100' }],
      events: [{ bucket: 0, offsetMs: 5, kind: 'breaker/opened', host, detail: sku }],
      itemsOverTime: { priced: [0], unpriced: [1] },
      losses: runLosses({ transientFailures: { [sku]: 1 }, lostHosts: { [host]: { planned: 2, succeeded: 1, failedByReason: { [sku]: 1 }, droppedByReason: { [sku]: 2 } } }, waitingHosts: { [host]: { pending: 1, untilMs: 0 } }, codeErrors: { [`callback/${host}`]: { count: 1, firstMessage: sku, firstUrl: `http://127.0.0.1/${host}` } } }),
    };
    const file = join(storage.dir, 'hostile.html');
    writeFileSync(file, renderReport(data));
    const page = await browser.newPage();
    try {
      const seen = await visit(page, file);
      expect(seen.errors).toEqual([]);
      expect(seen.dialogs).toEqual([]);
      expect(await page.evaluate('typeof window.pwned')).toBe('undefined');
      expect(await page.locator('table.changes tbody td').first().textContent()).toBe(host);
      expect(await page.locator('table.changes tbody td').nth(1).textContent()).toBe(sku);
      expect(await page.locator('table.changes a').count()).toBe(0); // a javascript: URL is never a link
      expect(await page.locator('#failures h3 code').first().textContent()).toBe(sku);
      expect(await page.locator('#failures li').first().textContent()).toBe(`http://127.0.0.1/${host}`);
      expect(await page.locator('table.hosts td').first().textContent()).toBe(host);
      expect(await page.locator('table.events tbody td').nth(2).textContent()).toBe(host);
      expect(await page.locator('table.lost-hosts td').first().textContent()).toBe(host);
      expect(await page.locator('table.lost-hosts td').nth(1).textContent()).toBe(`planned 2, succeeded 1, failed: ${sku} 1, items dropped: ${sku} 2`);
      expect(await page.locator('table.waiting-hosts td').first().textContent()).toBe(host);
      expect(await page.locator('table.code-errors td').allTextContents()).toEqual([`callback "${host}": 1 page failed`, sku, `http://127.0.0.1/${host}`]);
      expect(await page.locator('#losses p').first().textContent()).toBe(`${sku}: 1; a later run may get them.`);
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.title()).toBe('pricecrawl report: evil"&\' r<1>');
    } finally {
      await page.close();
    }
  });

  it('draws no chart without data: a run that fetched nothing shows notes, no canvas', async () => {
    const data: ReportData = {
      runId: 'empty', spider: 'none', outcome: 'finished', exitCode: 0, losses: runLosses({}), startedAtMs: 0, endedAtMs: 10, firstFetchAtMs: null, bucketMs: 1000, bucketStartsMs: [],
      stopReason: null, settingsHash: null, ledger: { planned: 0, succeeded: 0, failed: 0, pending: 0, failedByReason: {}, byHost: {}, byStatus: {} },
      failures: [], hostOutcomes: [], hosts: [], fetches: 0, items: { scraped: 0, written: 0, dropped: {} }, handling: {}, changes: [], events: [],
      itemsOverTime: { priced: [], unpriced: [] },
    };
    const file = join(storage.dir, 'empty.html');
    writeFileSync(file, renderReport(data));
    const page = await browser.newPage();
    try {
      const seen = await visit(page, file, 0);
      expect(seen.errors).toEqual([]);
      expect(await page.locator('canvas').count()).toBe(0);
      expect(await page.locator('p.empty').count()).toBe(4); // no price-change chart at all: the changes section says there were none
      expect(await page.locator('#failures').textContent()).toContain('No request failed.');
    } finally {
      await page.close();
    }
  });

  it('lists the first URLs of a failure reason and all of them in a collapsible list; a reason without URLs says why', () => {
    const urls = Array.from({ length: 7 }, (_, i) => `http://127.0.0.1/p/${i}`);
    const data: ReportData = {
      runId: 'r', spider: 's', outcome: 'finished', exitCode: 4, losses: runLosses({}), startedAtMs: 0, endedAtMs: 10, firstFetchAtMs: null, bucketMs: 1000, bucketStartsMs: [],
      stopReason: null, settingsHash: null, ledger: { planned: 9, succeeded: 0, failed: 9, pending: 0, failedByReason: { 'http/404': 7, 'retry/exhausted': 2 }, byHost: {}, byStatus: {} },
      failures: [{ reason: 'http/404', count: 7, urls }, { reason: 'retry/exhausted', count: 2, urls: [] }],
      hostOutcomes: [], hosts: [], fetches: 0, items: { scraped: 0, written: 0, dropped: {} }, handling: {}, changes: [], events: [], itemsOverTime: { priced: [], unpriced: [] },
    };
    const $ = cheerio.load(renderReport(data));
    const [first, second] = $('#failures .failure').toArray().map((el) => $(el));
    expect(first.find('h3').text()).toBe('http/404: 7');
    expect(first.find('ul li').map((_, li) => $(li).text()).get()).toEqual(urls.slice(0, 5));
    expect(first.find('details summary').text()).toBe('all 7 URLs');
    expect(first.find('details ol li').map((_, li) => $(li).text()).get()).toEqual(urls);
    expect(second.find('h3').text()).toBe('retry/exhausted: 2');
    expect(second.find('.note').text()).toBe('2 more not listed (URLs are not in this storage directory).');
  });

  it('`crawl --report <file>` writes the report of the run it just finished', async () => {
    const dir = join(storage.dir, 'cli-crawl');
    const file = join(dir, 'crawl-report.html');
    const spiderFile = resolve(import.meta.dirname, '../support/spiders/catalog-spider.ts');
    const sets = ['politeness.minIntervalMs=0', 'politeness.jitterMs=0', 'robots.obey=false', 'log.level=silent'].flatMap((pair) => ['-s', pair]);
    const run = await cli(['crawl', spiderFile, '-a', `startUrls=${site.startUrls[0]}`, '--storage', dir, '--report', file, ...sets]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`report written: ${file}`);
    const runIdShown = /run (\S+) of spider catalog/.exec(run.stdout)?.[1];
    expect(readFileSync(file, 'utf8')).toContain(`Run ${runIdShown} of catalog`);
  });
});
