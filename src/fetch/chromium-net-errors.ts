// Chromium's net:: error names as the FetchError codes the HTTP fetcher gives the same faults on the wire.
import { FetchError, type ErrorCode } from '../core/errors';

/** First match wins; each line says what the page's answer was, in the words the ledger shows. */
const NET_ERRORS: ReadonlyArray<readonly [RegExp, ErrorCode, string]> = [
  // Chromium names the proxy's own failures apart from the site's.
  [/ERR_PROXY_CONNECTION_FAILED/, 'FETCH_PROXY_UNREACHABLE', 'the proxy could not be reached'],
  [/ERR_TUNNEL_CONNECTION_FAILED/, 'FETCH_PROXY_TUNNEL', 'the proxy refused the tunnel'],
  [/ERR_CONNECTION_REFUSED/, 'FETCH_CONNECTION_REFUSED', 'connection refused'],
  [/ERR_NAME_NOT_RESOLVED/, 'FETCH_DNS', 'host not found'],
  [/ERR_CERT_|ERR_SSL_|ERR_BAD_SSL_CLIENT_AUTH_CERT/, 'FETCH_TLS', 'the TLS handshake failed'],
  [/ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE/, 'FETCH_CONNECTION_RESET', 'connection reset'],
  // A body that ended before its framing said it would: cut off on the way, as over HTTP (fetch-error-map.ts).
  [/ERR_CONTENT_LENGTH_MISMATCH|ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_CONNECTION_CLOSED/, 'FETCH_CONNECTION_RESET', 'the connection ended inside the body'],
  [/ERR_CONTENT_DECODING_FAILED/, 'FETCH_DECOMPRESS', 'a body its Content-Encoding does not decode'],
  // The server's answer breaks HTTP/1.1 the same way on every try.
  [/ERR_INVALID_CHUNKED_ENCODING|ERR_INVALID_HTTP_RESPONSE|ERR_RESPONSE_HEADERS_MULTIPLE_|ERR_RESPONSE_HEADERS_TOO_BIG/, 'FETCH_PROTOCOL', 'an answer that breaks HTTP/1.1'],
  [/ERR_TIMED_OUT/, 'FETCH_TIMEOUT', 'the connection stalled'],
  // Redirects Chromium refused to follow, as the HTTP fetcher's redirect policy names them.
  [/ERR_TOO_MANY_REDIRECTS/, 'FETCH_TOO_MANY_REDIRECTS', 'a redirect loop or too long a chain'],
  [/ERR_INVALID_REDIRECT|ERR_UNSAFE_REDIRECT/, 'FETCH_BAD_REDIRECT', 'a redirect to a Location that is no usable URL'],
];

/** The FetchError a Chromium net:: failure of `url` is, or null when its text names none we know. */
export function netFetchError(message: string, url: string, cause?: unknown): FetchError | null {
  const known = NET_ERRORS.find(([pattern]) => pattern.test(message));
  if (!known) return null;
  const [, code, what] = known;
  return new FetchError(code, `${what} (${message.match(/net::ERR_[A-Z_]+/)?.[0] ?? 'net error'}; ${url})`, { cause });
}
