// Whether the end of a body, as undici reported it, is the end the server meant; a cut page is never a page.
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { FetchError } from '../core/errors';
import type { AnswerBytes } from './answer-bytes';

type Headers = Record<string, string | string[]>;
type SocketFailure = Error & { code?: string };

/**
 * Watches a body from before it is read; the returned question, asked once it was read, names what was
 * wrong with its end, or null. Judged when the body ends (bytes read with its last ones are parsed by
 * then); what arrives on the connection afterwards belongs to no answer of ours.
 *
 * - A body with neither Content-Length nor chunked framing ends when the server closes the connection
 *   (RFC 9112 §6.3, item 8). undici also ends it, as complete, when the connection is *reset* (macOS
 *   reports a reset after some complete bodies); a page cut there parsed as a page, and
 *   `<p class="price">12.99` cut after "12" became a price of 12. A reset proves nothing was finished.
 *   (Linux reports a reset that arrives while the last bytes are still unread as an orderly end of input;
 *   that cut cannot be told from a close, as in every client.)
 * - Bytes right after a body of the declared Content-Length that do not start an answer (undici drops the
 *   connection as a "bad response" or a parse error): the length was short of what the server sent, as
 *   when a server counts characters instead of bytes, and a page of multi-byte text loses its end, the
 *   price with it. Browsers keep the cut page; we refuse it (`fetch/protocol`). A connection that is not
 *   kept alive is closed at the length, and undici drops the rest of what it read with it: those bytes are
 *   counted as they arrive (answer-bytes.ts), and a robots.txt so cut is no longer read as its first lines.
 * - The same after the last chunk of a chunked body: the last-chunk mark came before the end of the page,
 *   as from a framework that writes an empty chunk when flushing nothing, and the rest of the page followed
 *   it. The page before the mark was kept whole-looking (the sale price after it lost, the old one read).
 */
export function watchBodyEnd(body: Readable, headers: Headers, socket: Socket | undefined, hop: { url: string; method: string }, answerBytes?: AnswerBytes): () => FetchError | null {
  // A HEAD answer has no body, whatever its headers say.
  if (!socket || hop.method === 'HEAD') return () => null;
  const closeDelimited = isCloseDelimited(headers);
  const length = headers['content-length'];
  let verdict: FetchError | null = null;
  body.once('end', () => {
    const failure = socket.errored as SocketFailure | null;
    if (closeDelimited && failure?.code === 'ECONNRESET') {
      verdict = new FetchError('FETCH_CONNECTION_RESET', `connection reset before the end of a body delimited by its close; the page may be cut (${hop.url})`);
    } else if (!closeDelimited && (isBadAnswer(failure) || bytesPastLength(headers, answerBytes) > 0)) {
      const framing = length === undefined ? 'its last chunk' : `the Content-Length ${String(length)}`;
      verdict = new FetchError('FETCH_PROTOCOL', `more bytes came after ${framing}; the page is cut (${hop.url})`);
    }
  });
  return () => verdict;
}

/** Bytes the connection brought past a Content-Length body (chunked framing aside, which has its own end). */
function bytesPastLength(headers: Headers, answerBytes: AnswerBytes | undefined): number {
  const length = Number(headers['content-length']);
  if (!answerBytes || !Number.isSafeInteger(length) || headers['transfer-encoding'] !== undefined) return 0;
  return answerBytes.bytesPastBody(length) ?? 0;
}

function isCloseDelimited(headers: Headers): boolean {
  if (headers['content-length'] !== undefined) return false;
  const transferCoding = headers['transfer-encoding'];
  return !(typeof transferCoding === 'string' && /(^|,)\s*chunked\s*$/i.test(transferCoding));
}

/** How undici drops a connection on bytes that are not the start of an answer (with no request, or not HTTP). */
function isBadAnswer(error: SocketFailure | null): boolean {
  if (!error) return false;
  return error.name === 'HTTPParserError' || (error.code === 'UND_ERR_SOCKET' && error.message === 'bad response');
}

type SentHop = { url: string; headers: Readonly<Record<string, string>> };

/**
 * An answer that only a request asking for it can get, sent to one that did not: the page itself never came.
 *
 * - A 206 answers a Range request with the part it asked for (RFC 9110 §15.3.7). Sent to a request without
 *   one, it is a part of the page (a cache or CDN handing back a fragment): the markup ends wherever the
 *   part does, and a price in it would be read from a page that is not all there.
 * - A 304 says "the copy you hold is still good" to a request that named its copy by a validator
 *   (If-None-Match, If-Modified-Since; RFC 9110 §15.4.5). To a request with none it is a cache gone wrong,
 *   not the page's answer: as `http/304` it was a permanent failure, and a run that lost the page so
 *   ended looking clean.
 *
 * Either is `fetch/protocol` (no page was received). A part or a 304 the request asked for is the answer.
 */
export function unaskedAnswer(status: number, hop: SentHop): FetchError | null {
  if (status === 206 && hop.headers.range === undefined) {
    return new FetchError('FETCH_PROTOCOL', `206 Partial Content to a request without Range; a part of the page is not the page (${hop.url})`);
  }
  if (status === 304 && hop.headers['if-none-match'] === undefined && hop.headers['if-modified-since'] === undefined) {
    return new FetchError('FETCH_PROTOCOL', `304 Not Modified to a request without a validator; the page was never sent (${hop.url})`);
  }
  return null;
}
