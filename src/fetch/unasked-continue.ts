// Hands an interim 100 Continue to undici as a 102 Processing: undici skips every interim answer but the 100.

const ZERO = 0x30;
const TWO = 0x32;

/**
 * The status line byte to hand the parser for `byte`, given the bytes of the line before it. RFC 9110 §15.2:
 * a client must parse 1xx answers it did not expect and may ignore them; Chromium and curl skip a 100 Continue
 * that answers no `Expect: 100-continue` (servers and proxies that send one to every request exist). undici
 * drops the connection on it as a "bad response", and every page of such a server was lost as
 * `fetch/protocol` on every try of every run. Its third digit turned into a 2 makes it an interim answer undici
 * skips; nothing of a 1xx reaches us either way, and a line of four digits stays one llhttp refuses.
 */
export function continueAsProcessing(lineBefore: string, byte: number): number {
  return byte === ZERO && /^HTTP\/\d\.\d 10$/.test(lineBefore) ? TWO : byte;
}
