// LiveFeed over real files and a real SQLite store: each key once per run, resume after a kill between a journal line and its feed write, other runs appending meanwhile.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { exportRecord } from '../../src/app/export/export-record';
import { FeedFile } from '../../src/app/export/feed-file';
import { FeedJournal } from '../../src/app/export/feed-journal';
import { parseFeedSpec } from '../../src/app/export/feed-spec';
import { LiveFeed } from '../../src/app/export/live-feed';
import { toStoredItem } from '../../src/pipeline/stored-item';
import type { StoredItem } from '../../src/ports/item-store';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { source, tempDir } from '../pipeline/pipeline-fixtures';
import { readSkus } from '../support/read-feed';

describe('LiveFeed', () => {
  let tmp: ReturnType<typeof tempDir>;
  let store: SqliteItemStore;
  const stored = (sku: string, price = '1.00'): StoredItem => toStoredItem({ sku, price: new Decimal(price), currency: 'EUR' }, source());
  const write = async (...items: StoredItem[]) => {
    await store.writeBatch(items);
    return items;
  };

  beforeEach(() => {
    tmp = tempDir('live-feed');
    store = SqliteItemStore.open(tmp.dir);
  });
  afterEach(async () => {
    await store.close();
    tmp.cleanup();
  });

  it('writes each key once per run: a later batch that upserts a key does not repeat it', async () => {
    const spec = parseFeedSpec(join(tmp.dir, 'feed.json'), 'append');
    const feed = await LiveFeed.open(spec);
    await feed.start('run-1', tmp.dir, store);
    await feed.write(await write(stored('A'), stored('B')));
    await feed.write(await write(stored('B', '2.00'), stored('C')));
    await feed.finish(store);
    const items = JSON.parse(readFileSync(spec.path, 'utf8')) as Array<{ sku: string; price: string }>;
    expect(items.map((i) => `${i.sku}=${i.price}`)).toEqual(['A=1.00', 'B=1.00', 'C=1.00']);
  });

  it.each(['json', 'xml', 'csv', 'jsonl'] as const)('%s: a resumed run keeps what a killed process wrote and writes what it noted but never wrote, each once', async (format) => {
    const spec = parseFeedSpec(join(tmp.dir, `feed.${format}`), 'append');
    const first = await LiveFeed.open(spec);
    await first.start('run-1', tmp.dir, store);
    await first.write(await write(stored('A'), stored('B')));
    await first.close();
    // The killed process had noted C and flushed it, then noted D and died before D's write.
    const journal = await FeedJournal.at(tmp.dir, spec.path);
    const raw = await FeedFile.open(spec);
    const c = await write(stored('C'));
    await raw.append(c.map(exportRecord), (mark) => journal.record('run-1', mark, c.map((item) => item.key)));
    const d = await write(stored('D'));
    const killed = raw.append(d.map(exportRecord), async (mark) => {
      await journal.record('run-1', mark, d.map((item) => item.key));
      throw new Error('killed');
    });
    await expect(killed).rejects.toThrow('killed');
    await raw.close();
    expect(readSkus(spec.path, format)).toEqual(['A', 'B', 'C']);

    const resumed = await LiveFeed.open(spec);
    await resumed.start('run-1', tmp.dir, store);
    await resumed.write(await write(stored('B', '9.00'), stored('E')));
    await resumed.finish(store);
    expect(readSkus(spec.path, format)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it.each([
    ['the same storage dir', false],
    ['another storage dir', true],
  ])('a killed run resumed after another run appended to its feed (%s): none of the other\'s records lost, none of its own repeated', async (_, elsewhere) => {
    // Before: from another storage dir the resume cut the feed back to its own last flush, and the other run's
    // records were gone; from the same one the other run's start deleted the killed run's journal, and the
    // resume wrote its records a second time.
    const path = join(tmp.dir, 'feed.jsonl');
    const otherDir = elsewhere ? join(tmp.dir, 'other') : tmp.dir;
    const other = elsewhere ? SqliteItemStore.open(otherDir) : store;
    try {
      const killed = await LiveFeed.open(parseFeedSpec(path, 'append'));
      await killed.start('run-1', tmp.dir, store);
      await killed.write(await write(stored('A'), stored('B')));
      await killed.close();
      const next = await LiveFeed.open(parseFeedSpec(path, 'append'));
      await next.start('run-2', otherDir, other);
      const theirs = [toStoredItem({ sku: 'Y', price: '3' }, source({ runId: 'run-2' }))];
      await other.writeBatch(theirs);
      await next.write(theirs);
      await next.finish(other);
      const resumed = await LiveFeed.open(parseFeedSpec(path, 'append'));
      await resumed.start('run-1', tmp.dir, store);
      await resumed.write(await write(stored('C')));
      await resumed.finish(store);
      expect(readSkus(path, 'jsonl')).toEqual(['A', 'B', 'Y', 'C']);
    } finally {
      if (elsewhere) await other.close();
    }
  });

  it('a new run appends after the earlier run\'s records; -O starts afresh', async () => {
    const path = join(tmp.dir, 'feed.xml');
    const one = await LiveFeed.open(parseFeedSpec(path, 'append'));
    await one.start('run-1', tmp.dir, store);
    await one.write(await write(stored('A')));
    await one.finish(store);
    const two = await LiveFeed.open(parseFeedSpec(path, 'append'));
    await two.start('run-2', tmp.dir, store);
    await two.write(await write(toStoredItem({ sku: 'Z', price: '3' }, source({ runId: 'run-2' }))));
    await two.finish(store);
    expect(readSkus(path, 'xml')).toEqual(['A', 'Z']);
    const fresh = await LiveFeed.open(parseFeedSpec(path, 'overwrite'));
    await fresh.start('run-2', tmp.dir, store);
    await fresh.finish(store);
    expect(readSkus(path, 'xml')).toEqual(['Z']);
  });
});
