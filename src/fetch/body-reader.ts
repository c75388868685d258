// Reads a response body under a byte cap and undoes its Content-Encoding, capping the decoded size too.
import type { Readable } from 'node:stream';
import { FetchError } from '../core/errors';
import { decode, tooLarge, type Read } from './body-decoder';
import { hasBinaryDataByte, startsAsGzip, undeclaredGzip } from './body-sniff';
import { CODINGS, parseContentEncoding, parseTransferEncoding, type Coding, type Layer } from './content-codings';
import { discardBody } from './unwanted-body';

export interface ReadBodyOptions {
  /** Raw Content-Encoding header value (e.g. "gzip", "deflate, br"); undefined or "identity" = none. */
  contentEncoding: string | undefined;
  /** Raw Transfer-Encoding header value (e.g. "gzip, chunked"); undici has undone the chunked framing only. */
  transferEncoding?: string | undefined;
  /** Raw Content-Length header value; a declared size over the cap fails before any byte is read. */
  contentLength: string | undefined;
  /** Applies to the bytes on the wire and, separately, to the decoded bytes (zip bombs). */
  maxBodyBytes: number;
  /**
   * Only this many bytes are wanted (robots.txt: its head is the file): a longer body is cut here, decoded,
   * instead of failing over `maxBodyBytes`, and the wire is read no further than twice that (see `headOf`).
   */
  truncateAt?: number;
  /** The Content-Type header: gzip bytes under a text type are unpacked, under a binary one kept (see `undeclaredGzip`). */
  contentType?: string | undefined;
  /** Told of a Content-Encoding token that names no coding, set aside because the body is text (see `notACoding`). */
  onIgnoredCoding?: (name: string) => void;
  /** The body is a text file whatever its labels say (robots.txt): see `undoLayer`. */
  textFile?: boolean;
}

/** Every stream path ends here: the caller gets the bytes or a FetchError, and the socket is released. */
export async function readBody(body: Readable, options: ReadBodyOptions): Promise<Buffer> {
  const truncate = options.truncateAt !== undefined;
  const maxBodyBytes = options.truncateAt ?? options.maxBodyBytes;
  let codings: Layer[];
  try {
    // Transfer codings were applied after the content codings (RFC 9112 §6.1), so they come last in the list.
    codings = [...parseContentEncoding(options.contentEncoding), ...parseTransferEncoding(options.transferEncoding)];
    const declared = Number(options.contentLength);
    if (!truncate && options.contentLength !== undefined && Number.isFinite(declared) && declared > maxBodyBytes) {
      throw tooLarge(`Content-Length ${declared} exceeds the ${maxBodyBytes}-byte cap`);
    }
  } catch (error) {
    discardBody(body);
    throw error;
  }
  let read = await collectCapped(body, truncate ? 2 * maxBodyBytes : maxBodyBytes, truncate);
  const wireCut = read.cut;
  // Codings are listed in the order they were applied, so they are undone from the last one.
  for (let i = codings.length - 1; i >= 0; i--) {
    const layer = codings[i]!;
    if (typeof layer === 'string') read = await undoLayer(read, layer, maxBodyBytes, truncate, options);
  }
  if (undeclaredGzip(read.bytes, options.contentType)) read = await decode(read, 'gzip', maxBodyBytes, truncate, options.contentType);
  setAsideNonCodings(read.bytes, codings, options.onIgnoredCoding);
  return truncate ? headOf(read.bytes, maxBodyBytes, wireCut) : read.bytes;
}

/**
 * One named coding undone. A text file (robots.txt) no coding made under a label saying one did (`gzip, gzip`
 * over one gzip) failed as FETCH_DECOMPRESS, its origin unreachable, while the bytes were the file: bytes that
 * do not decode, open no gzip member and hold no binary data byte are text as sent, the label set aside (told
 * as a non-coding is). Anything else still fails; a page keeps the browsers' reading (Chromium refuses it).
 */
async function undoLayer(read: Read, coding: Coding, maxBodyBytes: number, truncate: boolean, options: ReadBodyOptions): Promise<Read> {
  try {
    return await decode(read, coding, maxBodyBytes, truncate, options.contentType);
  } catch (error) {
    const plainText = options.textFile && error instanceof FetchError && error.code === 'FETCH_DECOMPRESS' && !startsAsGzip(read.bytes) && !hasBinaryDataByte(read.bytes);
    if (!plainText) throw error;
    options.onIgnoredCoding?.(coding);
    return read;
  }
}

/**
 * The head a truncating read gives: `truncateAt` bytes when the body goes on (what tells its reader it was cut),
 * else the whole body. A coding need not shrink what it codes (stored deflate blocks are a little longer than
 * their text; a gzip header may name a file of any length before the text), so the wire is read up to twice
 * the head: cut at the head's own length, such a robots.txt gave text just short of it, which was read as the
 * whole file, its last line cut (`Allow: /p` for `Allow: /public/`), or no text at all after a long header,
 * which allowed everything. Text still short of the head when the wire went on is no head: refused.
 */
function headOf(bytes: Buffer, truncateAt: number, wireCut: boolean): Buffer {
  if (bytes.length > truncateAt) return bytes.subarray(0, truncateAt);
  if (wireCut && bytes.length < truncateAt) throw tooLarge(`the first ${2 * truncateAt} bytes of the body decode to ${bytes.length} bytes, short of the ${truncateAt} wanted`);
  return bytes;
}

/**
 * Names that are no coding are set aside when the bytes the real codings leave are text: PHP shops sending
 * `Content-Encoding: UTF-8` (a charset in the wrong header) serve a plain page, which browsers show
 * (Chromium passes a body of an unknown coding through as it came) and which we refused on every run as
 * `fetch/unsupported-coding`. Bytes with a binary data byte (WHATWG MIME Sniffing: C0 controls other than
 * tab, LF, FF, CR and ESC) are some coding's output, and are never read as a page.
 */
function setAsideNonCodings(bytes: Buffer, layers: readonly Layer[], onIgnored: ((name: string) => void) | undefined): void {
  const names = layers.flatMap((layer) => (typeof layer === 'string' ? [] : [layer.notACoding]));
  if (names.length === 0) return;
  if (hasBinaryDataByte(bytes)) {
    throw new FetchError('FETCH_UNSUPPORTED_CODING', `unsupported Content-Encoding "${names.join(', ')}" over bytes that are not text; we decode ${Object.keys(CODINGS).join(', ')}`);
  }
  for (const name of names) onIgnored?.(name);
}

async function collectCapped(body: Readable, maxBytes: number, truncate: boolean): Promise<Read> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    // Leaving the loop destroys the stream; undici then closes the socket instead of draining the rest.
    if (total > maxBytes && !truncate) throw tooLarge(`body exceeds the ${maxBytes}-byte cap`);
    if (total >= maxBytes && truncate) {
      chunks.push(chunk.subarray(0, chunk.length - (total - maxBytes)));
      return { bytes: Buffer.concat(chunks, maxBytes), cut: true };
    }
    chunks.push(chunk);
  }
  // A body read in one piece (most pages: one socket read) is that piece; concat copied it (27 KB a page, and its garbage).
  return { bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total), cut: false };
}

