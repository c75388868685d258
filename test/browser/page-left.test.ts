// A page that moves to another document while its callback reads it: nothing read there is stored under this page's URL and rawHash.
import type { Request as PwRequest } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrawlResponse } from '../../src/core/response';
import { Spider, type SpiderOutput } from '../../src/core/spider';
import { failureKind } from '../../src/engine/failure-kind';
import { FixtureServer } from '../support/fixture-server';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const html = (body: string) => `<!doctype html><html><head><title>shop</title></head><body>${body}</body></html>`;
/** Moves itself to `target` once /go/<name> answers, which the test lets happen only after the callback started. */
const wanderer = (name: string, target: string) => html(`<p class="price">9.99</p><script>fetch('/go/${name}').then(() => { location.href = ${JSON.stringify(target)}; })</script>`);

interface ReaderOptions {
  url: string;
  host: string;
  /** Lets the page's /go request answer: the page leaves then, in the middle of the callback. */
  letPageGo(): Promise<void>;
}

class ReaderSpider extends Spider {
  readonly name = 'page-left-test';
  override readonly fetchMode = 'browser' as const;
  override readonly allowedDomains: string[];
  constructor(private readonly options: ReaderOptions) {
    super();
    this.allowedDomains = [options.host];
  }
  override async *start(): AsyncIterable<SpiderOutput> {
    yield this.request(this.options.url, 'parse');
  }
  /** A slow callback reading the live page, as one that clicks and waits would. */
  override async *parse(res: CrawlResponse): AsyncGenerator<SpiderOutput> {
    const page = res.page;
    const leaving = page.waitForEvent('request', (req: PwRequest) => req.isNavigationRequest());
    await this.options.letPageGo();
    await leaving;
    // Whatever the page shows once it moved (the other product, or the error page of a refused navigation).
    await page.waitForLoadState('load');
    const price = await page.locator('.price').first().textContent({ timeout: 2_000 }).catch(() => null);
    yield { sku: 'this-product', price, currency: 'USD', url: res.url };
  }
}

let site: FixtureServer;
let elsewhere: FixtureServer;
const storage = tempStorageDir('page-left');
/** Resolves with the held /go response of each page once the page asked for it. */
const held = new Map<string, Promise<() => void>>();

beforeAll(async () => {
  site = await FixtureServer.start();
  elsewhere = await FixtureServer.start();
  elsewhere.route('/', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p class="price">1.00</p>')));
  site.route('/other-product', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(html('<p class="price">1.00</p>')));
  site.route('/to-other-product', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(wanderer('same', '/other-product')));
  site.route('/to-elsewhere', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(wanderer('away', elsewhere.url('/'))));
  for (const name of ['same', 'away']) {
    held.set(name, new Promise((resolve) => site.route(`/go/${name}`, (_req, res) => resolve(() => void res.writeHead(200).end('go')))));
  }
});
afterAll(async () => {
  await Promise.all([site.close(), elsewhere.close()]);
  storage.cleanup();
});

async function crawl(path: string, name: string) {
  const spider = new ReaderSpider({ url: site.url(path), host: new URL(site.origin).host, letPageGo: async () => (await held.get(name)!)() });
  return crawlInProcess(spider, `${storage.dir}/${name}`, { politeness: { minIntervalMs: 0, jitterMs: 0 }, retry: { maxAttempts: 1 } });
}

describe('a page that navigates while its callback reads it', () => {
  it('to another product of the host: the request fails browser/page-navigated (for good), and the other price is not stored as this one', async () => {
    const result = await crawl('/to-other-product', 'same');
    expect(result.items).toEqual([]);
    expect(result.summary.ledger.failedByReason).toEqual({ 'browser/page-navigated': 1 });
    expect(failureKind('browser/page-navigated')).toBe('permanent');
  });

  it('to another host: the request fails offsite/browser-navigation, and the other host is never asked', async () => {
    const result = await crawl('/to-elsewhere', 'away');
    expect(result.items).toEqual([]);
    expect(result.summary.ledger.failedByReason).toEqual({ 'offsite/browser-navigation': 1 });
    expect(elsewhere.requests).toEqual([]);
  });
});
