// Whether a failed send died of its kept-alive connection's past (safe to send again at once, on another one).
import type { HttpMethod } from '../core/request';
import { codedErrors } from './fetch-error-map';

/** What undici and node:net say when the other side had closed (FIN or RST) the socket we wrote to. */
const CLOSED_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * Only a GET or HEAD, only when the socket had carried an earlier answer (`reused`, from the send hook) and
 * no header of this answer arrived (the caller's send failed); a fresh connection that fails the same way
 * is the host's own fault and goes to the retry policy.
 *
 * - Closed while idle: a server may close an idle kept-alive connection at any moment without saying so
 *   (no `Connection: close`; an idle timeout; one answer per connection); a request written just before
 *   its FIN is read dies with "other side closed" although the server never saw it. Browsers and curl send
 *   such a request again on a new connection, and so do we.
 * - Bytes of the last answer first: a server whose Content-Length is short of what it writes (a length in
 *   characters, not bytes) sends the rest after the body undici has ended; when the rest comes in a later
 *   read, the next request on the connection reads it as the start of its own answer, which parses as no
 *   HTTP (llhttp: "Expected HTTP/"). That page was lost as `fetch/protocol`, never retried, for the fault of
 *   the page before it.
 */
export function closedWhileIdle(error: unknown, method: HttpMethod, reused: boolean): boolean {
  return safeToSendAgain(method, reused) && codedErrors(error).some(({ code }) => CLOSED_CODES.has(code) || code === 'HPE_OTHER');
}

/**
 * A 408 Request Timeout on a reused connection: some servers write one on a kept-alive connection whose idle
 * timeout ran out, and close it; a request written as it was on its way reads it as its own answer, though
 * the server never read that request. Chromium sends such a request again on a new connection (a 408 on a
 * reused socket, HTTP/1.1); we did not, and the page lost an attempt and a backoff to the retry policy (the
 * whole page on a fetch of one try). On a fresh connection a 408 is the server's answer to the request.
 */
export function timedOutWhileIdle(status: number, method: HttpMethod, reused: boolean): boolean {
  return status === 408 && safeToSendAgain(method, reused);
}

/**
 * An answer on a reused connection with more bytes right behind it, in the same read (body-end-check.ts):
 * we send one request at a time, so the connection was out of step with its requests. A server that wrote
 * two answers for one earlier request (a response split: a header value carrying CR LF, an error page
 * written after the page), the second coming in a later read, had that second answer read as the next
 * request's own, and the real one arrived behind it: a page with another price (or another page's), or
 * lost as `fetch/protocol` for the fault of the page before it. Sent again on a new connection; there, the
 * same bytes after the answer are the answer's own fault. (An owed answer that comes in a read of its own,
 * with nothing behind it yet, cannot be told from the answer: no HTTP/1.1 client can.)
 */
export function answeredOutOfStep(bytesAfterEnd: boolean, method: HttpMethod, reused: boolean): boolean {
  return bytesAfterEnd && safeToSendAgain(method, reused);
}

/** Only a GET or HEAD is sent twice, and only after its connection's past can explain the failure. */
function safeToSendAgain(method: HttpMethod, reused: boolean): boolean {
  return reused && (method === 'GET' || method === 'HEAD');
}
