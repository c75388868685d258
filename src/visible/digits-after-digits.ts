// Digits a page sets in an inline element of their own right after other digits: raised or split cents, footnote marks.
import type { Element } from 'domhandler';
import { toPriceText, toSuperscriptDigits } from '../prices/price-text';
import { findCurrencies } from '../prices/price-tokens';

export interface JoinedPiece {
  /** What the element adds to the line's text. */
  piece: string;
  /** The element is part of the number before it (cents) or a footnote mark, never a price of its own. */
  fragment: boolean;
}

/**
 * Joined as written, "12<sup>99</sup>" and `<span class="whole">12</span><span class="cents">99</span>` read
 * 1299: a hundred times the price. Two digits there are the cents, joined with the decimal separator the
 * units' own grouping leaves free ("1.299" + "00" reads "1.299,00"). Other raised digits right after a
 * number are a footnote mark ("12,99<sup>1</sup>"), as "¹" is in the price lexer. Digits in any other
 * inline element are left as written: "1<span>299</span>" is one number.
 */
export function joinAfterDigits(before: string, element: Element, piece: string): JoinedPiece {
  const unchanged = { piece, fragment: false };
  const raised = element.tagName === 'sup';
  // Inside <sup> spacing is not seen; elsewhere a space is a visible gap the parser must judge.
  const digits = raised ? piece.trim() : piece;
  // "29<sup>€99</sup>", "29<sup>,99 €</sup>": the cents set with the sign in an element of their own (French shops).
  // Joined, the lexer reads "29€99"; alone, "€99" was a price of its own, 99 €.
  if (signedCents(before, digits, raised)) return { piece: digits, fragment: true };
  // Digits of any script: "١٬٢٣٤<sup>٥٠</sup>" joined as written read "١٬٢٣٤٥٠", no amount (or 1.2345 before).
  if (!/^\p{Nd}+$/u.test(digits)) return unchanged;
  // "12,99 €<sup>1</sup>": a mark after the price's currency, never a second amount. Two digits there are the
  // cents of "129€<sup>99</sup>", as French shops write it: left for the lexer, which reads "129€99".
  if (raised && endsWithPriceSign(before)) return digits.length === 2 && isWholeEuros(before) ? unchanged : { piece: '*', fragment: true };
  // "29:<sup>90</sup>": Swedish öre after the colon, the units' part (the parser reads "29:90 kr"; alone, "90" was the price, 90 SEK).
  if (digits.length === 2 && /\p{Nd}:$/u.test(before)) return { piece: digits, fragment: true };
  // "12,<sup>99</sup>", `12,<span class="fraction">99</span>` (Bol.com, Dutch and Nordic shops): the cents after the units'
  // own separator. Alone, "99" was the price, 99 €.
  if (digits.length === 2 && /(?:^|[^.,\p{Nd}])\p{Nd}{1,3}(?:[.' \u00A0\u202F]\p{Nd}{3})*[.,]$/u.test(before.slice(-64))) return { piece: digits, fragment: true };
  if (!/\p{Nd}$/u.test(before)) return unchanged;
  // The last 64 characters: a run anchored only at its end is retried from each of its characters (quadratic on a
  // long run of spaces or digits earlier in the text), and a price's units never run that long.
  const units = /[\p{Nd}.,'\s\u066B\u066C]*$/u.exec(before.slice(-64))![0].trim();
  const hasDecimals = /[.,\u066B]\p{Nd}{1,2}$/u.test(units);
  if (digits.length === 2 && !hasDecimals) return { piece: `${decimalSeparatorFor(units)}${digits}`, fragment: true };
  // "KD 12<sup>500</sup>": three raised digits are the fils of a three-decimal currency as much as a footnote;
  // passed on as superscripts, which the parser refuses after whole units rather than read 12.
  if (raised && digits.length === 3 && !hasDecimals) return { piece: toSuperscriptDigits(toPriceText(digits).text), fragment: true };
  return raised ? { piece: '*', fragment: true } : unchanged;
}

/**
 * Two digits with a sign, right after whole units: after a euro sign ("29<sup>€99</sup>"), after a decimal separator
 * ("29<sup>,99 €</sup>") or after units that end with the separator ("29,<sup>99 €</sup>", "29.<span>99 $</span>").
 */
function signedCents(before: string, piece: string, raised: boolean): boolean {
  const units = raised ? before.trimEnd() : before; // a raised element's gap to the units is no visible one
  if (/[.,]\d{1,2}$/.test(units)) return false;
  if (/\d[.,]$/.test(units)) return /^\d{2} ?\p{Sc}$/u.test(piece);
  return /\d$/.test(units) && /^(?:€ ?\d{2}|[.,]\d{2} ?\p{Sc}?)$/u.test(piece);
}

/** The separator the cents join the units with: the Arabic decimal one after Arabic-Indic or Persian digits, else the one their grouping leaves free ("1.299" + "00" reads "1.299,00"). */
function decimalSeparatorFor(units: string): string {
  if (/[\u0660-\u0669\u06F0-\u06F9]/u.test(units)) return '\u066B';
  return units.includes('.') && !units.includes(',') ? ',' : '.';
}

/** Digits, then a currency sign or code the price lexer knows: the end of a written price ("12,99 €", "990 Kč"). */
function endsWithPriceSign(before: string): boolean {
  const tail = before.trimEnd().slice(-24);
  const last = findCurrencies(tail).at(-1);
  return last !== undefined && last.end === tail.length && /\d\s*$/.test(tail.slice(0, last.start));
}

/** "129€", "1 299 €": whole euros just before, whose cents may follow the sign. */
function isWholeEuros(before: string): boolean {
  const units = /([\d.,' ]*\d) ?€$/.exec(before)?.[1];
  return units !== undefined && !/[.,]\d{1,2}$/.test(units);
}
