// Whether a character the decoder could not read stands in or against a number, where it may have been part of it.

/**
 * U+FFFD (bytes invalid in the page's charset) and C1 controls (a byte a legacy code page leaves undefined,
 * as Chromium and the Encoding Standard decode it, or windows-1252 punctuation read as ISO-8859-1): what
 * stood there is lost, and may have been a digit, a separator or a sign.
 */
const LOST = /[\uFFFD\u0080-\u009F]/;
/** What a number spreads over in price text (spaces and apostrophes already in one form): digits and separators. */
const NUMBER_PART = /[\d.,' ]/;
const DIGIT = /\d/;

/**
 * True when a lost character touches the number at `start..end` or stands between it and more digits:
 * "1�299,00 €" read 299 euros and "€1�299.00" one euro (an invalid byte mid-price), "�9�799元" 799 (the
 * four-byte code of an emoji, wrongly decoded). Whatever the currency beside it, the amount is not known.
 */
export function lostCharacterInNumber(text: string, start: number, end: number): boolean {
  return lostOnSide(text, start - 1, -1) || lostOnSide(text, end, 1);
}

function lostOnSide(text: string, from: number, step: 1 | -1): boolean {
  let lost = false;
  for (let index = from; index >= 0 && index < text.length; index += step) {
    const char = text[index]!;
    if (LOST.test(char)) {
      if (index === from) return true;
      lost = true;
    } else if (!NUMBER_PART.test(char)) return false;
    else if (lost && DIGIT.test(char)) return true;
  }
  return false;
}
