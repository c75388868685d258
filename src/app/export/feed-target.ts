// Where an export's feed is written: the file its path names through symlinks; a path naming no file (a FIFO, a device) refused.
import type { Stats } from 'node:fs';
import { lstat, readlink, realpath, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { FeedUnusableError } from './feed-file';

/**
 * The path an export writes and renames over. Why: the rename replaced whatever the path was. A symlink
 * (`feeds/latest.csv` naming a shared file) became a file of its own and the shared one never changed; a FIFO
 * or `/dev/stdout` (a link to a pipe or a terminal) got nothing, the export said it was written, and as root the
 * link `/dev/stdout` itself was replaced by a file. A link is followed, as a shell's redirection does; a path
 * that names no regular file is refused: a feed is a file a reader sees whole or not at all.
 */
export async function feedTarget(path: string): Promise<string> {
  let target: string;
  let found: Stats | null;
  try {
    target = await linkTarget(path);
    found = await stat(target).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)));
  } catch (error) {
    throw new FeedUnusableError(`${path}: ${(error as Error).message}`);
  }
  if (found !== null && !found.isFile()) {
    throw new FeedUnusableError(`${path} is ${kindOf(found)}, not a file: an export writes a file and replaces it whole; give the path of a file`);
  }
  return target;
}

/** The file a path names through every link; a link to a file not there yet names that file, which the export creates. */
async function linkTarget(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const link = await lstat(path).catch(() => null);
  return link?.isSymbolicLink() ? linkTarget(resolve(dirname(path), await readlink(path))) : path;
}

function kindOf(found: Stats): string {
  if (found.isFIFO()) return 'a FIFO';
  if (found.isCharacterDevice()) return 'a character device (a terminal?)';
  if (found.isDirectory()) return 'a directory';
  if (found.isSocket()) return 'a socket';
  return 'no regular file';
}
