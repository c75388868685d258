// The database server's clock in SQL, as epoch ms: the one clock every machine sharing a lease agrees on.
import type postgres from 'postgres';
import type { Sql } from './pg-connection';

/** A pool or a transaction of it: either writes the fragment into its statement. */
type SqlTag = Sql | postgres.TransactionSql<Record<string, never>>;

/**
 * `clock_timestamp()`, not `now()`: now() is the transaction's start, which a claim that waited for another
 * claim's advisory lock would read late. Both are the server's: a client's clock never decides a lease.
 */
export function serverNowMs(sql: SqlTag) {
  return sql`floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint`;
}

/** The server's time `leaseMs` from now (the TTL added as an interval, then read as epoch ms). */
export function serverLeaseEndMs(sql: SqlTag, leaseMs: number) {
  return sql`floor(extract(epoch FROM clock_timestamp() + ${leaseMs}::double precision * interval '1 millisecond') * 1000)::bigint`;
}
