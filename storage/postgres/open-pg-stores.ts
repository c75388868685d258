// The PostgreSQL backends the composition root opens (storage/open-backends.ts imports this file on
// demand, so an embedded crawl never loads the driver): stores, run records and the scheduler's lock.
import { maskSecretsInText } from '../../src/core/mask-secrets';
import type { CrawlStores } from '../../src/ports/crawl-stores';
import type { RunRecordStore, ScheduleLock } from '../../src/ports/run-record-store';
import { LazyCrawlStores } from '../crawl-stores';
import { PgBlobStore } from './pg-blob-store';
import { PgCatalogStore } from './pg-catalog-store';
import { connectPostgres, type Sql } from './pg-connection';
import { PgFetchLog } from './pg-fetch-log';
import { PgItemStore } from './pg-item-store';
import { migrate } from './pg-migrations';
import { PgPriceHistory } from './pg-price-history';
import { PgRunRecordStore } from './pg-run-records';
import { PgScheduleLock } from './pg-schedule-lock';
import { AnswerLimit, markUnreachable } from './pg-unreachable';

/** A pool with pending migrations applied, so a bad URL fails at start; `where` is the URL without its password. */
async function connectMigrated(url: string, max?: number): Promise<{ sql: Sql; where: string }> {
  const sql = connectPostgres(url, { max });
  const where = maskSecretsInText(url);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw new Error(`storage.url ${where}: ${(error as Error).message}`, { cause: error });
  }
  return { sql, where };
}

/** `answerTimeoutMs`: one limit for the pool's five stores (storage.answerTimeoutMs; none when left out). */
export async function openPgStores(url: string, answerTimeoutMs?: number): Promise<CrawlStores> {
  const { sql, where } = await connectMigrated(url);
  const limit = answerTimeoutMs === undefined ? undefined : new AnswerLimit(answerTimeoutMs);
  return new LazyCrawlStores('postgres', where, {
    items: () => markUnreachable(new PgItemStore(sql), where, limit),
    history: () => markUnreachable(new PgPriceHistory(sql), where, limit),
    fetchLog: () => markUnreachable(new PgFetchLog(sql), where, limit),
    blobs: () => markUnreachable(new PgBlobStore(sql), where, limit),
    catalog: () => markUnreachable(new PgCatalogStore(sql), where, limit),
  }, () => sql.end({ timeout: 5 }));
}

export async function openPgRunRecords(url: string, answerTimeoutMs?: number): Promise<RunRecordStore> {
  const { sql, where } = await connectMigrated(url, 1);
  const limit = answerTimeoutMs === undefined ? undefined : new AnswerLimit(answerTimeoutMs);
  return markUnreachable(new PgRunRecordStore(sql, () => sql.end({ timeout: 5 })), where, limit);
}

export async function openPgScheduleLock(url: string): Promise<ScheduleLock> {
  const { sql } = await connectMigrated(url, 1);
  return new PgScheduleLock(sql, () => sql.end({ timeout: 5 }));
}
