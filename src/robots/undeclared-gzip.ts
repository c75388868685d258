// A robots.txt kept gzipped on the server and sent without Content-Encoding: its bytes say what they are.
import { Readable } from 'node:stream';
import { readBody } from '../fetch/body-reader';
import { MAX_ROBOTS_BYTES } from './robots-lines';

/** A gzip member's first bytes (RFC 1952: ID1, ID2, CM = deflate); no text file starts with 0x1F. */
function startsAsGzip(bytes: Buffer): boolean {
  return bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08;
}

/**
 * The file as text bytes. Read as sent, a gzipped file is binary noise with no directive in it, and a
 * file of Disallow lines allowed everything. Unpacked like a declared encoding: a stream cut where we
 * stopped reading (past 500 KiB) gives its head; a stream the server ended early or that is corrupt
 * throws FETCH_DECOMPRESS, and the file counts as unreachable (RFC 9309 §2.3.1.4: disallow all).
 */
export async function withoutUndeclaredGzip(bytes: Buffer): Promise<Buffer> {
  if (!startsAsGzip(bytes)) return bytes;
  const limit = MAX_ROBOTS_BYTES + 1;
  return readBody(Readable.from([bytes]), { contentEncoding: 'gzip', contentLength: undefined, maxBodyBytes: limit, truncateAt: limit });
}
