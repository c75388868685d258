// Recognises a store that cannot write (disk full, read-only, I/O error): the run must stop, not fail or re-fetch its requests.
import { codedErrors } from '../fetch/fetch-error-map';

/**
 * The filesystem's and SQLite's codes for "cannot write here" (EFBIG: past a file-size limit), whatever the
 * request, and the codes a server store gives its connection failures (STORE_UNREACHABLE, storage/postgres/pg-unreachable.ts)
 * and its refusals to take writes (STORE_REFUSED: a replica, a statement timeout, storage/postgres/pg-write-refusals.ts).
 */
const STORAGE_CODES = /^(ENOSPC|EDQUOT|EFBIG|EROFS|EIO|SQLITE_FULL|SQLITE_IOERR.*|SQLITE_READONLY.*|SQLITE_CANTOPEN|SQLITE_BUSY.*|SQLITE_ABORT_ROLLBACK|STORE_UNREACHABLE|STORE_REFUSED)$/;

/**
 * Another process held a file's write lock past the busy timeout (5 s). Why a storage failure: a frontier
 * write that failed so left a host slot reserved or a lease held in memory, and the crawl waited for ever
 * once the lock was gone; an item write burned the request's attempts re-fetching its page.
 */
export const LOCKED_CODE = /^SQLITE_BUSY/;

/** SQLite's own name for a database file deleted or replaced since its connection opened it (storage/sqlite/file-in-place.ts). */
export const FILE_MOVED_CODE = 'SQLITE_READONLY_DBMOVED';

/** The code that makes `error` a storage failure (`SQLITE_FULL`, `ENOSPC`), or null when it is something else. */
export function storageFailureCode(error: unknown): string | null {
  return codedErrors(error).find(({ code }) => STORAGE_CODES.test(code))?.code ?? null;
}
