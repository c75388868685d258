// Finds an answer head that HeadUnfolder would hand on byte for byte, so it can pass without its byte-by-byte walk.

const SP = 0x20;
const HT = 0x09;
const HEAD_END = Buffer.from('\r\n\r\n', 'latin1');
/** A final answer's status line, as HeadUnfolder reads the status (1xx heads have another head after them). */
const FINAL_STATUS_LINE = /^HTTP\/\d\.\d [2-9]\d\d/;
const LENGTH_LINE = /^content-length:/i;
const CODINGS_LINE = /^transfer-encoding/i;

/**
 * Why: the unfolder walked every byte of every head through a state machine (a closure call and an array per
 * byte) and copied the rest of the read, body included, into a new buffer: on the fast bench's 27 KB pages,
 * ~0.03 ms a page of main-thread CPU for heads that nearly always need no change.
 *
 * Returns where the head of `chunk` ends (just past its empty line) when the whole head is in `chunk` and is
 * one the unfolder would pass unchanged with no body reader after it; -1 when it must walk it. Passed only:
 * a final status (not 1xx, whose 100 is rewritten and after which another head comes), lines ended by CR LF
 * alone (no bare CR or LF, no fold), at most one Content-Length line with no list in it (two are merged, a
 * list is rewritten), and no Transfer-Encoding line (a chunked body goes through its size-line reader).
 */
export function plainHeadEnd(chunk: Buffer): number {
  const blank = chunk.indexOf(HEAD_END);
  if (blank < 0) return -1;
  const head = chunk.toString('latin1', 0, blank);
  if (!FINAL_STATUS_LINE.test(head)) return -1;
  let lengthLines = 0;
  let start = 0;
  for (;;) {
    const end = head.indexOf('\r\n', start);
    const line = end < 0 ? head.slice(start) : head.slice(start, end);
    if (/[\r\n]/.test(line)) return -1;
    if (start > 0 && !plainField(line)) return -1;
    if (LENGTH_LINE.test(line) && (++lengthLines > 1 || line.includes(','))) return -1;
    if (end < 0) return blank + HEAD_END.length;
    start = end + 2;
  }
}

/** A field line the unfolder hands on as it is: not a fold (white space after a line end), no codings. */
function plainField(line: string): boolean {
  const first = line.charCodeAt(0);
  return first !== SP && first !== HT && !CODINGS_LINE.test(line);
}
