// Judges the bytes after a whole coded stream of a body: junk set aside, or the rest of the page (refused).
import { FetchError } from '../core/errors';
import { documentLeftOpen } from './body-end-check';

/**
 * Bytes after a whole coded stream (gzip members, a deflate or brotli stream) when they are the rest of the
 * page: the stream holds a document that does not end there and they are more than white space. So a page is
 * sent whose output compression stopped mid-page (a flush that ended the stream, the rest echoed as it is).
 * Browsers show the stream's part; read as the page, it was cut where the compression stopped, a price with
 * it ("12.99" read as "1"). After a document that ended they are junk (a comment echoed after the page), set aside.
 */
export function restOutsideCoding(coding: string, decoded: Buffer, after: Buffer, contentType: string | undefined): FetchError | null {
  if (after.every(isWhiteSpaceByte)) return null;
  const what = documentLeftOpen(decoded, contentType);
  if (what === null) return null;
  return new FetchError('FETCH_DECOMPRESS', `a whole ${coding} stream holding ${what}, then ${after.length} bytes outside it: the rest of the page is outside the coding`);
}

function isWhiteSpaceByte(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x0c;
}
