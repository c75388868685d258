// A PostgreSQL database whose price columns someone altered between runs (to an integer, a float, a NUMERIC with a scale): the stores refuse to open instead of writing prices rounded.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgStores } from '../../storage/postgres/open-pg-stores';
import { startPostgres, type PostgresServer } from '../support/postgres-server';

/** A column and the type a DBA's cleanup gave it; each one takes '19.99' without an error and keeps something else. */
const ALTERED = [
  { table: 'items', column: 'price', type: 'integer' },
  { table: 'items', column: 'price', type: 'numeric(10,0)' },
  { table: 'price_changes', column: 'new_price', type: 'double precision' },
  { table: 'sku_catalog', column: 'last_price', type: 'real' },
  { table: 'price_observations', column: 'price', type: 'numeric(12,1)' },
];

describe('a PostgreSQL store whose price columns were altered since it was migrated', { timeout: 120_000 }, () => {
  let pg: PostgresServer;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  /**
   * Before: the stores opened (the migrations were all recorded as applied) and the item upsert's NUMERIC
   * was cast to the column's type on assignment: '19.99' was stored as 20 (integer, numeric(10,0)) and read
   * back so, the run ended clean with every price wrong.
   */
  it.each(ALTERED.map((altered) => [`${altered.table}.${altered.column} as ${altered.type}`, altered] as const))('%s: the open is refused as STORE_REFUSED, naming the column', async (_name, { table, column, type }) => {
    const url = await pg.createDatabase(`altered_${table}_${type.replace(/\W+/g, '_')}`);
    await (await openPgStores(url)).close();
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`ALTER TABLE ${table} ALTER COLUMN ${column} TYPE ${type}`);
    } finally {
      await admin.end();
    }
    const opened = openPgStores(url);
    await expect(opened).rejects.toMatchObject({ code: 'STORE_REFUSED' });
    await expect(opened).rejects.toThrow(`${table}.${column}`);
  });

  it('the same database with its price columns as migrated opens', async () => {
    const url = await pg.createDatabase('as_migrated');
    await (await openPgStores(url)).close();
    const stores = await openPgStores(url);
    await stores.close();
  });
});
