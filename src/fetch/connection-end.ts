// Lets a failed fetch wait until its connection is really gone before the host's slot is freed.
import type { Socket } from 'node:net';

/**
 * An aborted request (the whole-fetch deadline, a caller's abort) has its socket destroyed by undici, but
 * the descriptor's close completes a loop turn later. Freeing the host's slot at once let the next request
 * to a slow host reach the server before the server had read the old connection's end: the server saw two
 * requests of ours at once on a host capped at one. One 'close' listener per connection (not per request:
 * a kept-alive socket carries many) records which connections are gone.
 */
const gone = new WeakSet<Socket>();
const watched = new WeakSet<Socket>();

/** Call when a request goes out on `socket`; cheap after the first call for the same connection. */
export function watchConnection(socket: Socket | undefined): void {
  if (!socket || watched.has(socket)) return;
  watched.add(socket);
  socket.once('close', () => gone.add(socket));
}

/** Bound on the wait: a socket that was not destroyed (the abort came before it was used) never closes here. */
const MAX_WAIT_MS = 1_000;

/** Resolves once `socket` has closed (at once when it already has, or is not being torn down). */
export function connectionClosed(socket: Socket | undefined): Promise<void> {
  if (!socket || gone.has(socket) || !socket.destroyed) return Promise.resolve();
  const closing = socket;
  return new Promise((resolve) => {
    const timer = setTimeout(done, MAX_WAIT_MS);
    closing.once('close', done);
    function done(): void {
      clearTimeout(timer);
      closing.removeListener('close', done);
      resolve();
    }
  });
}
