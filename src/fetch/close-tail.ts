// Keeps the bytes undici hands back to a connection it is tearing down after an answer: what the server sent past that answer's end.
import type { Socket } from 'node:net';

const tails = new WeakMap<Socket, Buffer>();
const tapped = new WeakSet<Socket>();

/**
 * On a connection that is not kept alive (`Connection: close`, HTTP/1.0), undici destroys the socket the
 * moment an answer's declared end is parsed and puts the rest of that read back with `unshift`, where
 * nothing reads it: a Content-Length short of the bytes sent, or a last-chunk mark with more page after
 * it, went unnoticed and the cut page was a page (on a kept-alive connection the same bytes fail the next
 * parse: body-end-check.ts). An unshift onto a socket already destroyed is that rest, and only that: the
 * unshift of backpressure (a paused body) happens on a live socket. Bytes of a later read are never read
 * at all (the socket is gone); a server that writes its answer in one go puts the tail in the same read.
 * Call once a request goes out on `socket`; cheap after the first call for the same connection.
 */
export function tapCloseTail(socket: Socket | undefined): void {
  if (!socket || tapped.has(socket)) return;
  tapped.add(socket);
  const unshift = socket.unshift;
  socket.unshift = function (this: Socket, chunk: unknown, encoding?: BufferEncoding) {
    if (this.destroyed && (Buffer.isBuffer(chunk) || typeof chunk === 'string') && chunk.length > 0) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding);
      const earlier = tails.get(this);
      tails.set(this, earlier ? Buffer.concat([earlier, bytes]) : Buffer.from(bytes));
    }
    return unshift.call(this, chunk, encoding);
  } as Socket['unshift'];
}

/**
 * Whether bytes other than line ends came past the last answer's end on `socket` (it was torn down right
 * after). Line ends alone are what old servers add after a body and parsers skip; they are not more page.
 */
export function hasCloseTail(socket: Socket): boolean {
  const tail = tails.get(socket);
  return tail !== undefined && tail.some((byte) => byte !== 0x0d && byte !== 0x0a);
}
