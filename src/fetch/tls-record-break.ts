// A TLS connection whose records fail after its handshake: a transfer broken on the way, closed at once and named so.
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';

const watched = new WeakSet<Socket>();
const brokenOnTheWay = new WeakSet<object>();

/** OpenSSL's errors as Node codes them (ERR_SSL_DECRYPTION_FAILED_OR_BAD_RECORD_MAC, ERR_SSL_SSLV3_ALERT_BAD_RECORD_MAC, ...). */
const OPENSSL_CODE = /^ERR_SSL_/;

/**
 * A record that fails on an established connection (a bit flipped on the way: "decryption failed or bad record
 * mac"; garbage a middlebox wrote; a peer's alert about ours) is emitted by Node as an error while the socket
 * stays open, and undici ends a running request only on its socket's close: the body was waited on until the
 * fetch's deadline (fetch/timeout after 30 s, the host's slot held all along). Called once the request's headers
 * are written, so the handshake is done: the socket is destroyed with the error, and the error is marked as a
 * transfer broken on the way (fetch/connection-reset, retried), not the certificate or handshake refusal that
 * fetch/tls names and does not retry.
 */
export function watchTlsRecords(socket: Socket | undefined): void {
  if (!socket || !(socket as TLSSocket).encrypted || watched.has(socket)) return;
  watched.add(socket);
  socket.on('error', (error: Error & { code?: unknown }) => {
    if (typeof error.code !== 'string' || !OPENSSL_CODE.test(error.code)) return;
    brokenOnTheWay.add(error);
    if (!socket.destroyed) socket.destroy(error);
  });
}

/** Whether `error` is a TLS record failure on an established connection (see `watchTlsRecords`). */
export function brokeOnTheWay(error: unknown): boolean {
  return typeof error === 'object' && error !== null && brokenOnTheWay.has(error);
}
