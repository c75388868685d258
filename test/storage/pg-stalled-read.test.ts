// A PostgreSQL server that stops answering while a run's items are being read page by page: the read fails as unreachable.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '../../storage/open-backends';
import type { StoredItem } from '../../src/ports/item-store';
import { startPostgres, type PostgresServer } from '../support/postgres-server';

/** More than one page of iterateItems (500 rows a round trip), so the stall falls on a query of its own. */
const ITEMS = 600;

function item(n: number): StoredItem {
  return {
    runId: 'stalled-read', spider: 'shop', key: `shop.example sku-${n}`, site: 'shop.example', requestId: `r${n}`,
    url: `https://shop.example/p/${n}`, sku: `sku-${n}`, price: `${n}.99`, currency: 'EUR', rawHash: 'h', pricing: '{}',
    data: { sku: `sku-${n}` }, scrapedAtMs: 1_700_000_000_000 + n,
  };
}

describe('reading a run\'s items from a PostgreSQL server that stops answering', () => {
  let pg: PostgresServer;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  /**
   * The catalog update, the report and exports read with iterateItems. Its pages are queries the store's
   * answer limit did not cover (the stream returns no promise): with the server's backend stopped between
   * two pages the next page waited for ever, and the run's end or `pricecrawl export` hung without a word.
   */
  it('fails the next page as STORE_UNREACHABLE (NO_ANSWER) after storage.answerTimeoutMs', async () => {
    const url = await pg.createDatabase('stalled_read');
    const stores = await openStores({ url, dir: '/nonexistent', answerTimeoutMs: 1000 });
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    const stopped: number[] = [];
    try {
      const items = stores.items();
      await items.writeBatch(Array.from({ length: ITEMS }, (_, n) => item(n)));
      const reading = items.iterateItems('stalled-read')[Symbol.asyncIterator]();
      const first = await reading.next();
      expect(first.value?.sku).toBe('sku-0');

      const backends = await admin<Array<{ pid: number }>>`SELECT pid FROM pg_stat_activity WHERE datname = 'stalled_read'`;
      expect(backends.length).toBeGreaterThan(0);
      for (const { pid } of backends) {
        process.kill(pid, 'SIGSTOP');
        stopped.push(pid);
      }
      let read = 1;
      const failure = await (async () => {
        for (;;) {
          const step = await reading.next();
          if (step.done) return null;
          read++;
        }
      })().catch((error: unknown) => error as Error & { code?: string });
      expect(read).toBe(500); // the first page, held in memory, was read through
      expect(failure?.code).toBe('STORE_UNREACHABLE');
      expect(failure?.message).toMatch(/^postgres:\/\/\S+\/stalled_read is unreachable \(NO_ANSWER no answer in 1000 ms\)$/);
    } finally {
      for (const pid of stopped) process.kill(pid, 'SIGCONT');
      await stores.close();
      await admin.end();
    }
  }, 60_000);
});
