// Walks a page (or a scope in it) once and lists every visible price with its role: what a shopper would read where.
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { isIsoCode } from '../prices/iso-currencies';
import type { ParsedPrice, ParsePriceOptions, PriceResult } from '../prices/parse-price';
import { cssPath } from './css-path';
import { joinAfterDigits } from './digits-after-digits';
import { renderedChildren } from './shadow-tree';
import { headingRank, hiddenByMarkup, highestHeading, marksOf, namesOtherProducts, struckClasses, type Choice } from './element-marks';
import type { PageLocale } from './page-locale';
import { withBackslashSign } from './backslash-sign';
import { isQuantityAfter, linksRange, roleFromWords, withheldBy, type PriceContext, type PriceRole, type WithheldReason } from './price-labels';
import { namesCurrency, readPriceText, withHundredthsAfter } from './price-reading';
import { pickerPrice, takenChoice, type ChosenOption } from './variant-select';

/** One price as the page shows it. */
export interface ScannedPrice {
  role: PriceRole;
  /** Why it has that role: "del", "marked old-price", "words" (the text around it), "text", "parser price/reference-only". */
  why: string;
  /** Its own text, whitespace collapsed. */
  text: string;
  /** CSS path of the element holding it. */
  path: string;
  /**
   * The parser's reading: the amount of a current price, or the parser's refusal when it does not read
   * as one. A price in another role ("RRP £40.00", "2 for $18.00") carries its one amount even where
   * the parser refuses the text as a price to pay now.
   */
  parsed: PriceResult;
  context: PriceContext;
  /** Its element or a near ancestor is named as a price holder (class, id, itemprop). */
  marked: boolean;
  /** Its element is a heading holding nothing but this price: never outranked by a named price holder. */
  headline: boolean;
  /** It stands in an option of a single choice (a fare family, a room, a plan): taken or not; null outside any. */
  choice: Choice | null;
  /** Struck or marked as a reference price by its element or an ancestor (the evidence), whatever role its words give it. */
  struck: string | null;
  /** Its element or an ancestor is named as the price without tax (`net`) or with it (`gross`); null when none is. */
  tax: 'net' | 'gross' | null;
  /** A range's high end, when its one text shows both ends ("$10 – $20"). */
  rangeHigh?: ParsedPrice;
}

export interface ScanOptions {
  locale: PageLocale;
  /** ISO code for amounts the text and the page's region leave without a currency. */
  defaultCurrency?: string | null;
  /** What a backslash before an amount shows as on this page (backslash-sign.ts), or null. */
  backslashSign?: string | null;
}

/** Elements whose boundaries do not break a line of text (no space is added around them). */
const CELLS = new Set(['td', 'th']);
const INLINE = new Set(['span', 'b', 'strong', 'em', 'i', 'u', 'small', 'big', 'sub', 'bdi', 'bdo', 'ins', 'del', 's', 'strike', 'a', 'abbr', 'data', 'font', 'mark', 'label', 'time', 'meter', 'output', 'q', 'cite', 'var', 'sup']);
/** A price stands in a short element; longer text is prose, where a number is rarely the offer. */
const PRICE_TEXT_MAX_CHARS = 64;
/** Neighbouring words kept on each side: enough for "Unverb. Preisempf.:" or "(2,60 € / kg)". */
const CONTEXT_CHARS = 48;
/** Ancestors within this many levels still name a price holder (Magento nests four deep). */
const MARK_DEPTH = 4;
/** Digits of any script: Arabic-Indic "١٢٣", Persian "۱۲۳", Devanagari "१२३" and full-width "１２３" are prices too (the parser maps them). */
const HAS_DIGIT = /\p{Nd}/u;
/** Digits alone, with the footnote star German shops set after every price ("12.99*"), the Arabic and full-width separators, and the dash of whole units ("19.–", Swiss francs; "199:-", Swedish kronor). */
const BARE_NUMBER = /^[\s\p{Nd}.,'’\u00a0\u202f\u066b\u066c\u060c\uff0c\uff0e\u2013-]+(?::[-–])?\*?\s*$/u;

interface State {
  struck: string | null;
  markDepth: number;
  /** The nearest ancestor's name for another kind of price, while within MARK_DEPTH levels of it. */
  roleMark: { role: PriceRole; depth: number } | null;
  /** The nearest option of a single choice around it. */
  choice: Choice | null;
  /** The nearest ancestor's name for the price with or without tax. */
  tax: 'net' | 'gross' | null;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const clip = (text: string, direction: 'before' | 'after') => (direction === 'before' ? collapse(text).slice(-CONTEXT_CHARS) : collapse(text).slice(0, CONTEXT_CHARS));
/** Whether the text itself names a currency beside an amount, memoised per page. */
function currencyInText(text: string, memo: Map<string, boolean>): boolean {
  let known = memo.get(text);
  if (known === undefined) {
    known = namesCurrency(text);
    memo.set(text, known);
  }
  return known;
}
/** Currency signs and codes at the edge of the words around an amount: "Was $" reads as "Was", "UVP EUR" as "UVP", "円 /人" as "/人". */
const SIGN_EDGE = /(?:\s|\p{Sc}|\bkr\.?|zł|Kč|\bFt\b|\bRs\.?|\bR\$|\bFr\.|円|元|圓|원)+/u;
function trimCurrency(text: string, end: 'start' | 'end'): string {
  let out = text;
  for (;;) {
    const sign = new RegExp(end === 'end' ? `${SIGN_EDGE.source}$` : `^${SIGN_EDGE.source}`, 'u');
    const code = end === 'end' ? /\b([A-Z]{3})$/.exec(out) : /^([A-Z]{3})\b/.exec(out);
    const next = code && isIsoCode(code[1]) ? (end === 'end' ? out.slice(0, -3) : out.slice(3)) : out.replace(sign, '');
    if (next === out) return out;
    out = next;
  }
}
const isTag = (node: AnyNode): node is Element => node.type === 'tag' || node.type === 'script' || node.type === 'style';

/** The element's children as runs of text (and of parts joined into one number), split by the other elements. */
function textRuns(element: Element, joined: ReadonlySet<AnyNode>): AnyNode[][] {
  const runs: AnyNode[][] = [[]];
  for (const child of renderedChildren(element)) {
    if (child.type === 'text' || joined.has(child)) runs.at(-1)!.push(child);
    else if (runs.at(-1)!.length > 0) runs.push([]);
  }
  return runs.filter((run) => run.length > 0);
}

function isInside(node: AnyNode, ancestor: Element): boolean {
  for (let at: AnyNode | null = node.parent; at; at = at.parent) if (at === ancestor) return true;
  return false;
}

export function scanPrices($: CheerioAPI, root: Cheerio<AnyNode>, options: ScanOptions): ScannedPrice[] {
  const byStyle = struckClasses($);
  const texts = new Map<AnyNode, string>();
  const holdsPrice = new Set<AnyNode>();
  /** `last`: where a price read from several children ends (its words after are read from there). */
  const found: Array<{ node: AnyNode; last?: AnyNode; element: Element; text: string; state: State }> = [];
  /** The taken options of variant pickers, read once the other prices are known (a `data-price` takes their currency). */
  const picked: Array<{ chosen: ChosenOption; state: State }> = [];
  /** The first element whose whole text says the price is given on request ("Preis auf Anfrage") or after signing in. */
  let onRequest: Withheld | null = null;
  // A shared sign is resolved the way the page's locale writes it ("kr" on a Swedish page is SEK, "¥" on a
  // Japanese one JPY); "$" on an English page without a region stays open (see PageLocale.symbolLocale).
  const parseOptions = {
    currencyHint: options.locale.regionCurrency,
    locale: options.locale.symbolLocale ?? undefined,
    defaultCurrency: options.defaultCurrency ?? undefined,
    decimalSeparator: options.locale.decimalSeparator ?? undefined,
  };
  // Pages repeat the same short texts (prices, counts): each is probed once.
  const memo = new Map<string, boolean>();
  const hasCurrency = (text: string) => currencyInText(text, memo);
  const looksLikePrice = (text: string, marked: boolean) => text.length <= PRICE_TEXT_MAX_CHARS && HAS_DIGIT.test(text) && (hasCurrency(text) || (marked && BARE_NUMBER.test(text)));

  /** Text of a node as a reader sees it; records which subtrees hold a price and the innermost price elements. */
  function visit(node: AnyNode, state: State): string {
    if (node.type === 'text') {
      const data = (node as unknown as { data: string }).data;
      const text = options.backslashSign ? withBackslashSign(data, options.backslashSign) : data;
      texts.set(node, text);
      return text;
    }
    if (!isTag(node)) return '';
    const element = node;
    const marks = marksOf(element, byStyle);
    // A variant <select> shows its taken option in the control itself (and a WooCommerce form the variation it picks): a choice taken.
    const chosen = (element.tagName === 'select' || element.tagName === 'form') && !marks.otherBlock && !hiddenByMarkup(element) ? takenChoice(element) : null;
    if (chosen) picked.push({ chosen, state: { ...state, choice: 'chosen', markDepth: MARK_DEPTH } });
    if (marks.hidden || marks.otherBlock) {
      texts.set(node, '');
      return '';
    }
    const inherited = state.roleMark && state.roleMark.depth > 1 ? { role: state.roleMark.role, depth: state.roleMark.depth - 1 } : null;
    const roleMark = marks.role ? { role: marks.role, depth: MARK_DEPTH } : inherited;
    const own: State = { struck: state.struck ?? marks.struck, markDepth: marks.priceHolder ? MARK_DEPTH : state.markDepth - 1, roleMark, choice: marks.choice ?? state.choice, tax: marks.tax ?? state.tax };
    let text = '';
    // Children read as one number with their neighbour: "12<sup>99</sup>", "<span>$12</span><span>99</span>".
    const joined = new Set<AnyNode>();
    let previous: AnyNode | null = null;
    // After a heading naming other products, its siblings up to the next heading of the same or a higher rank are theirs,
    // also one set inside a sibling (the product's own box with its <h1> after a "Recently viewed" strip ends the run).
    let otherUntilRank: number | null = null;
    // As rendered: a shadow root in place of its host's children, a slot's taken children in place of the slot.
    const children = renderedChildren(element);
    for (const child of children) {
      const rank = isTag(child) ? headingRank(child) : null;
      if (rank !== null) otherUntilRank = namesOtherProducts(child as Element) ? rank : otherUntilRank !== null && rank > otherUntilRank ? otherUntilRank : null;
      else if (otherUntilRank !== null && isTag(child) && (highestHeading(child) ?? Infinity) <= otherUntilRank) otherUntilRank = null;
      if (otherUntilRank !== null && rank === null) {
        texts.set(child, '');
        continue;
      }
      let piece = visit(child, own);
      const join = child.type === 'tag' ? joinAfterDigits(text, child as Element, piece) : null;
      if (join?.fragment && !(previous && isTag(previous) && marksOf(previous, byStyle).struck)) {
        piece = join.piece;
        texts.set(child, piece);
        for (const part of previous ? [previous, child] : [child]) (joined.add(part), forget(part));
      }
      text += piece;
      previous = child;
    }
    const childPrice = children.some((child) => holdsPrice.has(child));
    if (!INLINE.has(element.tagName)) text = ` ${text} `;
    if (element.tagName === 'br') text = ' ';
    texts.set(node, text);
    const cleaned = collapse(text);
    const marked = own.markDepth > 0;
    const withheld = !onRequest && cleaned.length <= PRICE_TEXT_MAX_CHARS ? withheldBy(cleaned) : null;
    if (withheld) onRequest = { element, text: cleaned, reason: withheld };
    if (childPrice && onlyFragments(element) && looksLikePrice(cleaned, marked) && hasCurrency(cleaned)) {
      // "€<span>12</span>,<span>99</span>": bare-number pieces of one price; the element holding them all is the price.
      for (let i = found.length - 1; i >= 0; i--) if (isInside(found[i].node, element)) found.splice(i, 1);
      found.push({ node, element, text: cleaned, state: own });
      // It holds a price now, so the element around it reads it as one and never again as part of its own text.
      holdsPrice.add(node);
    } else if (childPrice) {
      holdsPrice.add(node);
      // A price written as bare text beside child elements: "<del>€20</del> €15", "<del>€20</del> 15<sup>99</sup> €".
      for (const run of textRuns(element, joined)) {
        const piece = collapse(run.map((part) => texts.get(part) ?? '').join(''));
        if (looksLikePrice(piece, false)) {
          found.push({ node: run[0], last: run.at(-1), element, text: piece, state: own });
          for (const part of run) holdsPrice.add(part);
        }
      }
    } else if (looksLikePrice(cleaned, marked)) {
      holdsPrice.add(node);
      found.push({ node, element, text: cleaned, state: own });
    }
    return text;
  }

  /** A part of the number before it (its cents, a footnote mark) is no price of its own: the element around both is read instead. */
  function forget(fragment: AnyNode): void {
    holdsPrice.delete(fragment);
    for (let i = found.length - 1; i >= 0; i--) if (found[i].node === fragment || (isTag(fragment) && isInside(found[i].node, fragment))) found.splice(i, 1);
  }

  /** The prices found inside the element are all bare numbers (no currency of their own). */
  function onlyFragments(element: Element): boolean {
    return found.filter((f) => isInside(f.node, element)).every((f) => !hasCurrency(f.text));
  }

  for (const node of root.toArray()) visit(node, { struck: null, markDepth: 0, roleMark: null, choice: null, tax: null });

  const roots = new Set<AnyNode>(root.toArray());
  /** Words beside a price in its line, up to the neighbouring price, climbing out of inline wrappers while the line is still empty. */
  function beside(node: AnyNode, direction: 'before' | 'after'): string {
    let out = '';
    let current: AnyNode = node;
    for (let level = 0; level < 4; level++) {
      // A block's neighbours are other lines; the cells of a table row are one.
      if (isTag(current) && !INLINE.has(current.tagName) && !CELLS.has(current.tagName)) break;
      for (let sibling = direction === 'before' ? current.prev : current.next; sibling; sibling = direction === 'before' ? sibling.prev : sibling.next) {
        if (holdsPrice.has(sibling)) return clip(out, direction);
        const text = texts.get(sibling) ?? '';
        out = direction === 'before' ? text + out : out + text;
        if (collapse(out).length >= CONTEXT_CHARS) break;
      }
      const parent = current.parent;
      // A line ends at its block: never climb out of a paragraph, cell or box into the one before.
      const leavesBlock = isTag(current) && !INLINE.has(current.tagName);
      if (collapse(out) !== '' || roots.has(current) || leavesBlock || !parent || !isTag(parent)) break;
      current = parent;
    }
    return clip(out, direction);
  }

  // A bare number in a price holder that a "%", an "x", a unit or points follow is a percentage, a count, a measure or no money ("save 10 %", "10x de R$ 29,99", "0,5 l", "1,200 points"), no price.
  for (const entry of [...found]) {
    if (hasCurrency(entry.text) || !isQuantityAfter(beside(entry.last ?? entry.node, 'after'), entry.text.replace(/\*$/, ''))) continue;
    found.splice(found.indexOf(entry), 1);
    holdsPrice.delete(entry.node);
  }
  const requested: ScannedPrice[] = onRequest ? [onRequestEntry(onRequest)] : [];
  const shown = found.map((entry) => toScanned(entry, parseOptions));
  // A data-price is written as a machine writes it ("20.00"), whatever the page's decimal separator.
  const readOption = (option: Element, state: State) => (text: string, machine: boolean) =>
    toScanned({ node: option, element: option, text, state }, machine ? { ...parseOptions, decimalSeparator: '.' } : parseOptions);
  const taken = picked.flatMap(({ chosen, state }) => pickerPrice(chosen, shown, readOption(chosen.option, state)) ?? []);
  return requested.concat(shown, taken);
  function toScanned({ node, last, element, text, state }: (typeof found)[number], parseOptions: ParsePriceOptions): ScannedPrice {
    const own = readPriceText(text, parseOptions);
    const at = own.amount ? text.indexOf(own.amount.amountText) : -1;
    const ownBefore = at >= 0 ? text.slice(0, at) : '';
    const ownAfter = at >= 0 ? text.slice(at + (own.amount ? own.amount.amountText.length : 0)) : text;
    const context = { before: trimCurrency(collapse(`${beside(node, 'before')} ${ownBefore}`), 'end'), after: trimCurrency(collapse(`${ownAfter} ${beside(last ?? node, 'after')}`), 'start') };
    const { parsed, amount, rangeLow, rangeHigh, notCurrent } = withHundredthsAfter(own, context.after);
    const fromWords = roleFromWords(context);
    // Words that name another role (a unit or shipping price) win over a struck look and the parser's labels; otherwise struck means
    // reference, and a class naming another kind of price (a Klarna badge's amount) that kind.
    let [role, why]: [PriceRole, string] = fromWords !== 'current' ? [fromWords, 'words'] : state.struck ? ['reference', state.struck] : state.roleMark ? [state.roleMark.role, 'marked'] : ['current', 'text'];
    if (role === 'current' && linksRange(context)) [role, why] = ['range', 'range link'];
    if (role === 'current' && notCurrent && !parsed.ok) [role, why] = [notCurrent, `parser ${parsed.reason}`];
    const negative = amount !== null && amount.amount.isNegative();
    if (negative && role === 'current') [role, why] = ['saving', 'negative'];
    // Only a current price must read as one price to pay now; any other role keeps the one amount its text shows.
    const reading: PriceResult = role === 'range' && rangeLow ? rangeLow : role === 'current' || amount === null ? parsed : amount;
    // A heading that holds nothing but the price (OpenCart's `<h2>£122.00</h2>`) shows it as plainly as a class names it.
    const bare = !/\p{L}/u.test(trimCurrency(ownBefore.trim(), 'end') + trimCurrency(ownAfter.trim(), 'start'));
    const headline = bare && /^h[1-6]$/.test(element.tagName) && collapse(texts.get(element) ?? '') === text;
    const high = role === 'range' && rangeHigh ? { rangeHigh } : {};
    return { role, why, text, path: cssPath(element), parsed: reading, context, marked: state.markDepth > 0, headline, choice: state.choice, struck: state.struck, tax: state.tax, ...high };
  }
}

interface Withheld {
  element: Element;
  text: string;
  reason: WithheldReason;
}

/** "Price on request", "Login to see prices" or "See price in cart" as a scanned entry with no amount, so the decision can refuse the page with it. */
function onRequestEntry({ element, text, reason }: Withheld): ScannedPrice {
  return { role: 'on-request', why: 'words', text, path: cssPath(element), parsed: { ok: false, reason }, context: { before: '', after: '' }, marked: false, headline: false, choice: null, struck: null, tax: null };
}
