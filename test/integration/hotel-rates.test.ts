// Demo hotel rate API + matrix spider: 540 observations keyed (competitor, check-in, LOS, occupancy), fetch log keyed alike; 429 + Retry-After above the limit.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHotelRateApi } from '../../demo/hotel-rates/hotel-rate-api';
import { DemoHotelRatesSpider } from '../../spiders/demo-hotel-rates';
import { crawlInProcess, tempStorageDir } from '../support/test-crawl';

const storage = tempStorageDir('hotel-rates');
afterAll(() => storage.cleanup());

const keyOfUrl = (url: string) => {
  const q = new URL(url).searchParams;
  return `${q.get('hotel')}|${q.get('checkin')}|los${q.get('los')}|occ${q.get('occ')}`;
};

describe('hotel rate-shop matrix', () => {
  it('a 3 × 30 × 3 × 2 matrix gives exactly 540 observations, each keyed, with its raw capture keyed the same way', async () => {
    const api = await startHotelRateApi({ limitPerSecond: 100_000 });
    try {
      const spider = new DemoHotelRatesSpider({ baseUrl: api.origin, days: '30', los: '1,2,7', occ: '1,2', from: '2026-12-20' });
      const { summary, items } = await crawlInProcess(spider, storage.dir, { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 8 }, pipeline: { batchMaxAgeMs: 20 } });
      expect([summary.status, summary.ledger.planned, summary.ledger.succeeded]).toEqual(['finished', 540, 540]);
      expect(items.length).toBe(540);
      const skus = new Set(items.map((i) => i.sku));
      expect(skus.size).toBe(540);
      for (const item of items) {
        const { competitor, checkIn, los, occupancy } = item.data as { competitor: string; checkIn: string; los: number; occupancy: number };
        expect(item.sku).toBe(`${competitor}|${checkIn}|los${los}|occ${occupancy}`);
        expect(keyOfUrl(item.url)).toBe(item.sku);
        expect([item.currency, item.price]).toEqual(['EUR', expect.stringMatching(/^\d+\.\d{2}$/)]);
      }
      const fetchLog = new Database(join(storage.dir, 'fetch-log.sqlite'), { readonly: true });
      const rows = fetchLog.prepare("SELECT url, raw_hash AS rawHash FROM fetch_log WHERE run_id = ? AND url LIKE '%/rates?%'").all(summary.runId) as Array<{ url: string; rawHash: string }>;
      fetchLog.close();
      expect(new Set(rows.map((r) => keyOfUrl(r.url)))).toEqual(skus);
      const hashByKey = new Map(rows.map((r) => [keyOfUrl(r.url), r.rawHash]));
      for (const item of items) expect(item.rawHash).toBe(hashByKey.get(item.sku!));
    } finally {
      await api.close();
    }
  });

  it('answers 429 with Retry-After above its limit; the crawl waits and still gets every cell', async () => {
    const api = await startHotelRateApi({ limitPerSecond: 4 });
    try {
      const spider = new DemoHotelRatesSpider({ baseUrl: api.origin, hotels: 'harbour-view,old-town-inn', days: '3', los: '1', occ: '1', from: '2026-12-20' });
      const { summary, items } = await crawlInProcess(spider, storage.dir, {
        politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 2 },
        retry: { maxAttempts: 10 },
        breaker: { threshold: 50 },
        pipeline: { batchMaxAgeMs: 20 },
      });
      expect(api.statusCounts.get(429) ?? 0).toBeGreaterThan(0);
      expect([summary.status, summary.ledger.succeeded, items.length]).toEqual(['finished', 6, 6]);
    } finally {
      await api.close();
    }
  });
});
