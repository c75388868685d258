// One crawl of a spider at a time on one store, manual or scheduled: a manual crawl beside the scheduler's run is
// refused (and the other way round), a holder killed with SIGKILL frees the spider, the scheduler's own run passes.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricecrawlError } from '../../src/core/errors';
import { openScheduleLock } from '../../storage/open-backends';
import { startCatalogSite, type CatalogSite } from '../support/catalog-site';
import { routeHeldList, type HeldList } from '../support/held-list';
import { CatalogSpider } from '../support/spiders/catalog-spider';
import { storeBackends, type StorePlace } from '../support/store-backends';
import { crawlInProcess } from '../support/test-crawl';

const { backends, start, stop } = storeBackends('spider-claim');
let site: CatalogSite;
const fast = { politeness: { minIntervalMs: 0, jitterMs: 0, maxConcurrencyPerHost: 4 }, pipeline: { batchMaxAgeMs: 20 }, robots: { obey: false } };
const idle: ChildProcess[] = [];

/** `/held-list`, held by each test while it needs a crawl mid-run. */
let holdList: () => HeldList;

beforeAll(async () => {
  await start();
  site = await startCatalogSite({ hosts: 1, productsPerHost: 2, perPage: 10 });
  holdList = routeHeldList(site.servers[0]);
});
afterAll(async () => {
  for (const child of idle) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await site?.close();
  await stop();
});

/** A live process of this machine that is not us: the pid a scheduled run's lock is handed to. */
async function idleProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'process.stdout.write("up\\n"); setInterval(() => {}, 1 << 30)'], { stdio: ['ignore', 'pipe', 'ignore'] });
  idle.push(child);
  await once(child.stdout!, 'data');
  return child;
}

describe.each(backends)('the spider claim on %s', (_name, place) => {
  let storage: StorePlace;
  const crawl = (startUrls = site.startUrls.join(','), runId?: string) =>
    crawlInProcess(new CatalogSpider({ startUrls }), storage.dir, fast, { storeUrl: storage.url, runId });
  const lockAt = () => openScheduleLock(storage);

  beforeAll(async () => {
    storage = await place();
  });

  it('a manual crawl is refused while a scheduled run of the spider holds it, and runs once that holder was killed', async () => {
    const holder = await idleProcess();
    const lock = await lockAt();
    try {
      expect(await lock.tryLock('catalog', 'scheduled-run', holder.pid!, Date.now())).toMatchObject({ ok: true });
      const before = site.servers[0].requests.length;
      const refusal = await crawl().then(() => null, (error: unknown) => error);
      expect(refusal).toBeInstanceOf(PricecrawlError);
      expect((refusal as PricecrawlError).code).toBe('SPIDER_IN_USE');
      expect((refusal as Error).message).toContain(`by process ${holder.pid} `);
      expect(site.servers[0].requests.length).toBe(before); // not one request sent beside the scheduled run
      holder.kill('SIGKILL');
      await once(holder, 'exit');
      const { summary } = await crawl();
      expect([summary.status, summary.ledger.succeeded]).toEqual(['finished', 3]);
    } finally {
      await lock.close();
    }
  });

  it('the scheduler\'s tick is refused while a manual crawl runs, and claims the spider once it ended', async () => {
    const { arrival, release } = holdList();
    const manual = crawl(site.servers[0].url('/held-list'));
    await arrival; // the manual crawl is sending
    const lock = await lockAt();
    try {
      const tick = await lock.tryLock('catalog', 'tick-1', process.pid, Date.now());
      expect(tick.ok).toBe(false);
      release();
      expect((await manual).summary.status).toBe('finished');
      expect(await lock.tryLock('catalog', 'tick-2', process.pid, Date.now())).toMatchObject({ ok: true });
      await lock.unlock('catalog', 'tick-2');
    } finally {
      release();
      await lock.close();
    }
  });

  /** Writes the start time the lock row holds for its holder: another value is another process under the same pid. */
  async function setHolderStartTicks(spider: string, ticks: string): Promise<void> {
    if (storage.url === undefined) {
      const db = new Database(join(storage.dir, 'frontier.sqlite'));
      try {
        db.prepare('UPDATE schedule_locks SET start_ticks = ? WHERE spider = ?').run(ticks, spider);
      } finally {
        db.close();
      }
      return;
    }
    const sql = postgres(storage.url, { max: 1, onnotice: () => undefined });
    await sql`UPDATE schedule_locks SET start_ticks = ${ticks} WHERE spider = ${spider}`.finally(() => sql.end({ timeout: 1 }));
  }

  it('a holder whose pid the kernel gave to another process since it died holds nothing; a live holder still holds', async () => {
    const holder = await idleProcess();
    const lock = await lockAt();
    try {
      expect(await lock.tryLock('reused', 'first-run', holder.pid!, Date.now())).toMatchObject({ ok: true });
      expect((await lock.tryLock('reused', 'second-run', process.pid, Date.now())).ok).toBe(false); // its process lives
      // As after the holder's kill -9 and the pid's reuse: the pid lives, but as a process started at another time.
      await setHolderStartTicks('reused', '1');
      expect(await lock.tryLock('reused', 'third-run', process.pid, Date.now())).toMatchObject({ ok: true });
      await lock.unlock('reused', 'third-run');
    } finally {
      await lock.close();
    }
  });

  it('the run a scheduler claimed the spider for is that claim\'s own, and frees the spider when it ends', async () => {
    const lock = await lockAt();
    try {
      // As the scheduler does: claim for the run id it passes to the child with --run, then hand the claim over.
      const runId = '20260101T000000Z-abcdef';
      expect(await lock.tryLock('catalog', runId, process.pid, Date.now())).toMatchObject({ ok: true });
      const { summary } = await crawl(undefined, runId);
      expect([summary.runId, summary.status]).toEqual([runId, 'finished']);
      expect(await lock.tryLock('catalog', 'next-tick', process.pid, Date.now())).toMatchObject({ ok: true });
      await lock.unlock('catalog', 'next-tick');
    } finally {
      await lock.close();
    }
  });
});
