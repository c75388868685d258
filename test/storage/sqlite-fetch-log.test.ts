// SqliteFetchLog group commit: batches of 256 or 250 ms, reads see unflushed rows, close makes every row durable once.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FetchLogRow } from '../../src/ports/fetch-log';
import { SqliteFetchLog } from '../../storage/sqlite/sqlite-fetch-log';
import { tempDir } from '../pipeline/pipeline-fixtures';

const row = (n: number, runId = 'run-1'): FetchLogRow => ({
  runId,
  spider: 'shop',
  requestId: `req-${n}`,
  url: `http://shop.test/p/${n}`,
  finalUrl: `http://shop.test/p/${n}`,
  host: 'shop.test:80',
  status: 200,
  attempt: 0,
  sessionId: null,
  proxyId: null,
  retryAfter: null,
  rawHash: 'ab'.repeat(32),
  bytes: 1000 + n,
  durationMs: 5,
  outcome: 'response',
  fetchedAtMs: 1_700_000_000_000 + n,
});

/** What another connection (another process, `pricecrawl report`) sees committed in the file. */
function committedIds(dir: string, runId = 'run-1'): string[] {
  const reader = new Database(join(dir, 'fetch-log.sqlite'), { readonly: true });
  try {
    return (reader.prepare('SELECT request_id AS requestId FROM fetch_log WHERE run_id = ? ORDER BY fetch_log.id').all(runId) as { requestId: string }[]).map((r) => r.requestId);
  } finally {
    reader.close();
  }
}

const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `req-${from + i}`);

describe('SqliteFetchLog group commit', () => {
  let tmp: ReturnType<typeof tempDir>;

  beforeEach(() => {
    tmp = tempDir('fetch-log');
  });
  afterEach(() => {
    vi.useRealTimers();
    tmp.cleanup();
  });

  it('shows unflushed rows to its own reads, in record order, and commits them for others only then', async () => {
    const log = SqliteFetchLog.open(tmp.dir);
    try {
      for (let n = 0; n < 3; n += 1) log.record(row(n));
      expect(committedIds(tmp.dir)).toEqual([]);
      const read = await log.rows('run-1');
      expect(read).toEqual([row(0), row(1), row(2)]);
      expect(committedIds(tmp.dir)).toEqual(ids(0, 3));
    } finally {
      await log.close();
    }
  });

  it('commits a full batch of 256 at once and the rest after 250 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const log = SqliteFetchLog.open(tmp.dir);
    try {
      for (let n = 0; n < 300; n += 1) log.record(row(n));
      expect(committedIds(tmp.dir)).toEqual(ids(0, 256));
      vi.advanceTimersByTime(249);
      expect(committedIds(tmp.dir)).toEqual(ids(0, 256));
      vi.advanceTimersByTime(1);
      expect(committedIds(tmp.dir)).toEqual(ids(0, 300));
    } finally {
      await log.close();
    }
  });

  it('loses and duplicates nothing across batches, reads, runs and a close, and the rows survive a reopen', async () => {
    const log = SqliteFetchLog.open(tmp.dir);
    for (let n = 0; n < 600; n += 1) {
      log.record(row(n, n % 3 === 0 ? 'run-2' : 'run-1'));
      // Reads in the middle of a batch must not write its rows twice.
      if (n === 100 || n === 400) await log.rows('run-1');
    }
    await log.flush();
    for (let n = 600; n < 700; n += 1) log.record(row(n, 'run-1'));
    await log.close();
    await log.close();

    const reopened = SqliteFetchLog.open(tmp.dir);
    try {
      const all = Array.from({ length: 700 }, (_, n) => row(n, n < 600 && n % 3 === 0 ? 'run-2' : 'run-1'));
      expect(await reopened.rows('run-1')).toEqual(all.filter((r) => r.runId === 'run-1'));
      expect(await reopened.rows('run-2')).toEqual(all.filter((r) => r.runId === 'run-2'));
      expect(committedIds(tmp.dir, 'run-1').length + committedIds(tmp.dir, 'run-2').length).toBe(700);
    } finally {
      await reopened.close();
    }
  });
});
