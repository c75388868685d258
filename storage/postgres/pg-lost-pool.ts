// Ends a crawl's pool once one of its statements failed on a lost connection: the driver cannot be trusted with that connection again.
import type { Sql } from './pg-connection';

/**
 * postgres.js 3.4.9 keeps a statement cut by a lost connection (its backend terminated while the statement was on
 * its way) as that connection's current one. When the connection next logs in for another statement and the server
 * refuses the login (53300 too many connections, a role's limit reached), the refusal is read as the old statement's
 * answer and dropped, the socket closes with the new statement still waiting for its login, and the driver logs in
 * again at once, for ever: that statement never settled, the crawl's stop waited on it and hung (pg-outage's
 * refused-connections case, about 1 run in 3; pg-refused-relogin.test.ts). No driver option bounds it (the
 * connect timeout restarts with each login, the backoff is skipped while a statement waits for its login).
 *
 * A crawl stops on its store's first connection failure anyway, so its pool is ended then, at once: the statement
 * stuck logging in fails (CONNECTION_DESTROYED) and every later one fails without a login (CONNECTION_ENDED), both
 * read as the store unreachable. The store set's own close then waits for this same end.
 */
export function endPoolOnConnectionLoss(sql: Sql): () => void {
  let ending = false;
  return () => {
    if (ending) return;
    ending = true;
    sql.end({ timeout: 0 }).catch(() => undefined);
  };
}
