// Reads a response body under a byte cap and undoes its Content-Encoding, capping the decoded size too.
import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import zlib from 'node:zlib';
import { FetchError } from '../core/errors';
import { gzipMembersBeforeGarbage } from './gzip-members';
import { restOutsideCoding } from './stream-tail';

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

type Coding = 'gzip' | 'deflate' | 'br';
/** A Content-Encoding token that names no coding at all ("UTF-8", "none", "text"): a server's mistake, see `undoLayer`. */
interface NotACoding {
  notACoding: string;
}
type Layer = Coding | NotACoding;

const CODINGS: Record<string, Coding> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate', br: 'br' };
/** The codings of IANA's HTTP Content Coding registry we do not undo: their output is binary, never a page we can read. */
const UNDONE_CODINGS = new Set(['zstd', 'compress', 'x-compress', 'dcb', 'dcz', 'aes128gcm', 'exi', 'pack200-gzip']);

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

/**
 * Whether the bytes left once the named codings are undone still open a gzip member under a type whose bytes
 * are text (or under no type: the bytes are all there is to go by): a page kept gzipped on disk and sent
 * without Content-Encoding, or an answer compressed twice and labelled once (a proxy gzipping a gzipped
 * answer). Kept as sent, the page was binary noise stored as a good page, its price null, and the run counted
 * it a success. Undone once like a named coding (capped, and failing as FETCH_DECOMPRESS if it is no whole
 * stream, which a member's CRC proves), never more: a gzip quine unpacks to itself. A binary type
 * (application/gzip, application/octet-stream: a `.xml.gz` sitemap) is a file, kept as sent for its reader.
 */
function undeclaredGzip(bytes: Buffer, contentType: string | undefined): boolean {
  return startsAsGzip(bytes) && (contentType === undefined || isTextType(contentType));
}

/** RFC 1952: ID1, ID2, CM = deflate. No text starts with 0x1F. */
export function startsAsGzip(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08;
}

/** text/*, and the types whose documents are text: XML, JSON, JavaScript and their `+xml`/`+json` kin. */
function isTextType(contentType: string): boolean {
  const essence = contentType.split(/[;,]/, 1)[0]!.trim().toLowerCase();
  const [type, subtype = ''] = essence.split('/', 2);
  return type === 'text' || /^(?:xml|json|javascript|ecmascript)$|\+(?:xml|json)$/.test(subtype);
}

function hasBinaryDataByte(bytes: Buffer): boolean {
  return bytes.some((byte) => byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f));
}

/** Bytes read so far, and whether we cut them at `truncateAt` (more was there) rather than reaching their end. */
interface Read {
  bytes: Buffer;
  cut: boolean;
}

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

export function parseContentEncoding(header: string | undefined): Layer[] {
  return codingNames(header).map((name) => (CODINGS[name] || UNDONE_CODINGS.has(name) ? parseCodings([name], 'Content-Encoding')[0]! : { notACoding: name }));
}

/**
 * The transfer codings still on a body whose framing undici has read. A server may compress in transit
 * ("Transfer-Encoding: gzip, chunked", or "gzip" alone, then delimited by the close, RFC 9112 §6.3) even
 * though we sent no TE header; undici strips only the chunked framing, and the gzip bytes were kept as the
 * page. The same codings as Content-Encoding apply (RFC 9112 §7); chunked anywhere but last is not a
 * framing undici read, so the bytes are still chunk-framed and no page.
 */
export function parseTransferEncoding(header: string | undefined): Coding[] {
  const names = codingNames(header);
  if (names.at(-1) === 'chunked') names.pop();
  if (names.includes('chunked')) throw new FetchError('FETCH_PROTOCOL', `Transfer-Encoding "${header}" applies chunked before another coding`);
  return parseCodings(names, 'Transfer-Encoding');
}

function codingNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(',').map((token) => token.trim().toLowerCase()).filter((name) => name !== '' && name !== 'identity');
}

function parseCodings(names: string[], headerName: string): Coding[] {
  return names.map((name) => {
    const coding = CODINGS[name];
    // Not `fetch/decompress`, which is retried: the server sends the coding it chose to every try (zstd to
    // a client that offered gzip, deflate and br), and the ledger then showed retry/exhausted.
    if (!coding) throw new FetchError('FETCH_UNSUPPORTED_CODING', `unsupported ${headerName} "${name}"; we decode ${Object.keys(CODINGS).join(', ')}`);
    return coding;
  });
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

function decode(read: Read, coding: Coding, maxBytes: number, truncate: boolean, contentType: string | undefined): Promise<Read> {
  const input = read.bytes;
  // HEAD, 204 and 304 answers may carry Content-Encoding with no body; zlib would call that truncated.
  if (input.length === 0) return Promise.resolve(read);
  // Cut by us, the stream ends early: flushed, the decoder hands over what it has instead of failing. A
  // stream the server itself ended early is a damaged file, not a file's head: it still fails, or a
  // robots.txt that lost its last Disallow lines on the way was read as the whole file.
  const decoder = createDecoder(input, coding, read.cut);
  return new Promise<Read>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    decoder.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total >= maxBytes && truncate) {
        decoder.destroy();
        chunks.push(chunk.subarray(0, chunk.length - (total - maxBytes)));
        resolve({ bytes: Buffer.concat(chunks, maxBytes), cut: true });
        return;
      }
      if (total > maxBytes) {
        // Stop inflating at once: a few KB of gzip can expand to gigabytes.
        decoder.destroy();
        reject(tooLarge(`decoded ${coding} body exceeds the ${maxBytes}-byte cap`));
        return;
      }
      chunks.push(chunk);
    });
    decoder.on('error', (error: Error & { code?: string }) => {
      // Node's gunzip reads whatever follows a member as the next one and fails on bytes that are not.
      const members = coding === 'gzip' ? gzipMembersBeforeGarbage(input, maxBytes) : null;
      if (!members) return reject(new FetchError('FETCH_DECOMPRESS', `corrupt ${coding} body: ${error.code ?? ''} ${error.message}`.trim(), { cause: error }));
      const rest = restOutsideCoding(coding, members.decoded, members.after, contentType);
      if (rest) reject(rest);
      else resolve({ bytes: members.decoded, cut: false });
    });
    decoder.on('end', () => {
      const bytes = Buffer.concat(chunks, total);
      // The other decoders stop at their stream's end and drop what follows unread (a cut read never ends one).
      const rest = read.cut ? null : restOutsideCoding(coding, bytes, input.subarray(decoder.bytesWritten), contentType);
      if (rest) reject(rest);
      else resolve({ bytes, cut: read.cut });
    });
    decoder.end(input);
  });
}

function createDecoder(input: Buffer, coding: Coding, flushAtEnd: boolean): zlib.Gunzip | zlib.Inflate | zlib.InflateRaw | zlib.BrotliDecompress {
  if (coding === 'br') return zlib.createBrotliDecompress(flushAtEnd ? { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH } : {});
  const options = flushAtEnd ? { finishFlush: zlib.constants.Z_SYNC_FLUSH } : {};
  if (coding === 'gzip') return zlib.createGunzip(options);
  // "deflate" should be zlib-wrapped (RFC 9110), but many servers send raw deflate; the zlib header tells.
  return isZlibHeader(input) ? zlib.createInflate(options) : zlib.createInflateRaw(options);
}

/** RFC 1950: compression method 8 in the low nibble and a header checksum divisible by 31. */
function isZlibHeader(input: Buffer): boolean {
  if (input.length < 2) return false;
  const cmf = input[0]!;
  const flg = input[1]!;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

function tooLarge(message: string): FetchError {
  return new FetchError('FETCH_BODY_TOO_LARGE', message);
}
