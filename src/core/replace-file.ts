// Replaces a file's content whole: written beside it under a hidden name, then renamed over it.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * A hidden name in the file's own directory (a rename is atomic only within one file system), unique to this
 * process, and ending so that no reader globbing for the file's extension takes it for the file.
 */
export function tempPathBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
}

/**
 * Written in place, a write cut short (kill -9, a full disk, a file-size limit) left the first part of the new
 * content where the whole old one had been. Here a reader sees the old file or the whole new one; on a failure
 * the hidden file is removed and the error thrown as the file system gave it. Flushed before the rename, so
 * a power loss cannot leave the new name on unwritten blocks either.
 */
export function replaceFile(path: string, content: string): void {
  const temp = tempPathBeside(path);
  try {
    writeFileSync(temp, content, { flush: true });
    renameSync(temp, path);
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
