// PostgreSQL's refusals of a statement that say nothing about the statement: the server will not take writes now.
import { PricecrawlError } from '../../src/core/errors';

/**
 * The SQLSTATEs an operated server answers while it keeps (or just ended) the session, with what an operator
 * reads from each. None says the batch was wrong: failed as the request's own, each one burned the
 * request's attempts re-fetching its page, or escaped the run raw (exit 1, the driver's text). The crawl now
 * stops resumable instead; nothing of the refused statement was written (it is one transaction).
 */
const REFUSALS: Record<string, string> = {
  '25006': 'the server takes no writes: a hot standby, a failover that left storage.url on a replica, or default_transaction_read_only set there; point storage.url at the primary',
  '57014': 'a statement was cancelled: statement_timeout set on the role or database, or an operator cancelled it',
  '55P03': 'a lock held by another session was not granted within lock_timeout',
  '25P03': 'the server ended the session: idle_in_transaction_session_timeout set on the role or database',
  '40001': 'serialization failures went on after every retry',
  '40P01': 'deadlocks went on after every retry',
  '42501': 'permission denied: the role lost its rights on the tables',
  // Class 53 is also a connection refusal (pg-unreachable.ts); disk full is named for what it is.
  '53100': "the server's disk is full (a tablespace or its WAL): free space there",
};
/** Class 58: the server's own system or I/O errors (a failing disk), whatever the statement. */
const SYSTEM_ERROR = /^58...$/;
/**
 * Class 42 names the statement, never a row: a table, column or function ours no longer finds (42P01, 42703,
 * 42883: renamed or dropped by someone's migration or cleanup). Read as one item's refusal, every page was
 * fetched up to retry.maxAttempts times and the run ended finished with every request failed, nothing to resume.
 */
const SCHEMA_CHANGED = /^42...$/;
const SCHEMA_MEANING = "the tables are not as this pricecrawl migrated them (a table, column or function renamed or dropped since): put them back, or point storage.url at a database of this pricecrawl's";

/** The code a store's write refusal carries (src/engine/storage-failure.ts reads it as a storage failure). */
export const STORE_REFUSED = 'STORE_REFUSED';

export class StoreRefusedError extends Error {
  readonly code = STORE_REFUSED;

  constructor(where: string, cause: Error & { code: string }) {
    const meaning = REFUSALS[cause.code] ?? (SCHEMA_CHANGED.test(cause.code) ? SCHEMA_MEANING : 'an I/O error on the server');
    super(`${where} refused the crawl's writes (${cause.code} ${cause.message}: ${meaning})`, { cause });
    this.name = 'StoreRefusedError';
  }
}

export function isWriteRefusal(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && (code in REFUSALS || SYSTEM_ERROR.test(code) || SCHEMA_CHANGED.test(code));
}

/** A refusal at open (the migration's first statement on a replica): the run is not created, exit 2. */
export function openWriteRefusal(where: string, error: Error & { code: string }): PricecrawlError {
  const refused = new StoreRefusedError(`storage.url ${where}`, error);
  return new PricecrawlError('STORE_REFUSED', `${refused.message}: nothing was written and no run was created; fix that, then run the command again`, { cause: refused });
}
