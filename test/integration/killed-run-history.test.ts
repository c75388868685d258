// A crawl killed part-way and never resumed (a scheduled run the machine lost): the next run, a fresh one as the
// scheduler starts, records the price changes the killed run stored, instead of reading the new price as unchanged.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, it, vi } from 'vitest';
import { openStores } from '../../storage/open-backends';
import { catalogCliFixture } from '../support/catalog-cli-fixture';
import { catalogCrawler } from '../support/catalog-crawl-cli';
import { runRecordsJson } from '../support/run-cli';

/** Four cold CLI processes in one test: one run took 110 s on a machine at load 25, where 60 s timed another out. */
const TEST_TIMEOUT_MS = 180_000;

const { site: siteNow, storage, children } = catalogCliFixture('killed-run-history', { hosts: 1, productsPerHost: 3, perPage: 10 });

/** Resolves once the newest run in items.sqlite holds `count` items: those are durable, whatever happens next. */
async function itemsDurable(count: number): Promise<void> {
  const db = new Database(join(storage.dir, 'items.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const newest = db.prepare('SELECT count(*) FROM items WHERE run_id = (SELECT run_id FROM items ORDER BY id DESC LIMIT 1) AND sku IS NOT NULL').pluck();
    const first = db.prepare('SELECT run_id FROM items ORDER BY id LIMIT 1').pluck().get();
    const latest = db.prepare('SELECT run_id FROM items ORDER BY id DESC LIMIT 1').pluck();
    await vi.waitFor(() => {
      expect(latest.get()).not.toBe(first);
      expect(newest.get() as number).toBeGreaterThanOrEqual(count);
    }, { timeout: 60_000, interval: 20 });
  } finally {
    db.close();
  }
}

it('records the changes of a run killed before its end, at the end of the next fresh run', async () => {
  const site = siteNow();
  const crawl = catalogCrawler({ startUrls: () => site.startUrls, dir: storage.dir, intervalMs: 5, track: children.track });
  expect((await crawl()).code).toBe(0);
  const old = site.products.find((p) => p.sku === 'H0-P1')!.price;
  site.repriced.set('H0-P1', '1.23');
  // The callback of H0-P2 never returns: the run stores H0-P0 and H0-P1, then is killed with SIGKILL.
  const kill = (child: ChildProcess) => void itemsDurable(2).then(() => child.kill('SIGKILL'));
  const killed = await crawl(['-a', 'hangOn=H0-P2', '-s', 'politeness.maxConcurrencyPerHost=1'], kill);
  expect(killed.signal).toBe('SIGKILL');
  // The next run starts fresh (as the scheduler's next tick does) and sees 1.23 again: no change of its own.
  expect((await crawl()).code).toBe(0);
  const runs = await runRecordsJson(['--storage', storage.dir]);
  expect(runs.map((run) => run.outcome)).toEqual(['finished', 'crashed', 'finished']);
  const stores = await openStores({ dir: storage.dir });
  try {
    const changes = await stores.history().list({ spider: 'catalog' });
    expect(changes.map((c) => [c.sku, c.runId, c.oldPrice, c.newPrice])).toEqual([['H0-P1', runs[1].runId, old, '1.23']]);
  } finally {
    await stores.close();
  }
}, TEST_TIMEOUT_MS);
