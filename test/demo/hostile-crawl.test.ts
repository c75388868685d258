// The hostile demo host crawled by its spider: every hostile behaviour shows up, handled, and nothing is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileShop, type HostileOutcome, type RunningShop, type ShopGroup } from '../../demo/demo-shops';
import { DEFAULT_GATE_RULES } from '../../demo/shops/hostile-gate';
import { formatSummary } from '../../src/cli/summary-text';
import { resolveSettings } from '../../src/settings/load-settings';
import { DemoHostileShopSpider } from '../../spiders/demo-hostile-shop';
import { crawlInProcess, tempStorageDir, type TestCrawlResult } from '../support/test-crawl';

const PRODUCTS = 30;
const DEFAULT_SETTINGS = resolveSettings([]).settings;

describe('a crawl of the hostile demo host', () => {
  let group: ShopGroup;
  let shop: RunningShop;
  let hostile: HostileOutcome;
  let result: TestCrawlResult;
  const storage = tempStorageDir('hostile');
  const pages = () => shop.hits.filter((hit) => hit.path !== '/robots.txt');
  const hits = (status: number) => pages().filter((hit) => hit.status === status);
  const handled = (key: string) => result.summary.handling[key] ?? 0;

  beforeAll(async () => {
    group = await startHostileShop({ productCounts: { hostile: PRODUCTS } });
    shop = group.shops[0];
    hostile = shop.expected.hostile!;
    const spider = new DemoHostileShopSpider({ baseUrl: shop.origin });
    result = await crawlInProcess(spider, storage.dir, { pipeline: { batchSize: 10, batchMaxAgeMs: 20 }, log: { statsIntervalMs: 0 } });
  }, 60_000);
  afterAll(async () => {
    await group.close();
    storage.cleanup();
  });

  it('stores every product; only the 403s and the redirect loop fail, each with its reason; the ledger balances', () => {
    expect(result.items.map((item) => item.sku).sort()).toEqual(shop.expected.items.map((item) => item.sku).sort());
    expect(result.summary.ledger).toMatchObject({ planned: shop.expected.pageCount, succeeded: shop.expected.pageCount - 3, failed: 3, pending: 0 });
    expect(result.summary.ledger.failedByReason).toEqual({ 'http/403': hostile.forbidden.length, 'fetch/redirect-loop': 1 });
    expect(result.summary.balanced).toBe(true);
    expect(result.summary.status).toBe('finished');
    // The printed summary (what `pricecrawl demo` shows) lists how each refusal was handled.
    const printed = formatSummary(result.summary);
    expect(printed).toContain('handling:');
    // A reset on a kept-alive connection is sent again at once (src/fetch/stale-connection.ts), on a fresh one it is retried.
    expect(printed).toMatch(/^ {4}(retried after fetch\/connection-reset|sent again at once: the server had closed the kept-alive connection) +\d+$/m);
    expect(printed).toMatch(/^ {4}breaker opened \(host paused after repeated refusals\) +\d+$/m);
  });

  it('waits the Retry-After of its busy robots.txt before any page, and fetches the file again after it', () => {
    const robots = shop.hits.filter((hit) => hit.path === '/robots.txt');
    expect(robots.map((hit) => hit.status)).toEqual([503, 200]);
    expect(robots[1].atMs - robots[0].atMs).toBeGreaterThanOrEqual(1000 - 5);
    expect(Math.min(...pages().map((hit) => hit.atMs))).toBeGreaterThan(robots[1].atMs);
  });

  it('never retries a 403: each forbidden path gets one, and is not requested after it', () => {
    for (const url of hostile.forbidden) {
      const answers = pages().filter((hit) => url.endsWith(hit.path)).map((hit) => hit.status);
      expect(answers.filter((status) => status === 403)).toHaveLength(1);
      expect(answers.at(-1)).toBe(403);
    }
  });

  it('retries each reset connection once and waits out every slow body', () => {
    expect(hits(0)).toHaveLength(hostile.resets.length);
    // A reset that hits the breaker's half-open probe re-opens the breaker and is parked there instead.
    expect(handled('retry/reason/fetch/connection-reset')).toBeLessThanOrEqual(hostile.resets.length);
    expect(handled('retry/reason/fetch/connection-reset') + handled('retry/stale-connection') + handled('breaker/reopened')).toBeGreaterThanOrEqual(hostile.resets.length);
    for (const url of [...hostile.resets, ...hostile.slow]) expect(result.items.some((item) => item.url === url)).toBe(true);
  });

  it('rides out the 503 burst with Retry-After and the breaker (opened, closed by a good probe)', () => {
    expect(hits(503)).toHaveLength(8);
    // Each 503 carries Retry-After: a wait (no attempt counted), or parked by the breaker.
    expect(handled('retry/retry-after') + handled('breaker/deferred')).toBeGreaterThanOrEqual(8);
    // For the burst and for the storm of bare 429s: opened anew, or re-opened when the storm meets its probe
    // (which one depends on how soon the resets are answered, see above).
    expect(handled('breaker/opened')).toBeGreaterThanOrEqual(1);
    expect(handled('breaker/opened') + handled('breaker/reopened')).toBeGreaterThanOrEqual(2);
    expect(handled('breaker/closed')).toBeGreaterThanOrEqual(1);
  });

  it('rides out the storm of bare 429s, longer than the attempt budget: the breaker parks, no request runs out', () => {
    const storm = pages().filter((hit) => hit.rule === 'storm');
    expect(storm).toHaveLength(DEFAULT_GATE_RULES.stormLength);
    expect(DEFAULT_GATE_RULES.stormLength).toBeGreaterThan(DEFAULT_SETTINGS.retry.maxAttempts);
    expect(handled('retry/exhausted') + handled('retry/deferrals-exhausted')).toBe(0);
    expect(handled('breaker/reopened')).toBeGreaterThanOrEqual(1);
  });

  it('retries each truncated gzip body once (fetch/decompress) and stores its product', () => {
    for (const url of hostile.truncated) {
      // What the page itself answered (refusals by the gate in front of it aside).
      const answers = pages().filter((hit) => url.endsWith(hit.path) && (hit.rule === undefined || hit.rule === 'truncated-gzip'));
      expect(answers.map((hit) => hit.rule ?? 'page')).toEqual(['truncated-gzip', 'page']);
      expect(result.items.some((item) => item.url === url)).toBe(true);
    }
    // A truncated body that was the breaker's half-open probe re-opens the breaker and is parked there instead.
    expect(handled('retry/reason/fetch/decompress')).toBeLessThanOrEqual(hostile.truncated.length);
    expect(handled('retry/reason/fetch/decompress') + handled('breaker/reopened')).toBeGreaterThanOrEqual(hostile.truncated.length);
  });

  it('slows down on the 429s and the CAPTCHA wall: each is waited out (or parked by an open breaker), the throttle grows', () => {
    // Every 429 and 503 carries Retry-After: a wait, unless it reached an open breaker and was parked there: hence at most, not equal.
    expect(hits(429).length).toBeGreaterThanOrEqual(1);
    expect(handled('retry/retry-after')).toBeGreaterThanOrEqual(1);
    expect(handled('retry/retry-after')).toBeLessThanOrEqual(hits(429).length + hits(503).length);
    // Only the storm's bare 429s (no Retry-After) are retries, those that came before the breaker opened.
    expect(handled('retry/reason/http/429')).toBeLessThanOrEqual(pages().filter((hit) => hit.rule === 'storm').length);
    const captchas = pages().filter((hit) => hit.rule === 'captcha');
    expect(captchas.length).toBeGreaterThanOrEqual(1);
    expect(handled('block/detected')).toBeGreaterThanOrEqual(1);
    expect(handled('block/detected')).toBeLessThanOrEqual(captchas.length);
    expect(handled('throttle/increased')).toBeGreaterThanOrEqual(1 + hostile.slow.length);
  });
});
