// Number tokens of a price text: digits with their separators, split where one run holds several numbers, each marked when it is no price.
import { magnitudeAfter, magnitudeToken } from './magnitude';
import { normalizeNumber, type NormalizeOptions } from './normalize-number';
import { exclusionAfter, exclusionBefore, isLabelBefore, type Exclusion } from './number-exclusions';
import { isIsoCode } from './iso-currencies';
import { joinMinorUnits } from './minor-unit-pair';
import { colonDecimals } from './colon-decimals';
import { tyreSizes } from './tyre-size';
import { findCurrencies, type CurrencyToken, type NumberToken, type Span } from './price-tokens';

const NUMBER = /\d(?:[\d.,' ]*\d)?(?:[.,:](?:[-–—]{1,2}|=))?/g;
const EXPONENT = /^[eE][+-]?\d+/;
/** Dates and times are masked before numbers are read: "12.03.2024", "2024-03-12", "03/12/24", "12. 03. 2024", "14:30", "12/03". */
const DATE_OR_TIME =
  /(?<![\d.,])(?:\d{4}[-/.] ?\d{1,2}[-/.] ?\d{1,2}\.?|\d{1,2}([./-]) ?\d{1,2}\1 ?(?:\d{4}|\d{2})|\d{1,2}:\d{2}(?::\d{2})?(?![-–—\d])|\d{1,2}\/\d{1,2}(?![\d/.,%]))(?![\d.,]\d)/g;
/**
 * French/Belgian "12€99" and "1 299€00": the euro sign stands where the decimal comma would. Not when the
 * two digits begin a grouped amount of their own ("ab 29 € 12 345,67 EUR"), also one grouped with an apostrophe
 * (Swiss, or the Arabic thousands separator mapped to it: "ab 29 € ١٢٬٩٩٠ ل.س." read 29.12 € and 990 SYP).
 */
const EURO_IN_PLACE_OF_COMMA = /(?<![\d.,])(\d{1,3}(?:[ .]\d{3})+|\d+) ?€ ?(\d{2})(?![\d.,%]|'\d)(?! \d{3}(?:[ .]\d{3})*[,.]\d)/g;
/** Space groups (and decimals) that may continue the two digits after a euro sign into an amount of their own. */
const GROUP_AFTER_CENTS = /^ \d{3}(?:[ .]\d{3})*(?:[,.]\d+)? ?/;
const SPACED_DECIMAL = /^(.*\d)([.,]) (\d{2})$/;
const MIXED_GROUPS = /(?:^| )\d{1,3} \d{3}[.,']\d{3}[.,']/;
/** Most space groups one number has ("1 234 567 890 123"): bounds the prefix search, so a long run stays linear. */
const MAX_SPACE_GROUPS = 6;
const MASK = '\u0001';
const LABEL_WINDOW = 24;

const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;

/** `text` with the spans (sorted, disjoint) blanked out, built in one pass. */
function masked(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const span of spans) {
    parts.push(text.slice(at, span.start), MASK.repeat(span.end - span.start));
    at = span.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * Whether the first space group of a run is a number of its own: a label ("Size", "Qty") stands
 * before it, or (for "149 € 99", whose own currency is inside) another currency ("$50 149 € 99");
 * and it is short, as sizes and counts are.
 */
function startsApart(before: string, raw: string, ownCurrencyInside = false): boolean {
  if (!/^\d{1,2} /.test(raw)) return false;
  // "Sizes 38, 40, 42 149 € 99": after a list of small numbers the first group is the list's last item.
  return isLabelBefore(before) || /(?:^|[^\d.,])\d{1,3} ?[,/] ?$/.test(before) || (ownCurrencyInside && /\p{Sc}\s*$/u.test(before));
}

/** "$50 980 ₫", "$50 129 900 FCFA", "$50 980 د.ع.": a run between two different currencies starts with a number of its own. */
function betweenCurrencies(before: string, after: string): boolean {
  const prefix = /(\d ?)?(\p{Sc})\s*$/u.exec(before); // "29 € 1 299 ₸": that € is the 29's, no prefix of this run
  const left = prefix && !prefix[1] ? prefix[2] : undefined;
  const lead = /^\s*/.exec(after)![0].length;
  // Letters count only as an ISO code: "₡ 12 990 SKU 88123" is one amount, no run between ₡ and "SKU".
  const code = /^\s*(\p{Sc}|[A-Z]{3}(?![\p{L}])|F ?CFA)/u.exec(after)?.[1];
  const right = (code !== undefined && (code.length !== 3 || /\p{Sc}/u.test(code) || isIsoCode(code)) ? code : undefined) ?? findCurrencies(after).find((token) => token.start === lead)?.symbol;
  return left !== undefined && right !== undefined && left !== right;
}

/**
 * "¥980 500 ml": a currency right before a run says the run may start with a price, so a unit after it may
 * measure the last space group only. Without one, "1 500 ml", "10 000 mAh" and "1 299,99 KM" are one number
 * the unit follows; cut, their first group read as a price (1, 10, 299.99 BAM).
 */
function currencyLeads(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - LABEL_WINDOW), start);
  const sign = findCurrencies(before).at(-1);
  return sign !== undefined && /^ *$/.test(before.slice(sign.end));
}

/**
 * "€5, 10+: €4", "$5, 10-49 $4": after the two digits, a "+", a range to another number or a colon makes them a count of their
 * own (a tier's quantity), so the comma and space before them are a list's: joined, 5.10 was stored.
 */
const COUNT_AFTER_SPACED = /^(?:\+|\s?[-–]\s?\d|\s?:)/;

/** "119. 95" → 119.95 when the digits before the separator read as one number; null otherwise. */
function spacedDecimal(raw: string): string | null {
  const spaced = SPACED_DECIMAL.exec(raw);
  return spaced ? normalizeNumber(`${spaced[1]}${spaced[2]}${spaced[3]}`, { decimalSeparator: spaced[2] as '.' | ',' }) : null;
}

/**
 * Cuts a run of digits and spaces that reads as no single number into numbers: the longest prefix
 * (up to MAX_SPACE_GROUPS pieces) that is a number or a spaced decimal, then the rest the same way.
 */
function splitAtSpaces(raw: string, firstAlone: boolean, spaced = true): Array<[offset: number, piece: string]> {
  const pieces = raw.split(' ');
  const offsets: number[] = [];
  pieces.reduce((offset, piece) => (offsets.push(offset), offset + piece.length + 1), 0);
  const out: Array<[number, string]> = [];
  for (let from = 0; from < pieces.length; ) {
    let take = 1;
    const most = from === 0 && firstAlone ? 1 : Math.min(MAX_SPACE_GROUPS, pieces.length - from);
    for (let count = most; count > 1; count--) {
      const joined = pieces.slice(from, from + count).join(' ');
      if (normalizeNumber(joined) !== null || (spaced && spacedDecimal(joined) !== null)) {
        take = count;
        break;
      }
    }
    const piece = pieces.slice(from, from + take).join(' ').replace(/[.,']+$/, '');
    if (/^\d/.test(piece)) out.push([offsets[from], piece]);
    from += take;
  }
  return out;
}

/** `currencies`: the text's own `findCurrencies(text)`, when the caller has read them already (a parse reads them anyway). */
export function findNumbers(text: string, options: NormalizeOptions, currencies: readonly CurrencyToken[] = findCurrencies(text)): NumberToken[] {
  // "199:50 kr": the öre after a colon, no time; read first so that the time pattern leaves them be.
  const colons = colonDecimals(text, (start, raw) => startsApart(text.slice(Math.max(0, start - LABEL_WINDOW), start), raw)).map((token) => classify(text, token));
  // "205/55 R16 91V": a tyre's size is one measure, none of its numbers a price (nor its "R" a rand: findCurrencies).
  const tyres = tyreSizes(text).filter((size) => !colons.some((colon) => overlaps(colon, size)));
  const out: NumberToken[] = [...colons, ...tyres.map((size): NumberToken => ({ ...size, raw: text.slice(size.start, size.end), normalized: null, excluded: 'tyre-size' }))];
  const dates: Span[] = [...colons, ...tyres];
  for (const match of text.matchAll(DATE_OR_TIME)) {
    const span = { start: match.index, end: match.index + match[0].length };
    if (colons.some((colon) => overlaps(colon, span)) || tyres.some((size) => overlaps(size, span))) continue;
    out.push({ ...span, raw: match[0], normalized: null, excluded: match[0].includes(':') ? 'time' : 'date' });
    dates.push(span);
  }
  const withoutDates = masked(text, dates.sort((a, b) => a.start - b.start));
  const euros: Span[] = [];
  for (const match of withoutDates.matchAll(EURO_IN_PLACE_OF_COMMA)) {
    const end = match.index + match[0].length;
    // "10 000 € 20 %", "2 499 € 12 x 30 cm": the two digits after the sign are a number of their own.
    const cents = exclusionAfter(text.slice(end, end + LABEL_WINDOW), { raw: match[2] });
    if (cents === 'percent' || cents === 'measure' || cents === 'multiplier') continue;
    // "42 € 12 Tsd.", "5 € 12k": digits scaled by a magnitude are an amount of their own, never cents.
    if (magnitudeAfter(text.slice(end, end + LABEL_WINDOW)) !== null) continue;
    // "5 € 99 €", "12€ 99€", "ab 29 € 12 345 ₽", "29 € 12 990 XOF": the two digits (or a grouped amount they begin)
    // have a currency of their own, so they are the next amount, never the sign's cents.
    const grouped = GROUP_AFTER_CENTS.exec(text.slice(end, end + LABEL_WINDOW))?.[0] ?? '';
    if (findCurrencies(text.slice(end + grouped.length, end + LABEL_WINDOW).replace(/^ /, ''))[0]?.start === 0) continue;
    // "Size 42 € 89", "© 2024 € 89", "X-2000 € 12", "over $50 € 12": a labelled number (a size, a year, a model code) or an
    // amount with its own currency has no cents after the sign; the digits are the next amount.
    const beforeRun = text.slice(Math.max(0, match.index - LABEL_WINDOW), match.index);
    if (!match[1].includes(' ') && (exclusionBefore(beforeRun, { raw: match[1], end: match.index + match[1].length }) !== undefined || /\p{Sc}\s*$/u.test(beforeRun))) continue;
    // "Qty 2 149 € 99", "over $50 149 € 99": after a label or a currency the first space group is a number of its own.
    const labelled = match[1].includes(' ') && startsApart(text.slice(Math.max(0, match.index - LABEL_WINDOW), match.index), match[1], true);
    const start = labelled ? match.index + match[1].indexOf(' ') + 1 : match.index;
    const integer = normalizeNumber(labelled ? match[1].slice(match[1].indexOf(' ') + 1) : match[1], { decimalSeparator: ',' });
    if (integer === null) continue;
    const euro = match.index + match[0].indexOf('€');
    const span = { start, end };
    out.push({ ...span, raw: text.slice(start, end), normalized: `${integer}.${match[2]}`, embedded: { start: euro, end: euro + 1, symbol: '€', candidates: ['EUR'], wordLike: false } });
    euros.push(span);
  }
  const scan = masked(withoutDates, euros);
  const consider = (start: number, raw: string): void => {
    const before = text.slice(Math.max(0, start - LABEL_WINDOW), start);
    // "Size 42 299,95", "Qty 2 990 Ft": after a label the first space group is the labelled number.
    const labelled = raw.includes(' ') && (startsApart(before, raw) || betweenCurrencies(before, text.slice(start + raw.length, start + raw.length + 8)));
    const normalized = labelled ? null : normalizeNumber(raw, options);
    if (normalized !== null) {
      const token = classify(text, { start, end: start + raw.length, raw, normalized });
      // "¥980 500 ml": the unit measures the last space group, so that group is a quantity of its own.
      const lastSpace = raw.lastIndexOf(' ');
      if (token.excluded !== 'measure' || lastSpace === -1 || !currencyLeads(text, start)) return void out.push(token);
      consider(start, raw.slice(0, lastSpace));
      return consider(start + lastSpace + 1, raw.slice(lastSpace + 1));
    }
    const spaced = !COUNT_AFTER_SPACED.test(text.slice(start + raw.length, start + raw.length + 3));
    const joined = labelled || !spaced ? null : spacedDecimal(raw);
    if (joined !== null) return void out.push(classify(text, { start, end: start + raw.length, raw, normalized: joined, spacedDecimal: true }));
    // "1 234.567,89": a space group then three digits and another separator is one number grouped two ways,
    // not "1" and "234.567,89" (a number run on from a label was split off above).
    if (!raw.includes(' ') || (!labelled && MIXED_GROUPS.test(raw))) return void out.push({ start, end: start + raw.length, raw, normalized: null, excluded: 'separators' });
    // "Size 42 19,99", "1.99 500 ml", "R 1 299,00 500 ml": several numbers, never one with a space group.
    splitAtSpaces(raw, labelled, spaced).forEach(([offset, piece]) => consider(start + offset, piece));
  };
  NUMBER.lastIndex = 0;
  for (let match = NUMBER.exec(scan); match !== null; match = NUMBER.exec(scan)) {
    const start = match.index;
    const raw = match[0];
    const exponent = EXPONENT.exec(scan.slice(start + raw.length, start + raw.length + 12));
    if (exponent) {
      NUMBER.lastIndex = start + raw.length + exponent[0].length;
      out.push({ start, end: NUMBER.lastIndex, raw: raw + exponent[0], normalized: null, excluded: 'exponent' });
      continue;
    }
    // "5.99 Lakh", "12万円", "$850K": the word after the digits scales them (or leaves them no reading);
    // only the last space group when the run is no single number ("SKU 88123 1만 2천원").
    // "Size 42 500k ₫": a labelled first group is a number of its own, the magnitude scales the rest.
    const lastSpace = raw.lastIndexOf(' ');
    const firstAlone = lastSpace !== -1 && startsApart(text.slice(Math.max(0, start - LABEL_WINDOW), start), raw);
    const apart = firstAlone ? raw.indexOf(' ') + 1 : lastSpace !== -1 && normalizeNumber(raw, options) === null ? lastSpace + 1 : 0;
    const big = magnitudeToken(text, start + apart, raw.slice(apart), options);
    if (big) {
      if (apart > 0) consider(start, raw.slice(0, apart - 1));
      NUMBER.lastIndex = big.end;
      out.push(big.excluded ? big : classify(text, big));
      continue;
    }
    // ".75", "$.05": a leading decimal separator with no digit, separator or letter before it.
    if (/[.,]/.test(scan[start - 1] ?? '') && !/[\d.,\p{L}]/u.test(scan[start - 2] ?? '')) {
      const digits = /^\d+/.exec(raw)![0];
      out.push(classify(text, { start: start - 1, end: start + digits.length, raw: `${scan[start - 1]}${digits}`, normalized: `0.${digits}` }));
      const rest = raw.slice(digits.length).replace(/^[.,' ]+/, '');
      if (/^\d/.test(rest)) consider(start + raw.length - rest.length, rest);
      continue;
    }
    consider(start, raw);
  }
  // "12 zł 99 gr", "$12 and 99 cents": hundredths written as a number of their own belong to the whole units before them.
  return joinMinorUnits(text, gluedByMarks(text, out.sort((a, b) => a.start - b.start)), currencies);
}

/** An underscore or a spacing accent ("1_299,99", "1˙299.00"): no separator of ours, never a word or a sign between two amounts. */
const GLUE_MARK = /^[\p{Pc}\p{Sk}]$/u;

/**
 * "1_299,99 €", "1˙299.00 €": digits run on through a mark that is a group separator to whoever typed it; read apart, the
 * leading digits were dropped as a bare number and 299.99 stored. The run is one number with separators we cannot read.
 */
function gluedByMarks(text: string, tokens: NumberToken[]): NumberToken[] {
  const out: NumberToken[] = [];
  for (const token of tokens) {
    const previous = out.at(-1);
    if (!previous || token.start !== previous.end + 1 || !GLUE_MARK.test(text[previous.end]) || !/\d$/.test(previous.raw) || !/^\d/.test(token.raw)) {
      out.push(token);
      continue;
    }
    out[out.length - 1] = { start: previous.start, end: token.end, raw: text.slice(previous.start, token.end), normalized: null, excluded: 'separators' };
  }
  return out;
}

/**
 * "1tr299" (Vietnamese: 1 triệu 299 nghìn), "1st", "3rd": Latin letters glued right after the digits make them part of a
 * word or a shorthand, as letters glued before do ("X-2000"); a currency glued there ("12EUR", "12kr") is the amount's. CJK text has no spaces ("99元起").
 */
function gluedAfter(after: string): Exclusion | undefined {
  return /^\p{Script=Latin}/u.test(after) && findCurrencies(after)[0]?.start !== 0 ? 'label' : undefined;
}

/** Marks a number that its neighbourhood shows is no price: "20 %", "500 ml", "16.00 ft", "© 2024", "Size 42". */
function classify(text: string, token: NumberToken): NumberToken {
  const after = text.slice(token.end, token.end + LABEL_WINDOW);
  const before = text.slice(Math.max(0, token.start - LABEL_WINDOW), token.start);
  // "R1,299.00", "RM1,299.00", "Rp150.000": letters glued to the digits are their currency, no model code ("X-2000").
  const glued = findCurrencies(before).find((currency) => currency.end === before.length);
  const excluded = exclusionAfter(after, token) ?? exclusionBefore(glued ? before.slice(0, glued.start) : before, token) ?? gluedAfter(after);
  return excluded ? { ...token, excluded } : token;
}
