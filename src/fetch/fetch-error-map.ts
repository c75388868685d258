// Maps what undici, node:net, node:dns and node:zlib throw onto our stable FetchError codes.
import { FetchError, PricecrawlError, type ErrorCode } from '../core/errors';
import { brokeOnTheWay } from './tls-record-break';

/** System and undici error codes by the reason the ledger records. First match in the cause chain wins. */
const CODE_MAP: Record<string, ErrorCode> = {
  UND_ERR_CONNECT_TIMEOUT: 'FETCH_CONNECT_TIMEOUT',
  UND_ERR_HEADERS_TIMEOUT: 'FETCH_TIMEOUT',
  UND_ERR_BODY_TIMEOUT: 'FETCH_TIMEOUT',
  ECONNRESET: 'FETCH_CONNECTION_RESET',
  EPIPE: 'FETCH_CONNECTION_RESET',
  ECONNABORTED: 'FETCH_CONNECTION_RESET',
  // "other side closed": the server dropped the socket before or during the response.
  UND_ERR_SOCKET: 'FETCH_CONNECTION_RESET',
  // Fewer body bytes than Content-Length promised: the response was cut off.
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'FETCH_CONNECTION_RESET',
  // The connection ended (closed or reset) inside a message its framing said was not done (a chunked body
  // without its last chunk after `Connection: close`): a cut-off transfer like the two above.
  HPE_INVALID_EOF_STATE: 'FETCH_CONNECTION_RESET',
  // Any other answer that breaks HTTP/1.1 (Transfer-Encoding with Content-Length, a bad chunk size, a bare
  // LF, a status line that is not one), and headers over undici's limit.
  HPE_OTHER: 'FETCH_PROTOCOL',
  UND_ERR_HEADERS_OVERFLOW: 'FETCH_PROTOCOL',
  ECONNREFUSED: 'FETCH_CONNECTION_REFUSED',
  ENOTFOUND: 'FETCH_DNS',
  EAI_AGAIN: 'FETCH_DNS',
  EAI_FAIL: 'FETCH_DNS',
  EAI_NONAME: 'FETCH_DNS',
  EAI_NODATA: 'FETCH_DNS',
  ESERVFAIL: 'FETCH_DNS',
  ENODATA: 'FETCH_DNS',
  Z_DATA_ERROR: 'FETCH_DECOMPRESS',
  Z_BUF_ERROR: 'FETCH_DECOMPRESS',
  Z_NEED_DICT: 'FETCH_DECOMPRESS',
  ERR_BROTLI_DECOMPRESSION_FAILED: 'FETCH_DECOMPRESS',
};

interface CodedError {
  code: string;
  syscall?: unknown;
  /** A TLS record failure after the handshake (tls-record-break.ts): a transfer broken on the way. */
  onTheWay?: boolean;
}

/** Every coded error in an error's cause chain (and inside AggregateErrors from multi-address connects). */
export function codedErrors(error: unknown): CodedError[] {
  const found: CodedError[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const { code, syscall, cause } = value as { code?: unknown; syscall?: unknown; cause?: unknown };
    if (isParserError(value)) found.push({ code: parserErrorCode(value) });
    else if (typeof code === 'string') found.push({ code, syscall, onTheWay: brokeOnTheWay(value) });
    if (value instanceof AggregateError) value.errors.forEach(visit);
    visit(cause);
  };
  visit(error);
  return found;
}

/**
 * undici's HTTPParserError names its llhttp error code from a table that maps names to numbers, so the
 * code it sets is undefined (7.x); llhttp's reason text is what is left to tell the end of input apart.
 */
function isParserError(value: object): value is Error & { code?: unknown } {
  return (value as { name?: unknown }).name === 'HTTPParserError';
}

function parserErrorCode(error: Error & { code?: unknown }): string {
  const endOfInput = error.code === 'HPE_INVALID_EOF_STATE' || String(error.message).includes('(Invalid EOF state)');
  return endOfInput ? 'HPE_INVALID_EOF_STATE' : 'HPE_OTHER';
}

/**
 * A TLS handshake that failed: OpenSSL's certificate verdicts (CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT,
 * UNABLE_TO_VERIFY_LEAF_SIGNATURE...), Node's ERR_TLS_CERT_ALTNAME_INVALID (a certificate for another name) and
 * OpenSSL's protocol alerts (ERR_SSL_*). Named apart from FETCH_FAILED so the run can say what to check.
 */
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|UNABLE_TO_)|CERT|^HOSTNAME_MISMATCH$/;

/**
 * The TLS alert a server sends when it speaks none of the application protocols the client offered (RFC 7301
 * §3.2). We offer only HTTP/1.1, so this is a server that speaks HTTP/2 alone (Node's http2 server without
 * allowHTTP1, some API gateways). It was `fetch/tls`, whose hint sent the team to check a certificate that
 * was fine; every try gets the same refusal, and Chromium, which speaks HTTP/2, reads the page.
 */
const NO_APPLICATION_PROTOCOL = 'ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL';

function reasonFor({ code, syscall, onTheWay }: CodedError): ErrorCode | undefined {
  if (onTheWay) return 'FETCH_CONNECTION_RESET';
  // A connect the kernel gave up on is a connect timeout; on an open socket ETIMEDOUT is a stall.
  if (code === 'ETIMEDOUT') return syscall === 'connect' ? 'FETCH_CONNECT_TIMEOUT' : 'FETCH_TIMEOUT';
  if (code === NO_APPLICATION_PROTOCOL) return 'FETCH_HTTP2_ONLY';
  if (TLS_CODE.test(code)) return 'FETCH_TLS';
  return CODE_MAP[code];
}

/** The FetchError a transport failure becomes; the original stays reachable as `cause`. */
export function toFetchError(error: unknown, url: string): FetchError {
  if (error instanceof FetchError) return error;
  if (error instanceof PricecrawlError) return new FetchError(error.code, error.message, { cause: error });
  const coded = codedErrors(error);
  const mapped = coded.map(reasonFor).find((reason) => reason !== undefined);
  const message = error instanceof Error ? error.message : String(error);
  const detail = coded.length > 0 ? `${coded[0]!.code}: ${message}` : message;
  if (mapped === 'FETCH_HTTP2_ONLY') {
    const said = 'the server refused HTTP/1.1 in the TLS handshake (no application protocol in common): it speaks only HTTP/2, which this fetcher does not; fetch the host with fetchMode browser';
    return new FetchError(mapped, `${said} (${url})`, { cause: error });
  }
  return new FetchError(mapped ?? 'FETCH_FAILED', `${detail} (${url})`, { cause: error });
}
