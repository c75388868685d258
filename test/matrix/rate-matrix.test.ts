// Rate-shop matrix: exact expansion and keys, flat memory over a million cells, and a seeder that pulls it lazily.
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { RequestSink } from '../../src/engine/request-sink';
import { seedFrontier } from '../../src/engine/seeder';
import { Stats } from '../../src/engine/stats';
import { SqliteFrontier } from '../../storage/sqlite/sqlite-frontier';
import { expandMatrix, matrixSize, rateKeyId, type RateMatrix } from '../../src/matrix/rate-matrix';
import { ManualClock } from '../../src/politeness/clock';
import { HostSlots } from '../../src/politeness/host-slots';
import { DemoHotelRatesSpider } from '../../spiders/demo-hotel-rates';
import { tempStorageDir } from '../support/test-crawl';

const storage = tempStorageDir('matrix');
afterAll(() => storage.cleanup());

describe('rate matrix', () => {
  it('3 competitors × 30 check-ins × 3 LOS × 2 occupancies gives exactly 540 distinct keys', () => {
    const matrix: RateMatrix = { competitors: ['a', 'b', 'c'], firstCheckIn: '2026-12-20', days: 30, lengthsOfStay: [1, 2, 7], occupancies: [1, 2] };
    const keys = [...expandMatrix(matrix)];
    expect(keys.length).toBe(540);
    expect(matrixSize(matrix)).toBe(540);
    expect(new Set(keys.map(rateKeyId)).size).toBe(540);
    expect(keys[0]).toEqual({ competitor: 'a', checkIn: '2026-12-20', los: 1, occupancy: 1 });
    expect(keys[539]).toEqual({ competitor: 'c', checkIn: '2027-01-18', los: 7, occupancy: 2 }); // across the year end
    expect(new Set(keys.map((k) => k.checkIn)).size).toBe(30);
  });

  it('expands a 1,000,000-cell matrix with flat memory (nothing is held but the current cell)', () => {
    const matrix: RateMatrix = { competitors: Array.from({ length: 100 }, (_, i) => `hotel-${i}`), firstCheckIn: '2026-01-01', days: 500, lengthsOfStay: [1, 2, 3, 4, 5], occupancies: [1, 2, 3, 4] };
    expect(matrixSize(matrix)).toBe(1_000_000);
    const startHeap = process.memoryUsage().heapUsed;
    let peakHeap = startHeap;
    let cells = 0;
    for (const key of expandMatrix(matrix)) {
      cells++;
      if (cells % 50_000 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      if (key.los === 0) throw new Error('unreachable');
    }
    expect(cells).toBe(1_000_000);
    // Holding the cells would take well over 100 MB; garbage between collections stays far below the bound.
    expect(peakHeap - startHeap).toBeLessThan(64 * 1024 * 1024);
  });

  it('the seeder pulls the spider\'s matrix lazily: at most one frontier batch is ever materialised', async () => {
    const spider = new DemoHotelRatesSpider({ baseUrl: 'http://127.0.0.1:9', days: '100', los: '1,2,3,4', occ: '1,2', from: '2026-12-01' });
    const frontier = SqliteFrontier.open({ dir: storage.dir, spider: spider.name, runId: 'new', hostKeyOf: (url) => new URL(url).host, hostSlots: new HostSlots({ policyFor: () => ({ maxConcurrency: 1, minIntervalMs: 0, jitterMs: 0 }) }), clock: new ManualClock() });
    const stats = new Stats();
    const batch = 100;
    let yielded = 0;
    let peakOutstanding = 0;
    async function* counted() {
      for await (const output of spider.start()) {
        peakOutstanding = Math.max(peakOutstanding, yielded - stats.get('requests/planned'));
        yielded++;
        yield output;
      }
    }
    await seedFrontier(counted(), new RequestSink(frontier, stats, batch, () => {}), stats, pino({ enabled: false }), new AbortController().signal);
    expect([yielded, stats.get('requests/planned'), (await frontier.summary()).pending]).toEqual([2400, 2400, 2400]);
    expect(peakOutstanding).toBeLessThanOrEqual(batch);
    await frontier.close();
  });
});
