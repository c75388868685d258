// Whether a value sent as a credential is distinctive enough that a page holding it quotes it, rather than holding it by chance.

/** Below this, no value is looked for: a four-character PIN or `pass=1` turns up in any page by chance. */
const MIN_CHARS = 6;
/**
 * Bits a machine-made value must carry, estimated from its length and the character classes it uses: a page of some
 * 10^5 places would hold a given 32-bit string by chance about once in 40,000 pages. A 10-digit value carries 33, a
 * 6-character mixed-case one 36; `123456`, `20240101` or `a1b2c3` are numbers and codes a page prints on its own.
 */
const MIN_BITS = 32;
/**
 * Text of words (`required`, `optional`, `Members-only`, `NONE`) is no random draw: a flag's value, and any page's
 * prose. Such a value is looked for only from this length: a machine token of letters alone is that long, and words
 * run together that far are not a page's prose.
 */
const MIN_WORDS_CHARS = 16;
/** Words in one case each (lower, UPPER or Capitalized), joined by spaces or punctuation a name uses. */
const WORDS = /^(?:\p{Lu}?\p{Ll}+|\p{Lu}+)(?:[\s._-]+(?:\p{Lu}?\p{Ll}+|\p{Lu}+))*$/u;
/** Characters that join a value's parts (dates, ids, slugs): they add length, not chance. */
const JOINERS = /[\s._:/-]/gu;

const CLASSES: ReadonlyArray<[RegExp, number]> = [
  [/\p{Ll}/u, 26],
  [/\p{Lu}/u, 26],
  [/\d/u, 10],
  [/[^\p{Ll}\p{Lu}\d\s._:/-]/u, 33],
];

/**
 * Whether `value` counts as a credential to look for. `chosenByPerson`: a password (a parameter or header named so, a
 * URL's user info) is a person's choice and often words, and its name says it is one, so only its length counts; a
 * key, token, signature or secret is machine-made, and a value in one of those places that reads as words or a small
 * number is a flag (`auth=required`, `token=none`, `sig=0`), no secret.
 */
export function isDistinctiveSecret(value: string, chosenByPerson: boolean): boolean {
  if ([...value].length < MIN_CHARS) return false;
  if (chosenByPerson) return true;
  if (WORDS.test(value)) return [...value].length >= MIN_WORDS_CHARS;
  return estimatedBits(value) >= MIN_BITS;
}

/** Length times the bits per character of the classes the value draws from, joiners left out. */
function estimatedBits(value: string): number {
  const drawn = value.replace(JOINERS, '');
  const alphabet = CLASSES.reduce((size, [pattern, count]) => (pattern.test(drawn) ? size + count : size), 0);
  return alphabet === 0 ? 0 : [...drawn].length * Math.log2(alphabet);
}
