// Markup left in a price text (a feed's HTML field, a spider's .html()): read as the page shows it, never as letters.
import { toSuperscriptDigits } from './price-text';

/** A start or end tag: "<sup>", "</span>", "<span class=\"cents\">", "<br/>". Not "<$50" nor "< 5 kg". */
const TAG = /<\/?[a-z][a-z\d-]*(?:\s[^<>]*)?\/?>/;
/** Tags next to each other, with no text between them. */
const TAG_RUN = new RegExp(`(?:${TAG.source})+`, 'gi');
/** A <sup> element and its text: the raised digits of "$19<sup>99</sup>", cents or a footnote mark. */
const RAISED = /<sup(?:\s[^<>]*)?>([^<>]*)<\/sup>/gi;

/**
 * The text a price's markup shows. "$19<sup>99</sup>" read 19: the tags cut the raised cents off as letters. Raised digits become
 * superscript ones, which the parser reads as raised cents or a footnote and refuses after whole units; digits on both sides of
 * another tag ("<span>$12</span><span>99</span>") are set apart by a space, which the parser refuses as units and cents apart.
 * Other tags go, as a browser shows them.
 */
export function withoutMarkup(input: string): string {
  if (!input.includes('<')) return input;
  const raised = input.replace(RAISED, (_whole, inner: string) => toSuperscriptDigits(inner.trim()));
  // One pass over runs of adjacent tags: each run goes, or becomes a space between two digits.
  let out = '';
  let last = 0;
  for (const run of raised.matchAll(TAG_RUN)) {
    out += raised.slice(last, run.index);
    last = run.index + run[0].length;
    if (/\d$/.test(out) && /^\d/.test(raised.slice(last, last + 1))) out += ' ';
  }
  return out + raised.slice(last);
}
