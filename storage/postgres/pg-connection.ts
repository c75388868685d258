// Opens the postgres.js pool with our type parsers: NUMERIC stays an exact string, BIGINT (epoch ms, counts) a number.
import postgres from 'postgres';

export type Sql = postgres.Sql<Record<string, never>>;

const NUMERIC_OID = 1700;
const INT8_OID = 20;

export interface PgConnectionOptions {
  /** Pool size; a crawl needs few (items, fetch log and blobs take turns). */
  max?: number;
}

/** Query parameters libpq reads as the login itself; postgres.js would send them to the server as settings. */
const LOGIN_PARAMETERS = { password: 'password', user: 'user', dbname: 'database' } as const;

/**
 * `postgres://host/db?user=u&password=p` is a libpq URL (psql, pg_dump and most drivers take it): the
 * login comes out of the query here. postgres.js passed unknown query keys to the server as run-time
 * settings, so the password was never sent as one: the login failed ("password authentication failed").
 */
function loginFromQuery(url: string): { url: string; login: Partial<Record<'password' | 'user' | 'database', string>> } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, login: {} }; // not a URL postgres.js reads either: its own error names the problem
  }
  const login: Partial<Record<'password' | 'user' | 'database', string>> = {};
  for (const [key, option] of Object.entries(LOGIN_PARAMETERS)) {
    const value = parsed.searchParams.get(key);
    if (value === null) continue;
    login[option] = value;
    parsed.searchParams.delete(key);
  }
  // Rewritten only when the query held a login: postgres.js reads multi-host URLs its own way.
  return Object.keys(login).length === 0 ? { url, login } : { url: parsed.toString(), login };
}

export function connectPostgres(url: string, options: PgConnectionOptions = {}): Sql {
  const { url: withoutLogin, login } = loginFromQuery(url);
  return postgres(withoutLogin, {
    ...login,
    max: options.max ?? 4,
    onnotice: () => {},
    connect_timeout: 10,
    // A request is acknowledged once its items are committed, so a commit must be on disk when it returns,
    // whatever the server's own setting: with `synchronous_commit = off` (a DBA's speed-up) the last commits
    // before a server crash are lost, and a crawl stopped by that crash had acknowledged items the store no
    // longer held (found with a test server run that way and stopped with `pg_ctl -m immediate`).
    connection: { synchronous_commit: 'on' },
    // No array-type query on each new connection: postgres.js sends it itself and awaits its end nowhere. When the
    // backend ended while it was on the wire and new logins were refused, the driver logged in again and again
    // holding our statement, which never settled (the crawl hung), or that query's rejection went unhandled and
    // Node ended the crawl on "write CONNECTION_CLOSED" (exit 1) instead of the store's resumable stop (exit 2):
    // pg-outage's refused-connections case crashed so in 2 runs of 6 at load 30; pg-connection-cut.test.ts shows both. Our
    // statements pass lists as json parameters, never as arrays, so the types it learns are not needed. Any statement
    // of ours cut the same way leaves the same loop behind; pg-lost-pool.ts ends the crawl's pool at that point.
    // The price: postgres.js 3.4.9 hands a fresh connection to `sql.reserve()` only after that query, so on this pool
    // reserve() never resolves when it must open a connection (pg-run-records' lock holder hung so). Nothing of ours
    // reserves; a session that must hold one connection (a test's lock holder) opens a plain driver pool.
    fetch_types: false,
    // postgres.js would parse most types itself; these two are spelled out because they are the contract.
    types: {
      // Prices are never JS numbers: NUMERIC arrives as its exact text ("0.10", "1299.00").
      numeric: { to: NUMERIC_OID, from: [NUMERIC_OID], serialize: (value: string) => value, parse: (text: string) => text },
      // Epoch milliseconds and counts are far below 2^53.
      bigint: { to: INT8_OID, from: [INT8_OID], serialize: (value: number) => String(value), parse: (text: string) => Number(text) },
    },
  }) as unknown as Sql;
}
