// Tyre sizes in a price text ("205/55 R16 91V", "LT265/75R16 123/120R", "31x10.50R15"): a measure, and their "R" no rand.
import type { Span } from './price-tokens';

/**
 * Width / aspect ratio, the construction (R radial, ZR, RF, or "-" for bias), the rim in inches, then maybe the load
 * index and speed letter ("91V", "123/120R"); or a flotation size ("31x10.50R15"). Tyre shops print it beside every
 * price; read as text, "R16" was sixteen rand (a rand sign glued to digits), stored over the shop's own currency.
 */
const TYRE_SIZE = /(?<![\p{L}\d])(?:(?:P|LT|T)?\d{3} ?\/ ?\d{2} ?(?:Z?R|RF|-) ?\d{2}(?:[.,]5)?C?|\d{2}[xX]\d{1,2}[.,]\d{2} ?R ?\d{2})(?: ?\d{2,3}(?:\/\d{2,3})? ?[LMNPQRSTUHVWY](?![\p{L}\d]))?/gu;

/** The tyre sizes of the text, in order. */
export function tyreSizes(text: string): Span[] {
  if (!/\d ?[-R]/.test(text)) return []; // every size has a digit before its construction: most texts are done here
  return [...text.matchAll(TYRE_SIZE)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

/** Whether the span lies inside one of the sizes. */
export const insideAny = (sizes: readonly Span[], span: Span): boolean => sizes.some((size) => size.start <= span.start && span.end <= size.end);
