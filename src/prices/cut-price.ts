// Whether an item's price is the last text of a page cut short: then it is the cut, never the price.
import type { Item } from '../core/item';
import { Decimal } from '../core/money';
import { closesHtmlDocument, opensHtmlDocument } from '../core/document-ends';

/** The drop reason of a price that is the cut end of its page. */
export const CUT_PRICE = 'price/truncated';

/**
 * A body can end early behind framing that looks whole: a Content-Length short of what the server writes
 * (the rest arriving in a later read, after undici has ended the body), a clean FIN on a close-delimited
 * body, a clean last chunk. No transport check sees those; the page shows them. `12,800円</p></body>` cut
 * after `12,` left `<p class="price">12,`, which parsed as 12 yen. So a price with the digits of the body's
 * last text, in a document that opened (`<html>` or `<body>`) and never closed (no `</body>`, no `</html>`), is refused, whatever tags follow
 * that text (a cut after `12</span>` of `<span>12</span><span>,800円` is a cut price too). Refusing a whole
 * page that ends on its price without those end tags (HTML allows it, shops hardly serve it) costs a price;
 * keeping a cut one stores a wrong number. A page that omits end tags but has text after its price reads.
 */

/** Bytes of the body's end looked at: a closed document's end tags, or its last text and the tags after it. */
const TAIL_BYTES = 256;

/**
 * The last number of the body: digits joined by separators (ASCII, or the UTF-8 bytes of a no-break or thin
 * space), then at most a currency sign or a stray separator up to the end (no letter, no markup, nor the
 * bracket or quote that ends a JSON document, nor the `;` of a script or an entity like `&#165;`).
 */
const TRAILING_NUMBER = /(\d(?:[\d.,'\s]|[\x80-\xff]{1,3}(?=\d))*)[^\dA-Za-z<>{}[\]";=]{0,6}$/;

/** Tags after the last text, the last of them maybe cut (`12</span></p><di`): a cut can fall between tags too. */
const TRAILING_MARKUP = /(?:\s*<[^<>]*>?)*\s*$/;

/**
 * The digits of a cut-looking body's last text, or null when its end is one a document may have. Cheap:
 * a look at the last bytes, where a closed document has its end tags; the whole body is searched only when
 * they are not there and the last text ends in a number.
 */
export function cutTailDigits(body: Buffer): string | null {
  // Latin-1 keeps one character per byte: the digits and the markup are ASCII in every charset we read.
  const tail = body.subarray(Math.max(0, body.length - TAIL_BYTES)).toString('latin1');
  if (closesHtmlDocument(tail)) return null;
  const number = TRAILING_NUMBER.exec(tail.replace(TRAILING_MARKUP, ''));
  if (!number) return null;
  const whole = body.toString('latin1');
  if (closesHtmlDocument(whole) || !opensHtmlDocument(whole)) return null;
  const digits = significantDigits(number[1]!);
  return digits === '' ? null : digits;
}

/**
 * The item as the pipeline should see it: with its price refused (`price/truncated`) when that price is the
 * number its page's body ends in (`tailDigits` asked once per page, and only for an item with a price).
 */
export function withoutCutPrice(item: Item, tailDigits: () => string | null): Item {
  if (item.price === undefined || item.price === null) return item;
  const tail = tailDigits();
  if (tail === null || !isCutPrice(item.price, tail)) return item;
  return { ...item, price: null, priceRefusal: CUT_PRICE };
}

/**
 * Whether `price` (as the spider yielded it: text, number or Decimal) is the number a cut body ends in: the
 * same digits, or the last ones of its digits (a price split over elements, `<b>12</b>,<sup>8`).
 */
export function isCutPrice(price: unknown, tailDigits: string): boolean {
  const shown = typeof price === 'string' ? price : typeof price === 'number' ? String(price) : Decimal.isDecimal(price) ? price.toFixed() : null;
  if (shown === null) return false;
  const digits = significantDigits(shown);
  return digits !== '' && digits.endsWith(tailDigits);
}

/** The digits of a number with no trailing zeros: "12,80" and the number 12.8 both give "128". */
function significantDigits(shown: string): string {
  return shown.replace(/\D/g, '').replace(/0+$/, '');
}
