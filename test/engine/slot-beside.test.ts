// A slot beside a request's own (a robots.txt read again for a page's part): another host's is waited for at its cap, the request's own host's is refused at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FetchWait } from '../../src/core/errors';
import { RequestSlots } from '../../src/engine/request-slots';
import { hostKeyOf } from '../../src/politeness/host-key';
import type { SqliteFrontier } from '../../storage/sqlite/sqlite-frontier';
import { expectLease, openFrontier, req, tempDir } from '../frontier/frontier-fixture';

const deadline = () => ({ signal: new AbortController().signal, remainingMs: () => 30_000 });

describe('RequestSlots.bookBeside', () => {
  let dir: ReturnType<typeof tempDir>;
  let frontier: SqliteFrontier;
  beforeEach(async () => {
    dir = tempDir();
    ({ frontier } = openFrontier(dir.dir, { maxConcurrency: 1 }));
    await frontier.add([req('http://shop.test/p/1'), req('http://api.test/item/1')]);
  });
  afterEach(async () => {
    await frontier.close();
    dir.cleanup();
  });

  const leaseOf = async (host: string) => {
    for (;;) {
      const lease = expectLease(frontier.next(Date.now()));
      if (lease.hostKey === host) return lease;
    }
  };

  it("waits for another host's slot while that host is at its cap, and holds it until released", async () => {
    const page = await leaseOf('shop.test');
    const api = await leaseOf('api.test');
    const slots = new RequestSlots(page, frontier, (url) => hostKeyOf(url, 'host'), () => undefined);
    const beside = slots.bookBeside('http://api.test/robots.txt', deadline());
    // The API's own page answers: its slot is free, and the robots.txt beside the shop page takes it.
    api.markSent();
    api.releaseSlot();
    const slot = await beside;
    slot.markSent();
    expect(frontier.bookHop('api.test', Date.now())).toBeNull();
    slot.releaseSlot();
    expect(frontier.bookHop('api.test', Date.now())).not.toBeNull();
  });

  it("refuses the request's own host at its cap at once: its slot is the request's until it answers", async () => {
    const page = await leaseOf('shop.test');
    const slots = new RequestSlots(page, frontier, (url) => hostKeyOf(url, 'host'), () => undefined);
    const beside = slots.bookBeside('http://shop.test/robots.txt', deadline());
    // Freed right after the ask: a booking that waited at the cap would get it now (it did not: the page holds it while it loads).
    page.releaseSlot();
    const refused = await beside.then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(FetchWait);
    expect(refused).toMatchObject({ code: 'HOST_BUSY' });
  });
});
