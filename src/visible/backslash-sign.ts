// Byte 0x5C in the legacy Japanese and Korean encodings: a yen or won sign in their fonts, a backslash once decoded.

/**
 * Shift_JIS, EUC-JP and ISO-2022-JP put the yen sign where ASCII has the backslash, and Japanese fonts draw
 * byte 0x5C as "¥"; EUC-KR's fonts draw it as "₩". Decoders (WHATWG, Node, browsers) give U+005C, so an
 * old shop's "\1,980" is read with no currency, though every visitor sees ¥1,980. Written back as the sign
 * the page's readers see ("JP¥": the encoding says Japan, where a bare ¥ could also be yuan).
 */
const SIGN_OF_ENCODING: Readonly<Record<string, string>> = { shift_jis: 'JP¥', 'euc-jp': 'JP¥', 'iso-2022-jp': 'JP¥', 'euc-kr': '₩' };

/** The sign byte 0x5C shows as on pages of `encoding`, or null for every other encoding. */
export function backslashSignOf(encoding: string | undefined): string | null {
  return (encoding && SIGN_OF_ENCODING[encoding.toLowerCase()]) || null;
}

/** A backslash right before an amount, and not inside a word, a path or an escape ("C:\2019", "a\1"). */
const BEFORE_AMOUNT = /(^|[^\p{L}\p{N}:\\/])\\(?=\s?\d)/gu;

/** `text` with each backslash that stands before an amount written as `sign`. */
export function withBackslashSign(text: string, sign: string): string {
  return text.includes('\\') ? text.replace(BEFORE_AMOUNT, `$1${sign}`) : text;
}
