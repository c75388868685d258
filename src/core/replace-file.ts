// Replaces a file's content whole: written beside it under a hidden name, then renamed over it.
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileToReplace } from './file-to-replace';
import { isPidAlive, thisHostname } from './process-alive';

const TEMP_END = '.partial';

/**
 * A hidden name in the file's own directory (a rename is atomic only within one file system), unique to this
 * process on this machine (`.<name>.<pid>@<host>.partial`), and ending so that no reader globbing for the
 * file's extension takes it for the file. Taking one first removes what earlier writes of the same file that
 * were killed (kill -9, a power loss) left beside it: each had a name of its own, so every crashed export to a
 * feed left one more copy of the feed behind, for ever.
 */
export function tempPathBeside(path: string): string {
  removeLeftoversBeside(path);
  return join(dirname(path), `.${basename(path)}.${process.pid}@${thisHostname}${TEMP_END}`);
}

/**
 * Only a writer that is gone: a live one (another export to the same feed at this moment) still needs its
 * file. A writer on another machine (a shared folder) cannot be checked from here, so its file stays; names
 * without a host are from versions before the host was in them, written on the machine that keeps the folder.
 */
function removeLeftoversBeside(path: string): void {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // no folder yet: the write itself says why it cannot be made
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(TEMP_END)) continue;
    const writer = /^(\d+)(?:@(.+))?$/.exec(name.slice(prefix.length, -TEMP_END.length));
    if (writer === null || (writer[2] ?? thisHostname) !== thisHostname || isPidAlive(Number(writer[1]))) continue;
    rmSync(join(dir, name), { force: true });
  }
}

/**
 * Written in place, a write cut short (kill -9, a full disk, a file-size limit) left the first part of the new
 * content where the whole old one had been. Here a reader sees the old file or the whole new one; on a failure
 * the hidden file is removed and the error thrown as the file system gave it. Flushed before the rename, so
 * a power loss cannot leave the new name on unwritten blocks either. A symlink's file is replaced, not the link (fileToReplace).
 */
export function replaceFile(path: string, content: string): void {
  const target = fileToReplace(path);
  const temp = tempPathBeside(target);
  try {
    writeFileSync(temp, content, { flush: true });
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/** What a failed file write names as its cause: the file system's code (`ENOSPC`, `EFBIG`) from the error or its causes, else its message. */
export function writeFailureReason(error: unknown): string {
  for (let at = error, depth = 0; at instanceof Error && depth < 8; at = at.cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return error instanceof Error ? error.message : String(error);
}
