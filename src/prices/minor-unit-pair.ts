// "12 zł 99 gr", "$12 and 99 cents", "12 руб. 50 коп.": an amount written as whole units and hundredths, read as one number.
import { printedMinorDigits } from './iso-currencies';
import { findCurrencies, type CurrencyToken, type NumberToken } from './price-tokens';

/**
 * Words for the hundredth of a currency, by the codes of the currencies it divides; `*` for any. Left out where the word is
 * as often something else beside an amount: a bare "h" (hours: "499 Kč 24 h"), "ct" outside the euro ("$12 60 ct", a count),
 * "kr" (a krona's sign), "p" with a space ("£12 50 p", pages).
 */
const HUNDREDTHS: ReadonlyArray<readonly [codes: readonly string[] | '*', words: readonly string[]]> = [
  ['*', ['cents?', 'centavos?', 'centimes?', 'céntimos?', 'centesimi', 'centésimos?']],
  [['EUR'], ['ct\\.?', 'eurocents?']],
  [['GBP'], ['(?<=\\d)p', 'pence']],
  [['CHF'], ['rappen']],
  [['PLN'], ['gr\\.?', 'grosz[ey]?', 'groszy']],
  [['CZK'], ['hal\\.?', 'haléřů', 'haléře']],
  [['RUB', 'UAH', 'BYN'], ['коп\\.?', 'копеек', 'копейки', 'копейка', 'копійок', 'копійки', 'капеек', 'к\\.']],
  [['RON', 'MDL'], ['bani', 'ban']],
  [['BGN'], ['ст\\.?', 'стотинки', 'стотинка']],
  [['SEK'], ['öre']],
  [['NOK', 'DKK'], ['øre']],
  [['TRY'], ['kuruş', 'krş\\.?']],
  [['ILS'], ['אג[׳\'"]?', 'אגורות']],
  [['SAR'], ['هللة', 'هللات']],
  [['THB'], ['สตางค์']],
];

/** "and", "e", "com", "und", "и", "ו-" …: what may join the whole units to the hundredths. */
const JOIN = /^ ?(?:(?:and|&|e|com|und|i|и|і|y|et|ve|og|och|a|și|si) |ו-?)?$/iu;
/** Sticky, run where the hundredths' digits end, so that a "p" sees the digit before it. */
const HUNDREDTHS_AFTER = new RegExp(` ?(${HUNDREDTHS.flatMap(([, words]) => words).join('|')})(?![\\p{L}\\d])`, 'iuy');
/** Each list's words alone, to tell which list the word came from (the digit a "p" needs is not part of the word). */
const WORD_OF = HUNDREDTHS.map(([codes, words]) => [codes, new RegExp(`^(?:${words.join('|').replaceAll('(?<=\\d)', '')})$`, 'iu')] as const);

/** The hundredths opening a text, their digits and word: "99 gr", "и 50 коп.". */
const HUNDREDTHS_OPENING = new RegExp(`^\\s*(?:(?:and|&|e|com|und|i|и|і|y|et|ve|og|och|a|și|si) |ו-?)?(\\d{1,2}) ?(${HUNDREDTHS.flatMap(([, words]) => words.map((word) => word.replace('(?<=\\d)', ''))).join('|')})(?![\\p{L}\\d])`, 'iu');

/**
 * The two digits of hundredths of `currency` that open the words after a whole amount, as a page sets them in an element of
 * their own ("<span>12 zł</span> <span>99 gr</span>"); null when the words open otherwise or name another currency's.
 */
export function hundredthsOpening(after: string, currency: string): string | null {
  // The amount's own sign may still stand first ("12 руб." leaves "руб. 50 коп." after the digits).
  const sign = findCurrencies(after)[0];
  const opening = HUNDREDTHS_OPENING.exec(sign && /^\s*$/.test(after.slice(0, sign.start)) ? after.slice(sign.end) : after);
  if (!opening || printedMinorDigits(currency) !== 2) return null;
  const named = WORD_OF.filter(([, pattern]) => pattern.test(opening[2])).map(([codes]) => codes);
  return named.some((codes) => codes === '*' || codes.includes(currency)) ? opening[1].padStart(2, '0') : null;
}

/** The codes of the sign whose hundredths the word names; empty when it names another currency's. */
function codesNamed(sign: CurrencyToken, word: string): readonly string[] {
  const named = WORD_OF.filter(([, pattern]) => pattern.test(word)).map(([codes]) => codes);
  const codes = named.includes('*') ? sign.candidates : sign.candidates.filter((code) => named.some((list) => list !== '*' && list.includes(code)));
  // A hundredth exists only in a currency printed with two decimals (not the yen's, nor a dinar's fils).
  return codes.filter((code) => printedMinorDigits(code) === 2);
}

/**
 * Whole units, their sign, then their hundredths ("12 zł 99 gr"), or the sign first ("$12 and 99 cents"): one amount, with the
 * sign it is in; null when the two numbers are not such a pair. The lexer has already set numbers apart ("Pack of 6 159 reais").
 */
function pairOf(text: string, whole: NumberToken, minor: NumberToken, sign: CurrencyToken | undefined): NumberToken | null {
  if (!sign || whole.excluded || whole.magnitude || whole.embedded || !/^\d{1,2}$/.test(minor.raw) || whole.normalized === null || whole.normalized.includes('.')) return null;
  const signFirst = sign.end <= whole.start;
  const between = signFirst ? text.slice(whole.end, minor.start) : text.slice(sign.end, minor.start);
  const joined = signFirst ? /^ *$/.test(text.slice(sign.end, whole.start)) : /^ *$/.test(text.slice(whole.end, sign.start));
  HUNDREDTHS_AFTER.lastIndex = minor.end;
  const word = HUNDREDTHS_AFTER.exec(text);
  if (!joined || !JOIN.test(between) || !word) return null;
  const candidates = codesNamed(sign, word[1]);
  if (candidates.length === 0) return null;
  const end = minor.end + word[0].length;
  return { start: whole.start, end, raw: text.slice(whole.start, end), normalized: `${whole.normalized}.${minor.raw.padStart(2, '0')}`, embedded: { ...sign, candidates } };
}

/** The numbers of a text (in order) with each such pair joined into one amount; one walk over both lists, both in order. */
export function joinMinorUnits(text: string, numbers: readonly NumberToken[], currencies: readonly CurrencyToken[]): NumberToken[] {
  const out: NumberToken[] = [];
  let at = 0;
  for (let index = 0; index < numbers.length; index++) {
    const [whole, minor] = [numbers[index], numbers[index + 1]];
    const from = numbers[index - 1]?.end ?? 0;
    while (at < currencies.length && currencies[at].start < from) at++;
    // The sign between the whole units and the hundredths, else the last one before the units (each sign is looked at twice at most).
    let sign: CurrencyToken | undefined;
    for (let next = at; minor && next < currencies.length && currencies[next].end <= minor.start; next++) {
      if (currencies[next].end <= whole.start || sign === undefined || sign.end <= whole.start) sign = currencies[next];
    }
    const pair = minor ? pairOf(text, whole, minor, sign) : null;
    if (pair) index++;
    out.push(pair ?? whole);
  }
  return out;
}
