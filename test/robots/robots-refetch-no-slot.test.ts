// A page's part that meets its origin's file run out and gets no slot of the origin's host sends nothing: the origin's next page reads the file in its own slot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchWait, HopTargetError } from '../../src/core/errors';
import { CrawlRequest } from '../../src/core/request';
import { MemoryRobotsCache } from '../../storage/memory/memory-robots-cache';
import { FixtureServer } from '../support/fixture-server';
import { robotsWorker, type RobotsWorker } from './robots-worker';

const DAY_MS = 86_400_000;
const T0 = 1_800_000_000_000;

let shop: FixtureServer;
let worker: RobotsWorker;
let now = T0;

beforeAll(async () => {
  shop = await FixtureServer.start({ builtInRoutes: false });
  shop.route('/robots.txt', (_req, res) => void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /private/\n'));
  worker = robotsWorker(new MemoryRobotsCache(() => now), {});
});
afterAll(async () => {
  await worker.close();
  await shop.close();
});

describe('a part whose origin\'s file ran out, with no slot of that host to read it in', () => {
  it('sends nothing, is refused, and leaves the file due for the next page of the origin', async () => {
    expect(await worker.decide(shop.url('/p/1'), now)).toEqual({ type: 'continue' });
    now = T0 + DAY_MS + 1_000;
    // The page holds its host's one slot while it loads (RequestSlots.bookBeside refuses its own host at its cap).
    const ctx = { ...worker.context(shop.url('/p/1'), now), sideSlot: () => Promise.reject(new FetchWait('HOST_BUSY', 'at its cap', now)) };
    const page = new CrawlRequest({ url: shop.url('/p/1') });
    const refusal = (() => {
      try {
        worker.middleware.checkRedirect!(page, page.url, shop.url('/api/1'), ctx);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(HopTargetError);
    expect(refusal).toMatchObject({ code: 'ROBOTS_REFETCHING' });
    await (refusal as HopTargetError).whenKnown;
    // Before: the part's check fetched the file at once, whatever the host's slots said.
    expect(shop.requestsTo('/robots.txt')).toHaveLength(1);
    expect(worker.stats.get('robots/refetch-no-slot')).toBe(1);
    expect(await worker.decide(shop.url('/p/2'), now)).toEqual({ type: 'continue' });
    expect(shop.requestsTo('/robots.txt')).toHaveLength(2);
  });
});
