// A robots.txt kept gzipped on the server and sent without Content-Encoding: its bytes say what they are.
import { Readable } from 'node:stream';
import { readBody } from '../fetch/body-reader';
import { startsAsGzip } from '../fetch/body-sniff';
import { MAX_ROBOTS_BYTES } from './robots-lines';

/**
 * The file as text bytes, whatever type it came as (the fetcher unpacks gzip nobody named only under a text
 * type, and a robots.txt is text). Read as sent, a gzipped file is binary noise with no directive in it, and a
 * file of Disallow lines allowed everything. Unpacked like a declared encoding: a stream cut where we
 * stopped reading (past 500 KiB) gives its head; a stream the server ended early or that is corrupt
 * throws FETCH_DECOMPRESS, and the file counts as unreachable (RFC 9309 §2.3.1.4: disallow all).
 */
export async function withoutUndeclaredGzip(bytes: Buffer): Promise<Buffer> {
  if (!startsAsGzip(bytes)) return bytes;
  const limit = MAX_ROBOTS_BYTES + 1;
  return readBody(Readable.from([bytes]), { contentEncoding: 'gzip', contentLength: undefined, maxBodyBytes: limit, truncateAt: limit });
}
