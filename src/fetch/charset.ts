// Picks a response's charset the way browsers do (BOM > header > meta/XML declaration > utf-8), except that
// UTF-8 bytes declared as a single-byte charset or as UTF-16 are read as UTF-8, and decodes.
import { isAscii, isUtf8 } from 'node:buffer';
import { resolveCharsetLabel } from './charset-labels';
import { metaCharsetLabels } from './meta-prescan';
import { decodeText } from './text-decoders';

export { decodeText } from './text-decoders';

/** `utf8-bytes`: a single-byte charset or UTF-16 was declared, but the bytes are UTF-8 (see `declaredOrUtf8`). */
export type CharsetSource = 'bom' | 'header' | 'meta' | 'xml' | 'default' | 'utf8-bytes';

export interface CharsetDetection {
  /** Canonical encoding name, e.g. "utf-8", "windows-1252", "shift_jis". */
  encoding: string;
  source: CharsetSource;
  /** Declared labels that no browser knows; they were skipped, so callers can log them. */
  unknownLabels: string[];
}

export interface DecodedBody extends CharsetDetection {
  text: string;
}

/**
 * How far into the body a declaration is looked for at most: Chromium reads a meta anywhere in the head
 * (`meta-prescan.ts` stops at its end, past the first 1 KiB); this only bounds the copy of a huge page.
 */
const PRESCAN_BYTES = 512 * 1024;

export function detectCharset(contentType: string | undefined, body: Buffer): string {
  return sniffCharset(contentType, body).encoding;
}

export function sniffCharset(contentType: string | undefined, body: Buffer): CharsetDetection {
  const bom = bomEncoding(body);
  if (bom) return { encoding: bom, source: 'bom', unknownLabels: [] };

  const unknownLabels: string[] = [];
  const headerLabel = contentType ? charsetParam(contentType) : null;
  if (headerLabel) {
    const encoding = resolveCharsetLabel(headerLabel);
    if (encoding) return declaredOrUtf8({ encoding, source: 'header', unknownLabels }, body);
    // An unrecognised header label is ignored by browsers; the in-document declaration still counts.
    unknownLabels.push(headerLabel);
  }

  if (!isJson(contentType)) {
    const head = body.subarray(0, PRESCAN_BYTES).toString('latin1');
    const xmlLabel = xmlDeclarationLabel(head);
    if (xmlLabel) {
      const encoding = resolveCharsetLabel(xmlLabel);
      if (encoding) return declaredOrUtf8({ encoding: asciiCompatible(encoding), source: 'xml', unknownLabels }, body);
      unknownLabels.push(xmlLabel);
    }
    for (const label of metaCharsetLabels(head)) {
      const encoding = resolveCharsetLabel(label);
      if (encoding) return declaredOrUtf8({ encoding: asciiCompatible(encoding), source: 'meta', unknownLabels }, body);
      unknownLabels.push(label);
    }
  }
  return { encoding: 'utf-8', source: 'default', unknownLabels };
}

/** The legacy charsets of one byte per character, whose text is never valid UTF-8 by accident. */
const SINGLE_BYTE = /^(windows-12\d\d|windows-874|iso-8859-\d+(-i)?|koi8-[ru]|macintosh|ibm866|x-mac-cyrillic)$/;

/**
 * A page declared in a single-byte charset whose bytes are valid UTF-8 with non-ASCII characters is
 * UTF-8 (a server default of ISO-8859-1 in front of a UTF-8 shop is common): genuine windows-1252 text
 * with an accented letter is invalid UTF-8, and valid multi-byte sequences in it would read as "Ã©".
 * Decoded as declared, "12,99 €" became "12,99 â‚¬", whose price then took the shop's default currency.
 */
function declaredOrUtf8(declared: CharsetDetection, body: Buffer): CharsetDetection {
  const misdeclared = SINGLE_BYTE.test(declared.encoding) ? !isAscii(body) && isUtf8(body) : isUtf16(declared.encoding) && notUtf16(body);
  return misdeclared ? { encoding: 'utf-8', source: 'utf8-bytes', unknownLabels: declared.unknownLabels } : declared;
}

function isUtf16(encoding: string): boolean {
  return encoding === 'utf-16le' || encoding === 'utf-16be';
}

/**
 * A header naming UTF-16 (IIS's "Unicode" label on every answer) over bytes that are UTF-8: read as UTF-16
 * the markup became CJK characters, not one tag or price left, where browsers at least show the shop broken.
 * UTF-16 of markup has a zero byte in every ASCII character (`<`, a space); bytes with none in the head
 * that are valid UTF-8 as a whole were never UTF-16 (Chinese text alone in UTF-16 has no zero byte, but is
 * no valid UTF-8: its lead bytes are not UTF-8's).
 */
function notUtf16(body: Buffer): boolean {
  return !body.subarray(0, PRESCAN_BYTES).includes(0) && isUtf8(body);
}

/** Decodes with the detected charset; a BOM is never part of the text. */
export function decodeBody(body: Buffer, contentType: string | undefined): DecodedBody {
  const detection = sniffCharset(contentType, body);
  return { ...detection, text: decodeText(body, detection.encoding) };
}

function bomEncoding(body: Buffer): string | null {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * The `charset` of a Content-Type field, quotes removed; null when absent or empty. A field sent twice
 * (an application's and its web server's: `text/html; charset=utf-8, text/html; charset=windows-1251`)
 * reaches us joined by commas and is read as Fetch's "extract a MIME type" reads it, as browsers do: the
 * last charset of the last type; a later value of the same type that names none keeps it, one of another
 * type drops it. The first value's charset decoded a windows-1251 page as UTF-8, its price beside U+FFFD.
 */
export function charsetParam(contentType: string): string | null {
  return extractMimeType(contentType)?.charset ?? null;
}

interface MimeType {
  essence: string;
  charset: string | null;
}

function extractMimeType(contentType: string | undefined): MimeType | null {
  let essence: string | null = null;
  let charset: string | null = null;
  for (const value of contentType?.match(/(?:"[^"]*"|[^,])+/g) ?? []) {
    const type = /^\s*([^\s/;]+\/[^\s;]+)/.exec(value)?.[1]?.toLowerCase();
    if (!type || type === '*/*') continue;
    const label = charsetOfParameters(value);
    if (type !== essence) charset = null;
    essence = type;
    if (label !== '') charset = label;
  }
  return essence === null ? null : { essence, charset };
}

/**
 * One parameter after another, a quoted value read whole (with its backslash escapes) as Fetch's MIME type
 * parser reads it: `foo="a;charset=koi8-r"; charset=iso-8859-15` names ISO-8859-15, not KOI8-R, as in
 * Chromium. The first charset counts; spaces around the name and `=` are tolerated (browsers ignore such a
 * parameter, but the server meant it), and so are single quotes.
 */
function charsetOfParameters(value: string): string {
  for (const param of value.matchAll(/;\s*([^;=]*)(?:=\s*("(?:[^"\\]|\\.)*"?|'[^']*'?|[^;]*)[^;]*)?/g)) {
    if (param[1]!.trim().toLowerCase() !== 'charset') continue;
    const raw = param[2] ?? '';
    if (raw.startsWith('"')) return raw.slice(1).replace(/"$/, '').replace(/\\(.)/g, '$1').trim();
    if (raw.startsWith("'")) return raw.slice(1).replace(/'$/, '').trim();
    return raw.trim();
  }
  return '';
}

export function isJson(contentType: string | undefined): boolean {
  const mime = extractMimeType(contentType)?.essence;
  if (!mime) return false;
  return mime === 'application/json' || mime === 'text/json' || mime.endsWith('+json');
}

/**
 * A declaration found by scanning ASCII bytes cannot truthfully name UTF-16 (the scan would not have
 * found it); browsers read such a meta as utf-8, and one naming x-user-defined as windows-1252.
 */
function asciiCompatible(encoding: string): string {
  if (encoding === 'x-user-defined') return 'windows-1252';
  return isUtf16(encoding) ? 'utf-8' : encoding;
}

function xmlDeclarationLabel(head: string): string | null {
  const match = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']+)["']/.exec(head);
  return match ? match[1]! : null;
}
