// Turns the bytes of a robots.txt answer into text: UTF-8 (RFC 9309 §2.3) whatever the server declares, unless a UTF-16 BOM says otherwise.
import { shownText } from './markup-text';
import { MAX_ROBOTS_BYTES, robotsDirectives, withoutCutLine } from './robots-lines';

/** Well-formed UTF-8 (Unicode Table 3-7): a lead byte range, the range its second byte must be in, the sequence length. */
const SEQUENCES: ReadonlyArray<readonly [leadFrom: number, leadTo: number, secondFrom: number, secondTo: number, length: number]> = [
  [0xc2, 0xdf, 0x80, 0xbf, 2],
  [0xe0, 0xe0, 0xa0, 0xbf, 3],
  [0xe1, 0xec, 0x80, 0xbf, 3],
  [0xed, 0xed, 0x80, 0x9f, 3],
  [0xee, 0xef, 0x80, 0xbf, 3],
  [0xf0, 0xf0, 0x90, 0xbf, 4],
  [0xf1, 0xf3, 0x80, 0xbf, 4],
  [0xf4, 0xf4, 0x80, 0x8f, 4],
];

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The file's text, read as UTF-8 even when the Content-Type names another charset or the body looks like
 * HTML with a meta charset: the file must be UTF-8, and a server's label is more often wrong than the file.
 * A byte that is not part of well-formed UTF-8 (a Latin-1 `ü`) becomes `%XX`, the byte a URL would carry:
 * `Disallow: /\xFC` then keeps crawlers out of `/%FC`, as Google's parser (which escapes raw bytes) does,
 * instead of turning into U+FFFD, which matches no URL at all. A file served as an HTML document is read as
 * the text a browser shows of it (markup-text.ts).
 */
export function robotsText(bytes: Buffer): string {
  const text = decodedText(bytes);
  return shownText(text) ?? text;
}

function decodedText(bytes: Buffer): string {
  const utf16 = utf16ByBom(bytes);
  if (utf16) return utf16Text(bytes, utf16);
  const text = utf8Text(bytes);
  return (bytes.includes(0) ? bomlessUtf16Text(bytes, text) : null) ?? text;
}

/**
 * UTF-16 sent without a BOM (ASP.NET's `Encoding.Unicode` writes none into a response; the label, which we
 * do not trust, may say `utf-16` or nothing): read as UTF-8 each line ended at its first NUL, no line was
 * read, and a file of Disallow lines allowed everything. Its NULs give it away; of the two byte orders, the
 * one whose reading holds directives is the file. A reading with none either way keeps the UTF-8 text.
 */
function bomlessUtf16Text(bytes: Buffer, utf8: string): string | null {
  if (robotsDirectives(utf8).length > 0) return null;
  for (const encoding of ['utf-16le', 'utf-16be'] as const) {
    const text = utf16Text(bytes, encoding);
    if (robotsDirectives(text).length > 0) return text;
  }
  return null;
}

function utf8Text(bytes: Buffer): string {
  const body = withoutPartialBom(bytes);
  try {
    return strictUtf8.decode(body);
  } catch {
    // Not well-formed: below, byte by byte.
  }
  let text = '';
  let start = 0;
  let at = 0;
  while (at < body.length) {
    const length = sequenceLength(body, at);
    if (length > 0) {
      at += length;
      continue;
    }
    text += `${body.toString('utf8', start, at)}%${body[at].toString(16).toUpperCase().padStart(2, '0')}`;
    at += 1;
    start = at;
  }
  return text + body.toString('utf8', start);
}

/**
 * A file saved as UTF-16 (Windows editors) says so with its BOM, which no UTF-8 text starts with: read as
 * UTF-8 its every other byte was a NUL, which ends a line, so no line was read and a file of Disallow
 * lines allowed everything. Read as the BOM says, it is the site's own rules (never more than none).
 */
function utf16ByBom(body: Buffer): 'utf-16le' | 'utf-16be' | null {
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return null;
}

/** The first 500 KiB of a UTF-16 file (the line reader counts UTF-8 bytes), without a line the limit cut. */
function utf16Text(bytes: Buffer, encoding: 'utf-16le' | 'utf-16be'): string {
  const text = new TextDecoder(encoding).decode(bytes.subarray(0, MAX_ROBOTS_BYTES - (MAX_ROBOTS_BYTES % 2)));
  return bytes.length > MAX_ROBOTS_BYTES ? withoutCutLine(text) : text;
}

/**
 * A BOM cut short (`EF` or `EF BB` before the first line) is dropped, as Google's parser skips any BOM
 * prefix: escaped as `%EF%BB` it glued onto the first key (`%EF%BBUser-agent`), which then named no
 * directive, so the file's first group lost its user-agent line and its rules (`Disallow: /`) went unread.
 * A whole BOM is U+FEFF, which the line reader drops.
 */
function withoutPartialBom(body: Buffer): Buffer {
  if (body[0] !== 0xef || sequenceLength(body, 0) > 0) return body;
  return body.subarray(body[1] === 0xbb ? 2 : 1);
}

/** The length of the well-formed UTF-8 sequence at `at`, or 0 when the byte there starts none. */
function sequenceLength(body: Buffer, at: number): number {
  const lead = body[at];
  if (lead < 0x80) return 1;
  const form = SEQUENCES.find(([from, to]) => lead >= from && lead <= to);
  if (!form) return 0;
  const [, , secondFrom, secondTo, length] = form;
  if (at + length > body.length) return 0;
  const second = body[at + 1];
  if (second < secondFrom || second > secondTo) return 0;
  for (let i = 2; i < length; i++) if ((body[at + i] & 0xc0) !== 0x80) return 0;
  return length;
}
