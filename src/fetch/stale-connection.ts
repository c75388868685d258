// Whether a failed send died on a kept-alive connection the server had closed while it sat idle (safe to send again at once).
import type { HttpMethod } from '../core/request';
import { codedErrors } from './fetch-error-map';

/** What undici and node:net say when the other side had closed (FIN or RST) the socket we wrote to. */
const CLOSED_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * A server may close an idle kept-alive connection at any moment without saying so (no `Connection:
 * close`; an idle timeout; one answer per connection); a request written just before its FIN is read dies
 * with "other side closed" although the server never saw it. Browsers and curl send such a request again
 * on a new connection, and so do we: only a GET or HEAD, only when the socket had carried an earlier answer
 * (`reused`, from the send hook) and no header of this answer arrived (the caller's send failed). A fresh
 * connection that fails the same way is the host's own fault and goes to the retry policy.
 */
export function closedWhileIdle(error: unknown, method: HttpMethod, reused: boolean): boolean {
  if (!reused || (method !== 'GET' && method !== 'HEAD')) return false;
  return codedErrors(error).some(({ code }) => CLOSED_CODES.has(code));
}
