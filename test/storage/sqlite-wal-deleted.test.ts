// A store file's -wal deleted under an open connection: the next commit is refused, and what was acknowledged before survives a crash.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_MOVED_CODE } from '../../src/engine/storage-failure';
import { tempStorageDir } from '../support/test-crawl';

/** Runs the child to its SIGKILL; answers the line it printed. */
function runChild(file: string): Promise<{ acknowledged: number; refused: unknown }> {
  const child = fileURLToPath(new URL('./wal-deleted-child.ts', import.meta.url));
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', child, file], { cwd: process.cwd() }, (_error, stdout) => resolve(JSON.parse(stdout) as { acknowledged: number; refused: unknown }));
  });
}

describe('a store file whose -wal is deleted while a connection has it open', () => {
  const storage = tempStorageDir('wal-deleted');
  afterAll(() => storage.cleanup());

  it('refuses the next commit and keeps every acknowledged row through a kill -9 right after', async () => {
    const file = join(storage.dir, 'items.sqlite');
    const { acknowledged, refused } = await runChild(file);
    // Before, the commit went into the deleted log unrefused, and the kill took every row and the table with it.
    expect({ acknowledged, refused }).toEqual({ acknowledged: 10, refused: FILE_MOVED_CODE });
    const db = new Database(file, { readonly: true });
    try {
      expect(db.prepare('SELECT n FROM t WHERE n <= 10 ORDER BY n').pluck().all()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    } finally {
      db.close();
    }
  });
});
