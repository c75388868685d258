// `pricecrawl export -O` or `-o` killed with SIGKILL part-way: the feed is the previous one or the whole new one, never a part.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toStoredItem } from '../../src/pipeline/stored-item';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { source, tempDir } from '../pipeline/pipeline-fixtures';

const ITEMS = 20_000;
const PREVIOUS = '[\n{"sku":"yesterday","price":"9.99"}\n]\n';

/**
 * Before, -O truncated the feed at once and wrote the run into it batch by batch: an export killed part-way
 * (or stopped by a full disk) left a well-formed JSON array holding part of the run, or none of it, where
 * yesterday's complete feed had been; a reader had no way to tell.
 */
describe.each([
  ['-O', 'overwrites'],
  // Before, -o appended batch by batch into the feed itself: killed part-way, it left yesterday's records and
  // part of the run as a well-formed JSON array, and the export run again appended that part a second time.
  ['-o', 'appends to'],
])('an export (%s: %s the feed) killed part-way', (flag) => {
  const tmp = tempDir('export-kill');
  const out = join(tmp.dir, 'out');
  const feed = join(out, 'prices.json');
  let exitSignal: NodeJS.Signals | null;
  const whole = flag === '-O' ? ITEMS : ITEMS + 1;

  beforeAll(async () => {
    const store = SqliteItemStore.open(tmp.dir);
    for (let at = 0; at < ITEMS; at += 1000) {
      const batch = Array.from({ length: 1000 }, (_, i) => toStoredItem({ sku: `S-${at + i}`, price: '1.00', currency: 'EUR' }, source({ runId: 'big' })));
      await store.writeBatch(batch);
    }
    await store.close();
    mkdirSync(out);
    writeFileSync(feed, PREVIOUS);
    const child = spawn(process.execPath, ['bin/pricecrawl.js', 'export', 'big', flag, feed, '--storage', tmp.dir], { stdio: 'ignore' });
    // The first change in the feed's directory (the store is elsewhere) is the export's first write: killed right then.
    const watcher = watch(out, () => {
      watcher.close();
      child.kill('SIGKILL');
    });
    [, exitSignal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    watcher.close();
  });
  afterAll(() => tmp.cleanup());

  it('was killed', () => {
    expect(exitSignal).toBe('SIGKILL');
  });

  it('leaves the previous feed in place, or the complete new one', () => {
    const text = readFileSync(feed, 'utf8');
    if (text === PREVIOUS) return;
    expect((JSON.parse(text) as unknown[]).length).toBe(whole);
  });

  it('leaves no file a feed reader would take for a feed', () => {
    expect(readdirSync(out).filter((name) => name.endsWith('.json'))).toEqual(['prices.json']);
  });
});
