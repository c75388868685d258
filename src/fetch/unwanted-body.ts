// Bodies nobody reads: a bodiless answer's, a redirect's, one closed unread; each leaves its socket fit for the next request or closes it.
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/**
 * The empty body of a 204 or 304 answer, which ends at its headers (RFC 9112 §6.3) whatever they say: a
 * 304's Content-Length is the size of the page it stands for. undici counts it as a body and failed the
 * answer as cut (`fetch/connection-reset`, retried until exhausted); whatever it did read is dropped.
 *
 * A head that frames a chunked body anyway (old frameworks send `Transfer-Encoding: chunked` on a 204, and
 * its last chunk after it) ends its connection: undici reads no body there, and the bytes the server still
 * sends, arriving once the next request of the host was written on the kept-alive socket, were read as the
 * start of that request's answer, which failed as `fetch/protocol` (never retried), a page lost for another's
 * fault. (A Content-Length is read as a body by undici itself, so its bytes never reach another answer.)
 */
export async function readNoBody(body: Dispatcher.ResponseData['body'], fetchSignal: AbortSignal, framing: BodilessFraming): Promise<Buffer> {
  if (framing.transferEncoding !== undefined) framing.socket?.destroy();
  await dropUnwantedBody(body, fetchSignal);
  return Buffer.alloc(0);
}

/** What a bodiless answer's head said about a body, and the connection it came on. */
export interface BodilessFraming {
  transferEncoding: string | undefined;
  socket: Socket | undefined;
}

/** Closes a body we will not read; the abort error undici then emits has nobody to tell. */
export function discardBody(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** How long a redirect's body may take to arrive before its socket is given up (see dropUnwantedBody). */
const UNWANTED_BODY_WAIT_MS = 1_000;
/** A redirect body larger than this closes its socket rather than being read. */
const UNWANTED_BODY_MAX_BYTES = 64 * 1024;

/**
 * Reads away a body nobody wants (a redirect's) so its kept-alive socket can carry the next hop, but never
 * waits long for it: browsers follow a redirect on its head, and a 302 whose Content-Length promised bytes
 * that never came made the whole fetch time out (and its retries too) although the Location was clear.
 * A body that is big, or still coming after a moment, is cut instead (undici then closes the socket).
 */
export async function dropUnwantedBody(body: Dispatcher.ResponseData['body'], fetchSignal: AbortSignal): Promise<void> {
  const signal = AbortSignal.any([fetchSignal, AbortSignal.timeout(UNWANTED_BODY_WAIT_MS)]);
  await body.dump({ limit: UNWANTED_BODY_MAX_BYTES, signal }).catch(() => undefined);
}
