// parsePrice: the exact amount and ISO currency of a price text such as "1 234,56 €" or "Now £12 (was £15)", or why there is none.
import { misdecodedSign } from './misdecoded-sign';
import { Decimal } from '../core/money';
import { choosePrice } from './choose-price';
import { candidatesOf, type Candidate } from './price-candidates';
import { currencyFromContext, outsideIso, resolveCurrency, type CurrencyChoice, type CurrencySource } from './currencies';
import { freeWord, mentionsFree } from './free-price';
import { PRICE_REFUSAL, refuse, type PriceRefusal } from './price-refusal';
import { decimalSeparatorOf, toPriceText } from './price-text';
import { findNumbers } from './find-numbers';
import { findCurrencies, type CurrencyToken, type Span } from './price-tokens';
import { amountAtScale, decimalMarkOf, isFuelPrice } from './three-digit-tail';
import { implausibleAmount } from './implausible-amount';
import { isUnitPrice, perUnitAfter } from './unit-price';
import { fractionOfWholeCurrency, isNoMoneyCode, pastPrintedDigits, printedMinorDigits } from './iso-currencies';
import { RecentReadings } from './recent-readings';
import { lostCharacterInNumber } from './lost-character';
import { CART_PRICE } from './cart-price-words';
import { hasMinusAfter, hasMinusBefore, inAccountingBrackets, openingDashApart, zeroFrancsShape } from './minus-sign';
import { netOnly } from './net-price';
import { isLetterSign } from './currency-symbols-scan';
import { plainReading, type TextReading } from './plain-price';
import { settleByLanguage } from './written-language';
import { spacedLetterClash } from './spaced-letter';
import { letterSignBeside } from './letter-sign-beside';

export { normalizeNumber } from './normalize-number';
export { PRICE_REFUSAL, type PriceRefusal, type PriceRefusalCode } from './price-refusal';
export type { CurrencySource } from './currencies';

export interface ParsePriceOptions {
  /** Currency seen near the price (a code or a symbol, e.g. from a separate element); resolves `$`, `¥`, `kr`. */
  currencyHint?: string | null;
  /**
   * The page's BCP 47 locale ("de-CH", "en-CA"): resolves shared symbols. It does not pick the decimal
   * separator: pages declare "en" over euro formats too often, and "1.299" read as 1.299 would be 1000× off.
   */
  locale?: string | null;
  /** The shop's currency (ISO code) when the text and hint say nothing, or to pick among `$` currencies. */
  defaultCurrency?: string | null;
  /** Decides "1.234" / "1,234" (one separator, three digits after) when the shop's convention is known. */
  decimalSeparator?: '.' | ',';
}

/** One amount was found: exact, with its currency when text, hint, locale or default determine it. */
export interface ParsedPrice {
  ok: true;
  /** Exact value built from the digits; no float ever involved. */
  amount: Decimal;
  /** ISO 4217 code, or null when nothing determines it (a bare number, or `$` with no hint, locale or default). */
  currency: string | null;
  /** What decided the currency: the text itself, the hint, the page locale or the spider's default; null with no currency. */
  currencySource: CurrencySource | null;
  /** A shared symbol nothing resolved ("$" → USD, CAD, AUD …): the codes it may stand for. */
  currencyCandidates?: readonly string[];
  /** A shared symbol the hint, locale or default resolved ("$" on an en-US page): the codes the text itself allows. */
  signCandidates?: readonly string[];
  /** The part of the input that held the amount, as written after entity decoding ("1 234,56", "12,-", "Gratis"). */
  amountText: string;
  /** The text says the product costs nothing ("Free", "Gratis", "無料"): amount 0. */
  free?: true;
  /** The amount is labelled without VAT or sales tax and no gross stands by it ("12,00 € zzgl. MwSt.", "$10.00 + tax"). */
  taxIncluded?: false;
}

export type PriceResult = ParsedPrice | PriceRefusal;

/** The amount of a result, or null for a refusal: for callers that only need a yes/no. */
export const amountOf = (result: PriceResult): Decimal | null => (result.ok ? result.amount : null);

/** Every item's price text is parsed twice in a row (see RecentReadings): the second parse reuses the first's reading. */
export const recentPriceReadings = new RecentReadings<TextReading>(256, 256);

/** A plain text ("$46.00") is read directly (plain-price.ts); a decimal separator the caller knows leaves it to the full reading. */
function readText(input: string, decimalSeparator: '.' | ',' | undefined): TextReading {
  return (decimalSeparator === undefined ? plainReading(input) : null) ?? readTextInFull(input, decimalSeparator);
}

/** The lexing and weighing of any text: what plainReading's readings are checked against. */
export function readTextInFull(input: string, decimalSeparator: '.' | ',' | undefined): TextReading {
  const { display, text } = toPriceText(input);
  const currencies = findCurrencies(text);
  const numbers = findNumbers(text, { decimalSeparator }, currencies);
  return { display, text, currencies, choice: choosePrice(text, candidatesOf(text, numbers, currencies)) };
}

export function parsePrice(input: string, given: ParsePriceOptions = {}): PriceResult {
  const decimalSeparator = decimalSeparatorOf(input, given.decimalSeparator);
  const options = decimalSeparator === given.decimalSeparator ? given : { ...given, decimalSeparator };
  const { display, text, currencies, choice } = recentPriceReadings.get(input, decimalSeparator ?? '', (own) => readText(own, decimalSeparator));
  // A copy: the reading is shared with the next parse of the same text, and a caller may add to what it is given.
  if (choice.ok === false) return { ...choice };
  // "$0.00 See price in cart": a maker's minimum advertised price keeps the real one off the page; an amount beside
  // those words is a placeholder (or the higher advertised price), never what the cart charges.
  if (CART_PRICE.test(text)) return refuse(PRICE_REFUSAL.notAPrice, 'the price is shown only in the cart (minimum advertised price): an amount beside it is a placeholder');
  if (choice.ok === 'none') return freeOrNone(text, display, currencies, options, choice.all);

  const { chosen, all } = choice;
  // "Gratis · Delivery 4.95": a bare number beside a free word may be the price or something else that costs.
  if (chosen.owned.length === 0 && mentionsFree(text)) {
    return refuse(PRICE_REFUSAL.ambiguous, `a free word beside a number with no currency: ${JSON.stringify(display.slice(chosen.token.start, chosen.token.end))}`);
  }
  // "12⁹⁹ €", "KD 12⁵⁰⁰": raised cents (or fils) written as superscript digits (the lexer reads those as footnote marks): 12 would be wrong.
  if (WHOLE_UNITS.test(chosen.token.raw) && RAISED_DECIMALS.test(display.slice(chosen.token.end))) {
    return refuse(PRICE_REFUSAL.ambiguous, `superscript digits right after ${JSON.stringify(display.slice(chosen.token.start, chosen.token.end))}: raised cents or a footnote`);
  }
  // "1�299,00 €": an invalid byte in or against the number; it may have been a digit or a separator.
  if (lostCharacterInNumber(text, chosen.token.start, chosen.token.end)) {
    return refuse(PRICE_REFUSAL.ambiguous, `an undecodable character in or against ${JSON.stringify(display.slice(chosen.token.start, chosen.token.end))}: the page's bytes are not valid in its charset`);
  }
  // "12,99 �": a page decoded with the wrong charset lost the sign ("€" as windows-1252 read as UTF-8); a
  // default or the locale would put another currency in its place.
  if (chosen.owned.length === 0 && undecodableBeside(text, chosen.token)) {
    return refuse(PRICE_REFUSAL.ambiguous, `an undecodable character (U+FFFD) where the currency of ${JSON.stringify(display.slice(chosen.token.start, chosen.token.end))} would stand: the page's charset is wrong`);
  }
  // "12,99 â‚¬": a UTF-8 page read as windows-1252 turned the sign into letters; the default would take its place.
  const misdecoded = chosen.owned.length === 0 ? misdecodedSign(display) : null;
  if (misdecoded) {
    return refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(misdecoded.shown)} is ${JSON.stringify(misdecoded.sign)} decoded in the wrong charset: the page's charset is wrong`);
  }
  return readCandidate({ display, text }, chosen, all, currencies, options);
}

/** Why "XXX", "XAU" name no amount's currency. */
const NO_MONEY = 'is an ISO 4217 code of no money (a metal, a fund, the test code, or none set)';

/** A number with no decimal part: "12", "1,299", "1.299", "1 299". */
const WHOLE_UNITS = /^\d+$|^\d{1,3}(?:[,.' ]\d{3})+$/;
/** Two or three superscript digits (cents, or the fils of a three-decimal currency), and no fourth, maybe after a separator or a space: "⁹⁹", ",⁹⁹", ". ⁹⁹", "⁵⁰⁰". */
const RAISED_DECIMALS = /^[.,]? ?[\u2070\u00B9\u00B2\u00B3\u2074-\u2079]{2,3}(?![\u2070\u00B9\u00B2\u00B3\u2074-\u2079])/;

const undecodableBeside = (text: string, token: { start: number; end: number }): boolean =>
  /\uFFFD ?$/.test(text.slice(Math.max(0, token.start - 2), token.start)) || /^ ?\uFFFD/.test(text.slice(token.end, token.end + 2));

/** The exact amount and currency of one number of the text, whichever role its label gives it; refused when its currency leaves the amount open. */
export function readCandidate(
  { display, text }: { display: string; text: string },
  chosen: Candidate,
  all: readonly Candidate[],
  currencies: readonly CurrencyToken[],
  options: ParsePriceOptions,
): PriceResult {
  const tokens = currencyTokens(text, chosen, all, currencies);
  // "0.0025 BTC", "450.000 تومان": no ISO code names the amount's currency, and the default would take its place.
  const outside = tokens.find((token) => token.candidates.length === 0);
  if (outside) {
    const why = outside.unknown ? 'has letters glued to its sign that name no currency we know' : isNoMoneyCode(outside.symbol) ? NO_MONEY : 'is a currency outside ISO 4217';
    return refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(outside.symbol)} ${why}`);
  }
  // "Giá KM 999.000₫", "$12.99 EUR", "12.99 € USD": signs beside the amount that no one currency can be ("KM" is also BAM).
  const clash = disagreeing(text, chosen, all, currencies, tokens);
  if (clash) return refuse(PRICE_REFUSAL.ambiguous, `the amount has two currencies: ${clash}`);
  if (tokens.length === 0 && outsideIso(options.currencyHint)) {
    const hint = options.currencyHint!.trim();
    return refuse(PRICE_REFUSAL.ambiguous, `the hint ${JSON.stringify(hint)} ${isNoMoneyCode(hint.toUpperCase()) ? NO_MONEY : 'is a currency outside ISO 4217'}`);
  }
  // "¥1,980（税込）": a shared sign the text's own language settles (see settleByLanguage).
  const currency = settleByLanguage(text, currencyOf(tokens, options));
  if (typeof currency === 'string') return refuse(PRICE_REFUSAL.ambiguous, currency);
  const letterOrLabel = spacedLetterClash(tokens, currency, options) ?? (tokens.length === 0 ? letterSignBeside(text, chosen.token, currency) : null);
  if (letterOrLabel) return refuse(PRICE_REFUSAL.ambiguous, letterOrLabel);
  // "3.350 KWD" is 3.35, "3.350 €" 3350; "3.350 ريال" (SAR or OMR) has no single amount.
  const suffix = chosen.owned.filter((token) => token.start >= chosen.token.end).at(-1);
  const after = text.slice(suffix?.end ?? chosen.token.end);
  const shown = display.slice(chosen.token.start, chosen.token.end);
  const textDecimal = decimalMarkOf(all.filter((other) => other !== chosen && !other.excluded).map((other) => other.token));
  let amountText = amountAtScale(chosen.token, currency, { decimalSeparator: options.decimalSeparator, after, locale: options.locale, shown, textDecimal });
  if (typeof amountText !== 'string') return amountText;
  if (openingDashApart(text, chosen.token, tokens)) return refuse(PRICE_REFUSAL.ambiguous, `a dash set apart before ${JSON.stringify(shown)} opens the text: a minus (a discount line) or a separator cut from a name`);
  if (hasMinusAfter(text, chosen)) return refuse(PRICE_REFUSAL.ambiguous, `a minus after ${JSON.stringify(shown)}: a negative amount as statements write it, no price`);
  if (['plain', 'current'].includes(chosen.role) && inAccountingBrackets(text, chosen)) return refuse(PRICE_REFUSAL.ambiguous, `${JSON.stringify(shown)} alone in brackets: a negative as accounts write it, or a note beside a price; no price`);
  if (hasMinusBefore(text, chosen) && zeroFrancsShape(chosen)) {
    // "–.50": in francs the dash is zero francs; with no currency nothing says whether it is that or a minus.
    if (currency.currency === null) return refuse(PRICE_REFUSAL.ambiguous, `a dash before ${JSON.stringify(chosen.token.raw)} with no currency: a minus, or zero francs`);
    if (currency.currency !== 'CHF') amountText = `-${amountText}`;
  } else if (hasMinusBefore(text, chosen)) amountText = `-${amountText}`;
  const amount = new Decimal(amountText);
  const overlong = implausibleAmount(amount, shown);
  if (overlong) return overlong;
  // "¥99.99" on a Japanese page, "12.50" in a yen shop: the locale or default named a currency never printed with
  // those decimals; the text's own sign was likely another one's (yuan), so neither reading is taken.
  // A fuel or unit price's third decimal ("$3.499/gal", "$3.499/lb") is the tenth of a cent pumps and shelf labels show, not another currency's.
  const fuel = (isFuelPrice(chosen.token, after) || isUnitPrice(chosen.token, after)) && (printedMinorDigits(currency.currency) ?? 0) >= 2;
  if (currency.source !== 'text' && !fuel && pastPrintedDigits(amount, currency.currency)) {
    return refuse(PRICE_REFUSAL.ambiguous, `${amountText} has decimals ${currency.currency} (from the ${currency.source}) is never printed with`);
  }
  // "12.50円", "₩12.50", "12.50 ISK": ISO 4217 gives the yen, the won, the dong, the króna no minor unit, so no fraction of one is
  // ever charged; the amount is a price in another currency under the wrong sign, or a converter's. A price per litre or per
  // 100 g is worked out past the unit ("165.5円/L").
  if (currency.source === 'text' && !perUnitAfter(after) && fractionOfWholeCurrency(amount, currency.currency)) {
    return refuse(PRICE_REFUSAL.ambiguous, `${amountText} has decimals ${currency.currency} has no minor unit for (ISO 4217)`);
  }
  const parsed = result(amount, currency, display.slice(chosen.token.start, chosen.token.end));
  if (netOnly(text, chosen, all)) parsed.taxIncluded = false;
  return parsed;
}

function result(amount: Decimal, choice: CurrencyChoice, amountText: string, free?: true): ParsedPrice {
  const parsed: ParsedPrice = { ok: true, amount, currency: choice.currency, currencySource: choice.source, amountText };
  if (choice.candidates) parsed.currencyCandidates = choice.candidates;
  if (choice.among) parsed.signCandidates = choice.among;
  if (free) parsed.free = free;
  return parsed;
}

/** No number is a price: "Free" and its translations are zero; anything else is no price, with what the numbers were. */
function freeOrNone(text: string, display: string, currencies: readonly CurrencyToken[], options: ParsePriceOptions, all: readonly Candidate[]): PriceResult {
  const free = freeWord(text);
  if (free !== null) {
    const at = text.toLowerCase().indexOf(free.toLowerCase());
    const token = currencies.find((currency) => !currency.wordLike);
    const currency = token ? resolveCurrency(token.symbol, token.candidates, options) : currencyFromContext(options);
    return result(new Decimal(0), currency, display.slice(at, at + free.length), true);
  }
  if (all.length === 0) return refuse(PRICE_REFUSAL.notAPrice, 'no number in the text');
  const kinds = [...new Set(all.map((candidate) => candidate.excluded))].join(', ');
  return refuse(PRICE_REFUSAL.notAPrice, `no number is a price (${kinds})`);
}

/** The currencies of the amount: those written beside it ("$ … MXN" both); else the one currency written elsewhere, no letters but a code. */
function currencyTokens(text: string, chosen: Candidate, all: readonly Candidate[], currencies: readonly CurrencyToken[]): CurrencyToken[] {
  const tokens = [...chosen.owned, ...codesBeside(text, chosen.token, chosen.owned, currencies)];
  if (tokens.length > 0) return tokens;
  const ownedElsewhere = new Set(all.flatMap((candidate) => candidate.owned));
  // One or two letters away from the amount are no sign of it ("12.99 (R)", "Serie R, 12,99": the rand took the shop's currency's
  // place); only a minus between keeps them its own ("Fr. –.50").
  const apart = (token: CurrencyToken) => isLetterSign(token.symbol) && !/^[ *\-–—]*$/.test(token.end <= chosen.token.start ? text.slice(token.end, chosen.token.start) : text.slice(chosen.token.end, token.start));
  const loose = currencies.filter((token) => !token.wordLike && !apart(token) && !ownedElsewhere.has(token));
  const codes = new Set(loose.map((token) => token.symbol));
  return codes.size === 1 ? [loose[0]] : []; // "Price from £ …" with the number further on
}

/**
 * Whether the signs of the amount name no currency in common, said as "EUR and USD": the ones written beside it, and an
 * ISO code right after it that no other amount owns ("12.99 € USD": the lexer gives the amount its euro only and the
 * code was dropped, so 12.99 EUR was read where the shop may as well have meant dollars; "$12.99 EUR" read euros).
 */
function disagreeing(text: string, chosen: Candidate, all: readonly Candidate[], currencies: readonly CurrencyToken[], tokens: readonly CurrencyToken[]): string | null {
  const ownedElsewhere = new Set(all.flatMap((candidate) => candidate.owned));
  // Where the amount ends, its sign after it included: "£12.99 (EUR)" and "12.99 € USD" alike.
  const end = Math.max(chosen.token.end, ...chosen.owned.map((sign) => sign.end));
  const trailing = currencies.filter(
    (code) =>
      code.candidates.length === 1 && !code.wordLike && !ownedElsewhere.has(code) && !tokens.includes(code) &&
      chosen.owned.length > 0 && code.start >= end && /^[ ()[\]]*$/.test(text.slice(end, code.start)),
  );
  const signs = [...tokens, ...trailing];
  const common = signs.reduce((pool, token) => pool.filter((code) => token.candidates.includes(code)), [...(signs[0]?.candidates ?? [])]);
  if (signs.length < 2 || common.length > 0) return null;
  const names = new Set(signs.map((token) => (token.candidates.length === 1 ? token.candidates[0] : token.symbol)));
  return [...names].join(' and ');
}

/** The most specific of the amount's currencies ("$ … MXN" → MXN), else hint or default. */
function currencyOf(tokens: readonly CurrencyToken[], options: ParsePriceOptions): CurrencyChoice {
  if (tokens.length === 0) return currencyFromContext(options);
  const specific = [...tokens].sort((a, b) => a.candidates.length - b.candidates.length)[0];
  if (specific.candidates.length === 1) return { currency: specific.candidates[0], source: 'text' };
  // "$ … MXN" is handled above; two shared symbols ("kr … $") narrow to the codes they share.
  const shared = tokens.slice(1).reduce((pool, token) => pool.filter((code) => token.candidates.includes(code)), [...specific.candidates]);
  return resolveCurrency(specific.symbol, shared.length > 0 ? shared : specific.candidates, options);
}

/**
 * "12,99 $ CAD", "CAD $ 12.99", "19.99 $ (CAD)", "$19.99 (USD)": a code written right beside a shared symbol,
 * or in brackets right after the amount of one, says which one it is (spaces and brackets only between).
 */
function codesBeside(text: string, amount: Span, owned: readonly CurrencyToken[], currencies: readonly CurrencyToken[]): CurrencyToken[] {
  const between = (a: Span, b: Span): string => (b.start >= a.end ? text.slice(a.end, b.start) : text.slice(b.end, a.start));
  return currencies.filter(
    (code) =>
      code.candidates.length === 1 &&
      !owned.includes(code) &&
      owned.some((symbol) => symbol.candidates.includes(code.candidates[0]) && (/^[ ()[\]]*$/.test(between(symbol, code)) || /^ ?[([]$/.test(between(amount, code)))),
  );
}
