// The PostgreSQL backends the composition root opens (storage/open-backends.ts imports this file on
// demand, so an embedded crawl never loads the driver): stores, run records and the scheduler's lock.
import { PricecrawlError } from '../../src/core/errors';
import { maskSecretsInText } from '../../src/core/mask-secrets';
import type { CrawlStores } from '../../src/ports/crawl-stores';
import type { RunRecordStore, ScheduleLock } from '../../src/ports/run-record-store';
import { LazyCrawlStores } from '../crawl-stores';
import { PgBlobStore } from './pg-blob-store';
import { PgCatalogStore } from './pg-catalog-store';
import { connectPostgres, type Sql } from './pg-connection';
import { freshLoginRefusal } from './pg-fresh-login';
import { endPoolOnConnectionLoss } from './pg-lost-pool';
import { PgFetchLog } from './pg-fetch-log';
import { PgItemStore } from './pg-item-store';
import { migrate } from './pg-migrations';
import { refuseAlteredMoneyColumns } from './pg-money-columns';
import { PgPriceHistory } from './pg-price-history';
import { RenewedPool } from './pg-renewed-pool';
import { PgRunRecordStore } from './pg-run-records';
import { PgScheduleLock } from './pg-schedule-lock';
import { PgWriteFence } from './pg-write-fence';
import { AnswerLimit, isConnectionFailure, markUnreachable, StoreUnreachableError } from './pg-unreachable';
import { isWriteRefusal, openWriteRefusal } from './pg-write-refusals';

/**
 * A pool with pending migrations applied, so a bad URL fails at start; `where` is the URL without its password.
 * The migration waits on a lock another process may hold (its own migration, its server backend stopped),
 * so it is bounded by the store's answer limit like any call. Price columns altered since are refused here.
 */
async function connectMigrated(url: string, answerTimeoutMs?: number, max?: number): Promise<{ sql: Sql; where: string }> {
  const sql = connectPostgres(url, { max });
  const where = maskSecretsInText(url);
  try {
    const ready = migrate(sql).then(() => refuseAlteredMoneyColumns(sql));
    await (answerTimeoutMs === undefined ? ready : new AnswerLimit(answerTimeoutMs).bound(ready));
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw openRefusal(where, error);
  }
  return { sql, where };
}

/**
 * A server that is down, stopped or unreachable is no bug of pricecrawl's: a refused start (exit 2, as an
 * unreachable Redis is), one line naming the masked URL. Before, `export`, `report`, `runs` and a crawl
 * ended on the driver's bare code ("write CONNECT_TIMEOUT 127.0.0.1:5432") with exit 1.
 */
function openRefusal(where: string, error: unknown): Error {
  if (isWriteRefusal(error)) return openWriteRefusal(where, error);
  // A refusal of ours (a schema newer than this build knows) keeps its code: exit 2, nothing written.
  if (error instanceof PricecrawlError) return new PricecrawlError(error.code, `storage.url ${where}: ${error.message}`, { cause: error });
  if (!isConnectionFailure(error)) return new Error(`storage.url ${where}: ${(error as Error).message}`, { cause: error });
  const unreachable = new StoreUnreachableError(`storage.url ${where}`, error);
  return new PricecrawlError('STORE_UNREACHABLE', `${unreachable.message}: start the server or fix storage.url, then run the command again`, { cause: error });
}

/** `answerTimeoutMs`: one limit for the pool's five stores (storage.answerTimeoutMs; none when left out). */
export async function openPgStores(url: string, answerTimeoutMs?: number): Promise<CrawlStores> {
  const { sql, where } = await connectMigrated(url, answerTimeoutMs);
  const limit = answerTimeoutMs === undefined ? undefined : new AnswerLimit(answerTimeoutMs);
  const lost = endPoolOnConnectionLoss(sql, () => freshLoginRefusal(url));
  // The fetch log and blobs are this run's own record and content-addressed bytes: left unfenced.
  const fence = new PgWriteFence();
  return new LazyCrawlStores('postgres', where, {
    items: () => markUnreachable(new PgItemStore(sql, fence), where, limit, lost),
    history: () => markUnreachable(new PgPriceHistory(sql, fence), where, limit, lost),
    fetchLog: () => markUnreachable(new PgFetchLog(sql), where, limit, lost),
    blobs: () => markUnreachable(new PgBlobStore(sql), where, limit, lost),
    catalog: () => markUnreachable(new PgCatalogStore(sql, fence), where, limit, lost),
  }, () => sql.end({ timeout: 5 }), (claim) => fence.hold(claim));
}

/**
 * One connection, replaced at a connection failure or an answer past `answerTimeoutMs`: the scheduler holds
 * these stores for its whole life (pg-renewed-pool.ts), so their limit bounds each call and never latches.
 */
async function renewedPool(url: string, answerTimeoutMs?: number): Promise<{ pool: RenewedPool; where: string }> {
  const { sql, where } = await connectMigrated(url, answerTimeoutMs, 1);
  return { pool: new RenewedPool(() => connectPostgres(url, { max: 1 }), { first: sql, answerTimeoutMs }), where };
}

export async function openPgRunRecords(url: string, answerTimeoutMs?: number): Promise<RunRecordStore> {
  const { pool, where } = await renewedPool(url, answerTimeoutMs);
  return markUnreachable(new PgRunRecordStore(pool), where);
}

/**
 * Bounded and marked like the stores: every crawl claims and frees its spider here, a claim waits on a row lock
 * another session may hold, and unbounded it hung the scheduler (or a crawl's release after the run had
 * stopped) without a word when that session or the server never answered.
 */
export async function openPgScheduleLock(url: string, answerTimeoutMs?: number, leaseMs?: number): Promise<ScheduleLock> {
  const { pool, where } = await renewedPool(url, answerTimeoutMs);
  return markUnreachable(new PgScheduleLock(pool, { leaseMs }), where);
}
