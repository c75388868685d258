// Undoes one coding of a body under a byte cap: flushed when we cut the stream, failed when its server did.
import zlib from 'node:zlib';
import { FetchError } from '../core/errors';
import type { Coding } from './content-codings';
import { gzipMembersBeforeGarbage } from './gzip-members';
import { restOutsideCoding } from './stream-tail';

/** Bytes read so far, and whether we cut them at `truncateAt` (more was there) rather than reaching their end. */
export interface Read {
  bytes: Buffer;
  cut: boolean;
}

export function decode(read: Read, coding: Coding, maxBytes: number, truncate: boolean, contentType: string | undefined): Promise<Read> {
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

export function tooLarge(message: string): FetchError {
  return new FetchError('FETCH_BODY_TOO_LARGE', message);
}
