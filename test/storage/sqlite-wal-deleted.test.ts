// A store file's -wal or -shm deleted under an open connection: the next commit is refused, and what was acknowledged before survives a crash.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_MOVED_CODE } from '../../src/engine/storage-failure';
import { enableWal } from '../../storage/sqlite/enable-wal';
import { assertFileInPlace } from '../../storage/sqlite/file-in-place';
import { openDbFile } from '../../storage/sqlite/open-db-file';
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

  it('refuses the next commit once the -shm is deleted: a process opening the file then would write the log over its commits', () => {
    const file = join(storage.dir, 'frontier.sqlite');
    const db = openDbFile(file);
    try {
      enableWal(db);
      db.exec('CREATE TABLE t (n INTEGER)');
      assertFileInPlace(db);
      rmSync(`${file}-shm`);
      db.exec('INSERT INTO t VALUES (1)');
      // Before, it passed: measured, a row another process committed after the deletion was gone once this one committed.
      expect(() => assertFileInPlace(db)).toThrow(expect.objectContaining({ code: FILE_MOVED_CODE, message: expect.stringMatching(/frontier\.sqlite-shm was deleted/) }));
    } finally {
      db.close();
    }
  });

  it('passes a file opened through a symlink, whose -wal and -shm SQLite puts beside the file it names', () => {
    mkdirSync(join(storage.dir, 'real'));
    mkdirSync(join(storage.dir, 'link'));
    writeFileSync(join(storage.dir, 'real', 'blobs.sqlite'), '');
    symlinkSync(join(storage.dir, 'real', 'blobs.sqlite'), join(storage.dir, 'link', 'blobs.sqlite'));
    const db = openDbFile(join(storage.dir, 'link', 'blobs.sqlite'));
    try {
      enableWal(db);
      db.exec('CREATE TABLE t (n INTEGER)');
      assertFileInPlace(db);
      db.exec('INSERT INTO t VALUES (1)');
      expect(() => assertFileInPlace(db)).not.toThrow();
    } finally {
      db.close();
    }
  });
});
