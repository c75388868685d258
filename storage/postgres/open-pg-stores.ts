// Opens the PostgreSQL stores of a crawl: connects, applies pending migrations, and hands the parts to CrawlStores.
import { maskSecretsInText } from '../../src/core/mask-secrets';
import { CrawlStores } from '../open-stores';
import { PgBlobStore } from './pg-blob-store';
import { PgCatalogStore } from './pg-catalog-store';
import { connectPostgres } from './pg-connection';
import { PgFetchLog } from './pg-fetch-log';
import { PgItemStore } from './pg-item-store';
import { migrate } from './pg-migrations';
import { PgPriceHistory } from './pg-price-history';

/** Connects and applies pending migrations before resolving, so a bad URL fails at start. */
export async function openPgStores(url: string): Promise<CrawlStores> {
  const sql = connectPostgres(url);
  const where = maskSecretsInText(url);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw new Error(`storage.url ${where}: ${(error as Error).message}`, { cause: error });
  }
  return new CrawlStores('postgres', where, {
    items: () => new PgItemStore(sql),
    history: () => new PgPriceHistory(sql),
    fetchLog: () => new PgFetchLog(sql),
    blobs: () => new PgBlobStore(sql),
    catalog: () => new PgCatalogStore(sql),
  }, () => sql.end({ timeout: 5 }));
}
