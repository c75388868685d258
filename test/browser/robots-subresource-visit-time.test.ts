// Real Chromium: a page's own requests (fetch/XHR, scripts) keep to the hours robots.txt takes visits in (Visit-time), and stay off an origin it refuses whole, as its documents do.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Stats } from '../../src/engine/stats';
import { BrowserFetcher } from '../../src/fetch/browser-fetcher';
import { settingsSchema } from '../../src/settings/schema';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { FixtureServer } from '../support/fixture-server';
import { robotsWorker, type RobotsWorker } from '../robots/robots-worker';

/** Midnight UTC of a day; `at('10:30')` is that day's 10:30 UTC. */
const DAY0_MS = Date.UTC(2031, 2, 14);
const at = (time: string) => DAY0_MS + Number(time.slice(0, 2)) * 3_600_000 + Number(time.slice(3)) * 60_000;

/** The page renders its price from its own API, and asks a stock API, a review widget and a delivery API on other origins. */
const PAGE = (stockUrl: string, reviewsUrl: string, deliveryUrl: string) => `<!doctype html><p class="price">…</p><p class="stock">…</p><p class="reviews">…</p><p class="delivery">…</p><script>
fetch('/api/price').then((r) => r.text(), () => 'none').then((t) => { document.querySelector('.price').textContent = t; });
fetch('${stockUrl}').then((r) => r.text(), () => 'none').then((t) => { document.querySelector('.stock').textContent = t; });
fetch('${reviewsUrl}').then((r) => r.text(), () => 'none').then((t) => { document.querySelector('.reviews').textContent = t; });
fetch('${deliveryUrl}').then((r) => r.text(), () => 'none').then((t) => { document.querySelector('.delivery').textContent = t; });
</script>`;

let shop: FixtureServer;
let stock: FixtureServer;
let reviews: FixtureServer;
let delivery: FixtureServer;
let fetcher: BrowserFetcher;
let worker: RobotsWorker;
const stats = new Stats();
const releases: Array<() => Promise<void>> = [];
let nowMs = at('10:30');

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  stock = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.2' });
  reviews = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.3' });
  delivery = await FixtureServer.start({ builtInRoutes: false, address: '127.0.0.4' });
  shop.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nVisit-time: 1000-1100\n'));
  shop.route('/p/:n', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE(stock.url('/level'), reviews.url('/stars'), delivery.url('/days'))));
  shop.route('/api/:what', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('19.99'));
  stock.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nVisit-time: 0600-0845\n'));
  stock.route('/level', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('in stock'));
  // A Crawl-delay nobody can read refuses the origin whole: its pages, and so its parts.
  reviews.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nCrawl-delay: ten\n'));
  reviews.route('/stars', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('4.5'));
  // A file that cannot be read (a 503) is a complete disallow (RFC 9309 §2.3.1.4): its pages wait, and so do its parts.
  delivery.route('/robots.txt', (_req, res) => void res.writeHead(503).end());
  delivery.route('/days', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('2 days'));
  fetcher = new BrowserFetcher({ ...settingsSchema.parse({}).browser, timeoutMs: 15_000 }, { stats });
  worker = robotsWorker(new MemoryRobotsCache(() => nowMs), {}, undefined, fetcher);
}, 30_000);
afterAll(async () => {
  await Promise.all(releases.map((release) => release()));
  await worker.close();
  await fetcher.close();
  await Promise.all([shop.close(), stock.close(), reviews.close(), delivery.close()]);
});

describe('a browser page rendered inside its shop\'s visiting hours', () => {
  it('sends no request of its own to an origin whose file (known already) takes no visit now, refuses it whole or cannot be read', async () => {
    // The stock origin's file is known, as a crawl that met the origin before knows it: 0600-0845, closed at 10:30.
    expect(await worker.decide(stock.url('/level'), nowMs)).toMatchObject({ type: 'defer', reason: 'robots/visit-time' });
    expect(await worker.decide(reviews.url('/stars'), nowMs)).toMatchObject({ type: 'fail', reason: 'robots/crawl-delay-unreadable' });
    expect(await worker.decide(delivery.url('/days'), nowMs)).toMatchObject({ type: 'defer', reason: 'robots/unreachable' });
    const result = await worker.download(shop.url('/p/1'), () => nowMs, { retain: (release) => releases.push(release) });
    expect(result.type).toBe('response');
    const page = (result.type === 'response' ? result.response.page : null) as unknown as Page;
    await page.waitForFunction(`!document.body.textContent.includes('…')`);
    expect([await page.textContent('.stock'), await page.textContent('.reviews'), await page.textContent('.delivery')]).toEqual(['none', 'none', 'none']);
    expect(stock.requests.map((r) => r.path)).toEqual(['/robots.txt']);
    expect(reviews.requests.map((r) => r.path)).toEqual(['/robots.txt']);
    expect(delivery.requests.map((r) => r.path)).toEqual(['/robots.txt']);
    expect(stats.get('browser/robots/subresource-visit-time')).toBe(1);
    expect(stats.get('browser/robots/subresource-refused')).toBe(1);
    expect(stats.get('browser/robots/subresource-unreachable')).toBe(1);
  }, 30_000);

  it('sends no request a script makes once the hours have closed, on the page\'s own origin', async () => {
    const result = await worker.download(shop.url('/p/2'), () => nowMs, { retain: (release) => releases.push(release) });
    const page = (result.type === 'response' ? result.response.page : null) as unknown as Page;
    await page.waitForFunction(`!document.body.textContent.includes('…')`);
    expect(await page.textContent('.price')).toBe('19.99');
    nowMs = at('11:30');
    // The page's script goes on after the window closed (a poll, a lazy price): the request is not sent.
    expect(await page.evaluate(`fetch('/api/later').then((r) => r.text(), () => 'refused')`)).toBe('refused');
    expect(shop.requests.map((r) => r.path).filter((path) => path.startsWith('/api/'))).toEqual(['/api/price', '/api/price']);
  }, 30_000);
});
