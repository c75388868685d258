// Whether a body's bytes hold nothing to parse: HTML's ASCII white space only (or none at all).

/** Tab, LF, FF, CR and space (HTML's ASCII white space); a page's first other byte ends the scan. */
export function isBlankBody(body: Buffer): boolean {
  return body.every((byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d);
}
