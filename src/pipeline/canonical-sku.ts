// The one written form of a scraped SKU, so invisible or typographic differences never split one product's price history.

/**
 * Characters that show nothing but make two strings differ: format characters (zero-width space and
 * joiners, word joiner, byte-order mark, soft hyphen, bidi marks and overrides). Page templates leave
 * them in SKUs (a `&shy;` for line breaking, a ZWSP a CMS adds, a BOM from a feed). Other control
 * characters stay: removing an escape character would leave its sequence's text behind as if it were
 * the SKU's, and whatever prints a SKU removes whole sequences (terminal-safe.ts).
 */
const FORMAT = /\p{Cf}/gu;
const WHITESPACE_RUN = /\s+/g;
/** Printable ASCII words with single spaces: the usual SKU, which canonicalSku returns unchanged without work. */
const PLAIN = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

/**
 * The SKU as one text for one product: Unicode NFKC (NFC and NFD spellings of `Café-1` become one,
 * full-width `ＡＢ１２３` the ASCII `AB123` the shop's other pages show), invisible characters removed, whitespace (a line break in the element, a trailing
 * space, NBSP) trimmed and each run inside written as one space. Case is kept: some shops' SKUs differ
 * by case alone. The empty text means the page gave no SKU.
 */
export function canonicalSku(sku: string): string {
  if (PLAIN.test(sku)) return sku;
  // Format characters go first: a BOM counts as whitespace to a regex, yet shows nothing.
  return sku.replace(FORMAT, '').normalize('NFKC').replace(WHITESPACE_RUN, ' ').trim();
}
