// An export killed mid-write (kill -9) leaves its hidden copy of the feed behind; the next write of the same feed
// removes it, while the copies of writers still alive (or on another machine of a shared folder) stay.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '../../src/core/money';
import { thisHostname } from '../../src/core/process-alive';
import { exportItems } from '../../src/app/export/export-items';
import { parseFeedSpec } from '../../src/app/export/feed-spec';
import { toStoredItem } from '../../src/pipeline/stored-item';
import { SqliteItemStore } from '../../storage/sqlite/sqlite-item-store';
import { source, tempDir } from '../pipeline/pipeline-fixtures';

const ITEMS = 20_000; // enough that the export is still writing when its hidden file appears
const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.partial'));

describe('hidden copies of killed exports', () => {
  let tmp: ReturnType<typeof tempDir>;
  let store: SqliteItemStore;

  beforeEach(async () => {
    tmp = tempDir('export-leftovers');
    store = SqliteItemStore.open(tmp.dir);
    const items = Array.from({ length: ITEMS }, (_, i) => toStoredItem({ sku: `S-${i}`, price: new Decimal('1.00'), currency: 'EUR' }, source({ runId: 'run-1' })));
    await store.writeBatch(items);
  });
  afterEach(async () => {
    await store.close();
    tmp.cleanup();
  });

  it('are removed by the next export to the same feed, which writes the whole run once', async () => {
    const feed = join(tmp.dir, 'feed.jsonl');
    const exportProcess = () => spawn(process.execPath, ['bin/pricecrawl.js', 'export', 'run-1', '-o', feed, '--storage', tmp.dir], { stdio: 'ignore' });
    for (let crash = 0; crash < 2; crash++) {
      const child = exportProcess();
      const exited = once(child, 'exit');
      const watcher = watch(tmp.dir, (_event, name) => {
        // Its own hidden file made, not an earlier one removed.
        if (name?.endsWith('.partial') && existsSync(join(tmp.dir, name))) child.kill('SIGKILL');
      });
      const [code, signal] = (await exited) as [number | null, string | null];
      watcher.close();
      expect([code, signal]).toEqual([null, 'SIGKILL']);
    }
    expect(leftovers(tmp.dir).length).toBeGreaterThan(0); // before: one per killed export, never removed
    const [code] = (await once(exportProcess(), 'exit')) as [number];
    expect(code).toBe(0);
    expect(leftovers(tmp.dir)).toEqual([]);
    expect(readFileSync(feed, 'utf8').trimEnd().split('\n')).toHaveLength(ITEMS);
  });

  it('stay while their writer lives, or when it wrote from another machine', async () => {
    const feed = join(tmp.dir, 'live.jsonl');
    // The parent (vitest's) is alive; this process's own name is the one the export writes and renames.
    const live = [`.live.jsonl.${process.ppid}@${thisHostname}.partial`, `.live.jsonl.${process.ppid}.partial`, '.live.jsonl.1@another-machine.partial'];
    for (const name of live) writeFileSync(join(tmp.dir, name), '{"half":');
    await exportItems(store, 'run-1', parseFeedSpec(feed, 'overwrite'));
    expect(leftovers(tmp.dir).sort()).toEqual([...live].sort());
  });
});
