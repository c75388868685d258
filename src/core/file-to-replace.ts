// The file a write-and-rename replaces: its path followed through symlinks; a path naming no regular file (a FIFO, a device) refused.
import { lstatSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A path a replacing write refuses: it names no regular file. */
export class NotAFileError extends Error {}

/**
 * The path to write beside and rename over. Why: the rename replaced whatever the path was. A symlink
 * (`feeds/latest.csv` naming a shared file) became a file of its own and the shared one never changed; a FIFO
 * or `/dev/stdout` (a link to a pipe or a terminal) got nothing while the command said it was written, and as root
 * the link `/dev/stdout` itself was replaced by a file. A link is followed, as a shell's redirection does; a path
 * naming no regular file is refused: what is replaced whole must be a file.
 */
export function fileToReplace(path: string): string {
  const target = linkTarget(path);
  let found: Stats | undefined;
  try {
    found = statSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (found !== undefined && !found.isFile()) {
    throw new NotAFileError(`${path} is ${kindOf(found)}, not a file: it is written whole and renamed into place; give the path of a file`);
  }
  return target;
}

/** The file a path names through every link; a link to a file not there yet names that file, which the write creates. */
function linkTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  let link: Stats | undefined;
  try {
    link = lstatSync(path);
  } catch {
    return path;
  }
  return link.isSymbolicLink() ? linkTarget(resolve(dirname(path), readlinkSync(path))) : path;
}

function kindOf(found: Stats): string {
  if (found.isFIFO()) return 'a FIFO';
  if (found.isCharacterDevice()) return 'a character device (a terminal?)';
  if (found.isDirectory()) return 'a directory';
  if (found.isSocket()) return 'a socket';
  return 'no regular file';
}
