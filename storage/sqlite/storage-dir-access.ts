// Whether this user may write a storage dir's SQLite files: a command that only reads opens them read-only where it may not.
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SqliteAccess } from './open-storage-db';

/**
 * Where the user may write, a reading command opens the files as it always has (a file from an older
 * pricecrawl gets its new columns, as a crawl would give them); where it may not (another uid, a read-only
 * mount or snapshot), read-only, as they are. Asked of the kernel (access(2)), so a read-only mount says no
 * to root as well. A dir not there yet is left to the writer, which refuses or creates it as before.
 */
export function readingAccess(dir: string): SqliteAccess {
  if (!existsSync(dir)) return 'write';
  const files = readdirSync(dir).filter((name) => name.includes('.sqlite')).map((name) => join(dir, name));
  return [dir, ...files].every(mayWrite) ? 'write' : 'read';
}

function mayWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
