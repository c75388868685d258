// Recognises a store that cannot write (disk full, read-only, I/O error): the run must stop, not fail or re-fetch its requests.
import { codedErrors } from '../fetch/fetch-error-map';

/**
 * The filesystem's and SQLite's codes for "cannot write here" (EFBIG: past a file-size limit), whatever the
 * request, and the codes a server store gives its connection failures (STORE_UNREACHABLE, storage/postgres/pg-unreachable.ts)
 * and its refusals to take writes (STORE_REFUSED: a replica, a statement timeout, storage/postgres/pg-write-refusals.ts;
 * STORE_FENCED: the crawl's claim on the spider taken over, storage/postgres/pg-write-fence.ts).
 */
const STORAGE_CODES = /^(ENOSPC|EDQUOT|EFBIG|EROFS|EIO|SQLITE_FULL|SQLITE_IOERR.*|SQLITE_READONLY.*|SQLITE_CANTOPEN|SQLITE_BUSY.*|SQLITE_ABORT_ROLLBACK|STORE_UNREACHABLE|STORE_REFUSED|STORE_FENCED)$/;

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

/**
 * The stop reason a storage failure names for itself (a store refusing a claim taken over: `schedule/lock-lost`,
 * as the claim's own loss says), else the generic one.
 */
export function storageStopReason(error: unknown): string {
  for (let at: unknown = error, depth = 0; at !== null && typeof at === 'object' && depth < 8; at = (at as { cause?: unknown }).cause, depth++) {
    const { stopReason } = at as { stopReason?: unknown };
    if (typeof stopReason === 'string') return stopReason;
  }
  return 'storage failure';
}
