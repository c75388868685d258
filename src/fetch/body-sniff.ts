// What a body's own bytes say about it: a gzip stream, text or binary data, under the type its label names.

/**
 * Whether the bytes left once the named codings are undone still open a gzip member under a type whose bytes
 * are text (or under no type: the bytes are all there is to go by): a page kept gzipped on disk and sent
 * without Content-Encoding, or an answer compressed twice and labelled once (a proxy gzipping a gzipped
 * answer). Kept as sent, the page was binary noise stored as a good page, its price null, and the run counted
 * it a success. Undone once like a named coding (capped, and failing as FETCH_DECOMPRESS if it is no whole
 * stream, which a member's CRC proves), never more: a gzip quine unpacks to itself. A binary type
 * (application/gzip, application/octet-stream: a `.xml.gz` sitemap) is a file, kept as sent for its reader.
 */
export function undeclaredGzip(bytes: Buffer, contentType: string | undefined): boolean {
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

export function hasBinaryDataByte(bytes: Buffer): boolean {
  return bytes.some((byte) => byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f));
}
