// One bounded login beside a pool whose session was cut: what the server says to a new session, the cut's root cause.
import { maskSecretsInText } from '../../src/core/mask-secrets';
import { connectPostgres } from './pg-connection';
import { answerWithin } from './pg-unreachable';

/**
 * A login answers in milliseconds; the crawl is stopping and must not wait long on it. An answer not in by then
 * says nothing more than the cut did.
 */
const FRESH_LOGIN_TIMEOUT_MS = 5000;

/** SQLSTATEs of a login refused: class 28 (authorization), class 53 (too many clients), 3D000 (no database), 57P03 (cannot connect now). */
const LOGIN_REFUSED = /^(28...|53...|3D000|57P03)$/;

/**
 * What a fresh login gets, as a clause for the stop message ("a new login is refused: 53300 sorry, too many
 * clients already"), or null when it is let in or fails another way. A statement whose backend was terminated
 * on its way fails as CONNECTION_CLOSED (or 57P01), which names the cut and not why the crawl cannot go on: a
 * server refusing every new login (max_connections reached, the role's limit, a password rotated). The
 * server's message names the role at most, never the password; masked all the same.
 */
export async function freshLoginRefusal(url: string, timeoutMs = FRESH_LOGIN_TIMEOUT_MS): Promise<string | null> {
  const sql = connectPostgres(url, { max: 1 });
  try {
    await answerWithin(sql`SELECT 1`, timeoutMs);
    return null;
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    if (typeof code !== 'string' || !LOGIN_REFUSED.test(code)) return null;
    return `a new login is refused: ${code} ${maskSecretsInText(String(message))}`;
  } finally {
    sql.end({ timeout: 0 }).catch(() => undefined);
  }
}
