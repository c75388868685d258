// Bytes to text for an encoding name of the Encoding Standard, with the decoder that decodes as browsers do.
import iconv from 'iconv-lite';

/**
 * Encodings whose iconv-lite codec reads bytes otherwise than the Encoding Standard (and Chromium), decoded
 * by Node's ICU `TextDecoder` under the name given here, which does match (checked byte for byte against
 * Chromium's `TextDecoder` by `test/browser/chromium-decoders.test.ts`):
 * - gbk: the standard's GBK decoder *is* its gb18030 decoder. iconv-lite's gbk reads a four-byte code as
 *   two pairs, and two of its four bytes are ASCII digits: "🔥99元" (94 39 E6 37 39 39 …) read "�9�799元",
 *   a price of 799. Both iconv-lite codecs also drop some two-byte codes without a trace ("1︐23" read "123").
 * - utf-16le/be: iconv-lite passes lone surrogates through (text no feed or store can hold as is) and drops
 *   an odd last byte; the standard makes each a U+FFFD.
 * - macintosh, x-mac-cyrillic: iconv-lite has the old tables, where 0xDB (0xFF) is "¤", not "€".
 * - iso-2022-jp: iconv-lite has no codec.
 */
const ICU_NAME: Readonly<Record<string, string>> = {
  gbk: 'gb18030',
  gb18030: 'gb18030',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  macintosh: 'macintosh',
  'x-mac-cyrillic': 'x-mac-cyrillic',
  'iso-2022-jp': 'iso-2022-jp',
};

/** The standard's KOI8-U is what iconv-lite calls KOI8-RU (0xAE "ў", 0xBE "Ў"; KOI8-U proper has box drawings there). */
const ICONV_NAME: Readonly<Record<string, string>> = { 'koi8-u': 'koi8-ru' };

/** `body` as text in `encoding` (a name `sniffCharset` gives); a byte order mark is never part of the text. */
export function decodeText(body: Buffer, encoding: string): string {
  if (encoding === 'utf-8') {
    // Node's native decoder is several times faster than iconv-lite for the common case.
    const start = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
    return body.toString('utf8', start);
  }
  const icu = ICU_NAME[encoding];
  if (icu) return new TextDecoder(icu).decode(body);
  const codec = ICONV_NAME[encoding] ?? encoding;
  if (iconv.encodingExists(codec)) return iconv.decode(body, codec);
  return decodeWhatIconvLacks(body, encoding);
}

/**
 * The standard's encodings no codec above covers; every name `resolveCharsetLabel` gives decodes here or
 * above, so a declared charset is never silently read as utf-8.
 */
function decodeWhatIconvLacks(body: Buffer, encoding: string): string {
  // Browsers refuse these 7-bit encodings (markup can hide in their escapes): the whole body is one U+FFFD.
  if (encoding === 'replacement') return body.length > 0 ? '\uFFFD' : '';
  // x-user-defined: ASCII as is, each byte above it one private-use character (U+F780 + byte - 0x80).
  if (encoding === 'x-user-defined') return Array.from(body, (byte) => String.fromCharCode(byte < 0x80 ? byte : 0xf700 + byte)).join('');
  // A name neither knows is a bug of ours, not the page's: TextDecoder throws rather than guess.
  return new TextDecoder(encoding).decode(body);
}
