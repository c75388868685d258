// Whether the end of a body, as undici reported it, is the end the server meant; a cut page is never a page.
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { FetchError } from '../core/errors';
import { hasCloseTail } from './close-tail';
import { isJson } from './charset';
import { closesHtmlDocument, jsonLeftOpen, opensHtmlDocument } from '../core/document-ends';

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
 * - Bytes right after a body of the declared Content-Length (undici drops the connection as a "bad
 *   response" or a parse error, whatever they are: we send one request at a time, so no answer is due):
 *   the length was short of what the server sent, as when a server counts characters instead of bytes,
 *   and a page of multi-byte text loses its end, the price with it; or a second answer nobody asked for
 *   came behind this one (a response split: a header value carrying CR LF, an error page written after the
 *   page), and on a kept-alive connection the answer read may be one the connection still owed from before,
 *   ours the bytes behind it (`bytesAfterEnd`: stale-connection.ts sends it again). Browsers keep the page;
 *   we refuse it (`fetch/protocol`).
 * - The same after the last chunk of a chunked body: the last-chunk mark came before the end of the page,
 *   as from a framework that writes an empty chunk when flushing nothing, and the rest of the page followed
 *   it. The page before the mark was kept whole-looking (the sale price after it lost, the old one read).
 * - Both on a connection the server closes after the answer (`Connection: close`, HTTP/1.0): undici does not
 *   parse past the end there, it puts the rest back on the socket it destroys (close-tail.ts).
 */
export function watchBodyEnd(body: Readable, headers: Headers, socket: Socket | undefined, hop: { url: string; method: string }): () => BodyEndVerdict | null {
  // A HEAD answer has no body, whatever its headers say.
  if (!socket || hop.method === 'HEAD') return () => null;
  const closeDelimited = isCloseDelimited(headers);
  const length = headers['content-length'];
  let verdict: BodyEndVerdict | null = null;
  body.once('end', () => {
    const failure = socket.errored as SocketFailure | null;
    if (closeDelimited && failure?.code === 'ECONNRESET') {
      const error = new FetchError('FETCH_CONNECTION_RESET', `connection reset before the end of a body delimited by its close; the page may be cut (${hop.url})`);
      verdict = { error, bytesAfterEnd: false };
    } else if (!closeDelimited && (isBadAnswer(failure) || hasCloseTail(socket))) {
      const framing = length === undefined ? 'its last chunk' : `the Content-Length ${String(length)}`;
      const error = new FetchError('FETCH_PROTOCOL', `more bytes came right after ${framing} (a length short of the page, or an answer nobody asked for behind it); not taken as the page (${hop.url})`);
      verdict = { error, bytesAfterEnd: true };
    }
  });
  return () => verdict;
}

/** What was wrong with the end of a body; `bytesAfterEnd`: the server sent more than the answer's framing holds. */
export interface BodyEndVerdict {
  error: FetchError;
  bytesAfterEnd: boolean;
}

/**
 * A body its connection's close delimits, ended by a graceful close (a FIN) inside the document it holds:
 * an HTML document that opened (`<html>`, `<body>`) and closed neither, or a JSON text (by its type) still
 * inside a string, object or array. On the wire such a cut is a whole answer (RFC 9112 §6.3, item 8; every
 * client keeps it), and it was kept: a product page cut inside its JSON-LD offer succeeded with no item, one
 * cut after its price had the price refused as the cut (`price/truncated`) while the request succeeded, and
 * a cut JSON answer failed as the spider's own error (`callback/error`, "fix it and run again"); the run
 * ended clean in the first two. `fetch/truncated` is retried like a reset: the next try may come whole.
 * Only a close can hide a cut this way; a document its framing (Content-Length, chunks) says is whole is
 * the page the server meant, end tags or not (body-end-check above and cut-price.ts judge those).
 */
export function unclosedDocument(body: Buffer, headers: Headers, hop: { url: string; method: string }): FetchError | null {
  if (hop.method === 'HEAD' || body.length === 0 || !isCloseDelimited(headers)) return null;
  const contentType = headers['content-type'];
  const what = documentLeftOpen(body, Array.isArray(contentType) ? contentType.join(', ') : contentType);
  if (what === null) return null;
  return new FetchError('FETCH_TRUNCATED', `the connection closed after ${body.length} bytes on ${what}; the page is cut (${hop.url})`);
}

/** What `body` is, when it is a document that began and did not end: a JSON text (by its type) still open, or an HTML document that opened and never closed; else null. */
export function documentLeftOpen(body: Buffer, contentType: string | undefined): string | null {
  const text = body.toString('latin1');
  if (isJson(contentType)) return jsonLeftOpen(text) ? 'a JSON text still open' : null;
  return opensHtmlDocument(text) && !closesHtmlDocument(text) ? 'an HTML document that never closed (no </body>, no </html>)' : null;
}

/** No Content-Length and no chunked framing: only the connection's close ends the body (RFC 9112 §6.3, item 8). */
export function isCloseDelimited(headers: Readonly<Headers>): boolean {
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
 * Either is `fetch/protocol` (no page was received). A part or a 304 the request asked for is the answer, and so
 * is a part whose Content-Range names every byte of a representation of known length (`bytes 0-99/100`, RFC 9110
 * §14.4: some CDNs answer 206 whatever was asked): refused, such a site's pages and robots.txt were lost.
 */
export function unaskedAnswer(status: number, hop: SentHop, answerHeaders: Readonly<Record<string, string | string[] | undefined>> = {}): FetchError | null {
  if (status === 206 && hop.headers.range === undefined && !isWholeRange(answerHeaders['content-range'])) {
    return new FetchError('FETCH_PROTOCOL', `206 Partial Content to a request without Range; a part of the page is not the page (${hop.url})`);
  }
  if (status === 304 && hop.headers['if-none-match'] === undefined && hop.headers['if-modified-since'] === undefined) {
    return new FetchError('FETCH_PROTOCOL', `304 Not Modified to a request without a validator; the page was never sent (${hop.url})`);
  }
  return null;
}

/** Whether a Content-Range names all of its representation: from byte 0 to the last of a length it states. */
function isWholeRange(value: string | string[] | undefined): boolean {
  const range = typeof value === 'string' ? /^\s*bytes\s+0-(\d+)\/(\d+)\s*$/i.exec(value) : null;
  return range !== null && Number(range[1]) + 1 === Number(range[2]);
}
