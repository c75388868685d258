// Whether a body's bytes hold nothing to parse: HTML's ASCII white space only (or none at all), maybe after a UTF-8 byte-order mark.

/** The UTF-8 byte-order mark: no text, only how the text is encoded. */
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Tab, LF, FF, CR and space (HTML's ASCII white space); a page's first other byte ends the scan. A leading
 * byte-order mark is no text either: PHP's blank page after a fatal error, behind the BOM of an included
 * file saved with one, was a page (a success, and the spider's item from nothing stored) while the same
 * page without the BOM was retried as empty.
 */
export function isBlankBody(body: Buffer): boolean {
  const start = UTF8_BOM.every((byte, i) => body[i] === byte) ? UTF8_BOM.length : 0;
  return body.subarray(start).every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d);
}
