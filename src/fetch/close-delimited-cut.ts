// Whether a body delimited by its connection's close was cut by a reset, which undici reads as its end.
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';

/**
 * A body with neither Content-Length nor chunked framing ends when the server closes the connection
 * (RFC 9112 §6.3, item 8). undici also ends it, as complete, when the connection is *reset* (it does so
 * because macOS reports a reset after some complete bodies); a page cut there parsed as a page, and
 * `<p class="price">12.99` cut after "12" became a price of 12. A reset proves nothing was finished, so
 * such a body is refused as a reset transfer; a graceful close (FIN) still ends it, as in every client.
 *
 * Returns a question to ask once the body was read: whether the socket had been reset when it ended.
 * Asked at the body's end, not later: a reset arriving after a complete, closed-off body changes nothing.
 */
export function watchCloseDelimitedCut(body: Readable, headers: Record<string, string | string[]>, socket: Socket | undefined): () => boolean {
  if (!socket || !isCloseDelimited(headers)) return () => false;
  let cut = false;
  body.once('end', () => {
    cut = (socket.errored as (Error & { code?: string }) | null)?.code === 'ECONNRESET';
  });
  return () => cut;
}

function isCloseDelimited(headers: Record<string, string | string[]>): boolean {
  if (headers['content-length'] !== undefined) return false;
  const transferCoding = headers['transfer-encoding'];
  return !(typeof transferCoding === 'string' && /(^|,)\s*chunked\s*$/i.test(transferCoding));
}
