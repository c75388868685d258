// Opening a store file switches it to WAL; another process holding the file's lock at that moment must not fail the open.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openStorageDb } from '../../storage/sqlite/open-storage-db';
import { tempStorageDir } from '../support/test-crawl';

/** A second process that holds a write transaction on `file` for `holdMs` and says when it holds it. */
const WRITER = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
db.exec('BEGIN IMMEDIATE');
db.exec('INSERT INTO old VALUES (1)');
process.stdout.write('writing\\n');
setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[3]));
`;

describe('switching a store file to WAL while another process writes it', () => {
  const storage = tempStorageDir('wal-switch');
  afterAll(() => storage.cleanup());

  it('waits for the write to end instead of failing at once with "database is locked" (a crawl and a worker starting together)', async () => {
    const file = join(storage.dir, 'items.sqlite');
    // A file made before WAL (rollback journal), as every new file is until its first opener switches it.
    const made = new Database(file);
    made.exec('CREATE TABLE old (a)');
    made.close();
    const writer = spawn(process.execPath, ['-e', WRITER, require.resolve('better-sqlite3'), file, '300'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(writer.stdout, 'data')) as [Buffer];
    expect(line.toString()).toBe('writing\n');
    const db = openStorageDb(storage.dir, 'items.sqlite', 'CREATE TABLE IF NOT EXISTS items (a)');
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
      await once(writer, 'exit');
    }
  });
});
