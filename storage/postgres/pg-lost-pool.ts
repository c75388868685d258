// Ends a crawl's pool once one of its statements failed on a lost connection: the driver cannot be trusted with that connection again.
import type { Sql } from './pg-connection';

/** Postgres.js' code, Node's, and SQLSTATEs of a session ended under a statement (terminated, server shut down, idle limit). */
const SESSION_CUT = /^(CONNECTION_CLOSED|ECONNRESET|EPIPE|08...|57P01|57P02|57P05)$/;

/**
 * Told each connection failure; answers what a fresh login gets (pg-fresh-login.ts) when the first failure was a
 * session cut, else null. Every failure of the same loss gets the same answer: the pool's end fails the other
 * statements at once, and whichever reaches the engine first names the stop.
 */
export type ConnectionLoss = (error: unknown) => Promise<string | null>;

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
 * read as the store unreachable. The store set's own close then waits for this same end. A session cut names
 * only the cut, so then one fresh login, at the stop only, says what the server tells a new session.
 */
export function endPoolOnConnectionLoss(sql: Sql, freshLogin: () => Promise<string | null> = () => Promise.resolve(null)): ConnectionLoss {
  let note: Promise<string | null> | null = null;
  return (error) => {
    if (note) return note;
    sql.end({ timeout: 0 }).catch(() => undefined);
    const code = (error as { code?: unknown } | null)?.code;
    note = typeof code === 'string' && SESSION_CUT.test(code) ? freshLogin().catch(() => null) : Promise.resolve(null);
    return note;
  };
}
