// Checks at open that every price column is still an unconstrained NUMERIC: any other type would take a price and keep another value.
import { PricecrawlError } from '../../src/core/errors';
import type { Sql } from './pg-connection';

/** Every column the migrations made for a price; NUMERIC without precision or scale keeps '19.99' as written. */
const MONEY_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['items', 'price'],
  ['price_changes', 'old_price'],
  ['price_changes', 'new_price'],
  ['sku_catalog', 'last_price'],
  ['price_observations', 'price'],
];

/**
 * The migrations record only which versions ran, so a column someone altered since (a DBA's "cleanup" to
 * integer, double precision, or NUMERIC(10,0)) went unnoticed: PostgreSQL casts a NUMERIC to the column's
 * type on assignment without a word, '19.99' was stored as 20, and the run ended clean with every price
 * wrong. A column renamed or dropped fails each write (pg-write-refusals.ts); a changed type fails nothing,
 * so it is refused here, before anything is written.
 */
export async function refuseAlteredMoneyColumns(sql: Sql): Promise<void> {
  const rows = await sql<Array<{ table: string; column: string; type: string }>>`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
      AND c.relname IN ${sql(MONEY_COLUMNS.map(([table]) => table))}`;
  const typeOf = new Map(rows.map((row) => [`${row.table}.${row.column}`, row.type]));
  const altered = MONEY_COLUMNS.map(([table, column]) => `${table}.${column}`)
    .filter((name) => typeOf.get(name) !== 'numeric')
    .map((name) => `${name} is ${typeOf.get(name) ?? 'missing'}`);
  if (altered.length === 0) return;
  throw new PricecrawlError('STORE_REFUSED', `price columns are no longer NUMERIC as this pricecrawl migrated them (${altered.join('; ')}): a price written there would be kept as another value; put them back (ALTER TABLE … ALTER COLUMN … TYPE numeric), then run the command again`);
}
