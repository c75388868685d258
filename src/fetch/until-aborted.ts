// Settles a dispatched request when its signal aborts, even where undici never does (a CONNECT the proxy leaves unanswered).

/**
 * undici rejects an aborted request once it reaches the origin's client; one queued behind a tunnel that is
 * never set up stays pending: a proxy that takes the CONNECT and never answers it (or closes it) held each
 * https fetch through it for minutes past `http.timeoutMs` (60 to 120 s measured), with its host slot. On
 * abort this rejects with the signal's reason; an answer that still comes later has its body destroyed, so
 * its socket is not held by a stream nobody reads. undici's own abort listener was added when the request was
 * dispatched, before this one, so a socket it tears down is already destroyed when this rejects, and the
 * fetch's wait for the connection's end (connection-end.ts) still holds.
 */
export function untilAborted<T extends { body?: { destroy(): unknown } }>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      reject(signal.reason);
      work.then((late) => late.body?.destroy(), () => undefined);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
