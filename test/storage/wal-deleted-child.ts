// Commits ten rows into a store file, deletes its -wal, commits once more, prints what was acknowledged and refused, and dies by SIGKILL.
import { rmSync } from 'node:fs';
import { enableWal } from '../../storage/sqlite/enable-wal';
import { assertFileInPlace } from '../../storage/sqlite/file-in-place';
import { openDbFile } from '../../storage/sqlite/open-db-file';

const file = process.argv[2];
const db = openDbFile(file);
enableWal(db);
db.exec('CREATE TABLE t (n INTEGER)');
const insert = db.prepare('INSERT INTO t VALUES (?)');
let acknowledged = 0;
/** As a store commits: the row is acknowledged only once the file is found in place after the commit. */
const commit = (n: number) => {
  insert.run(n);
  assertFileInPlace(db);
  acknowledged = n;
};
for (let n = 1; n <= 10; n++) commit(n);
rmSync(`${file}-wal`);
let refused: unknown = null;
try {
  commit(11);
} catch (error) {
  refused = (error as { code?: unknown }).code;
}
// No close: a crash right after the refusal, before the crawl's shutdown could close the file.
process.stdout.write(`${JSON.stringify({ acknowledged, refused })}\n`, () => process.kill(process.pid, 'SIGKILL'));
