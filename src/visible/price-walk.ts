// One walk over a page (or a scope in it): each node's text as a reader sees it, and the innermost elements that show a price.
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { joinAfterDigits } from './digits-after-digits';
import { renderedChildren } from './shadow-tree';
import { headingRank, hiddenByMarkup, highestHeading, marksOf, namesOtherProducts, wrappedHeading, type Choice } from './element-marks';
import { drawnAround, styledClasses } from './style-sheet';
import { withBackslashSign } from './backslash-sign';
import { withheldBy, type PriceRole } from './price-labels';
import { namesCurrency } from './price-reading';
import { takenChoice, type ChosenOption } from './variant-select';
import type { Withheld } from './scanned-price';
import { collapse, collapsedUpTo, INLINE, isInside, isTag } from './text-flow';
import { forScreenReaders, type HiddenLabel } from './screen-reader-labels';
import { actionText } from './call-to-action';
import { EyeAlone } from './eye-alone';

/** A price stands in a short element; longer text is prose, where a number is rarely the offer. */
const PRICE_TEXT_MAX_CHARS = 64;
/** The characters before a child that decide whether it joins the number before it (digits-after-digits.ts reads 64 of them). */
const JOIN_TAIL_CHARS = 256;
/** Ancestors within this many levels still name a price holder (Magento nests four deep). */
export const MARK_DEPTH = 4;
/** Digits of any script: Arabic-Indic "١٢٣", Persian "۱۲۳", Devanagari "१२३" and full-width "１２３" are prices too (the parser maps them). */
const HAS_DIGIT = /\p{Nd}/u;
/** Digits alone, with the footnote star German shops set after every price ("12.99*"), the Arabic and full-width separators, and the dash of whole units ("19.–", Swiss francs; "199:-", Swedish kronor). */
const BARE_NUMBER = /^[\s\p{Nd}.,'’\u00a0\u202f\u066b\u066c\u060c\uff0c\uff0e\u2013-]+(?::[-–])?\*?\s*$/u;

/** What an element inherits from its ancestors. */
export interface State {
  struck: string | null;
  markDepth: number;
  /** The nearest ancestor's name for another kind of price, while within MARK_DEPTH levels of it. */
  roleMark: { role: PriceRole; depth: number } | null;
  /** The nearest option of a single choice around it. */
  choice: Choice | null;
  /** The nearest ancestor's name for the price with or without tax. */
  tax: 'net' | 'gross' | null;
  /** Inside a call to action to put the product in the cart or buy it ("Add to cart · $24.99"). */
  action: boolean;
  /** Inside an aria-hidden price that no screen-reader copy says (eye-alone.ts). */
  drawnOnly?: boolean;
}

/** A price text found: its node (`last`: where a price read from several children ends), the element holding it, its state. */
export interface FoundPrice {
  node: AnyNode;
  last?: AnyNode;
  element: Element;
  text: string;
  state: State;
}

export interface PriceWalk {
  texts: Map<AnyNode, string>;
  holdsPrice: Set<AnyNode>;
  found: FoundPrice[];
  /** The taken options of variant pickers, read once the other prices are known (a `data-price` takes their currency). */
  picked: Array<{ chosen: ChosenOption; state: State }>;
  /** The first element whose whole text says the price is given on request ("Preis auf Anfrage") or after signing in. */
  onRequest: Withheld | null;
  /** Whether the text itself names a currency beside an amount, memoised per page. */
  hasCurrency: (text: string) => boolean;
  /** Labels for screen readers only, with no amount of their own ("Original price"): screen-reader-labels.ts says which price each names. */
  labels: HiddenLabel[];
  /** Each node's place in the page, in reading order. */
  order: Map<AnyNode, number>;
  /** What `aria-hidden` elements show the eye (no page text: a screen-reader copy says it), for screen-reader-copies.ts. */
  eyeCopies: EyeCopy[];
  /** Prices on buttons and submit inputs that put the product in the cart (no page text): they only check the page's price. */
  actions: FoundPrice[];
}

/** An `aria-hidden` element drawn on the screen, and the price texts it shows. */
export interface EyeCopy {
  element: Element;
  texts: string[];
}

/** The element's children as runs of text (and of parts joined into one number), split by the other elements. */
function textRuns(element: Element, joined: ReadonlySet<AnyNode>): AnyNode[][] {
  const runs: AnyNode[][] = [[]];
  for (const child of renderedChildren(element)) {
    if (child.type === 'text' || joined.has(child)) runs.at(-1)!.push(child);
    else if (runs.at(-1)!.length > 0) runs.push([]);
  }
  return runs.filter((run) => run.length > 0);
}

export function walkPrices($: CheerioAPI, root: Cheerio<AnyNode>, backslashSign: string | null | undefined): PriceWalk {
  const byStyle = styledClasses($);
  const walk: PriceWalk = { texts: new Map(), holdsPrice: new Set(), found: [], picked: [], onRequest: null, hasCurrency: memoised(namesCurrency), labels: [], order: new Map(), eyeCopies: [], actions: [] };
  const { texts, holdsPrice, found, picked, hasCurrency, labels, order, actions } = walk;
  // Inside an eye copy being read, a nested aria-hidden element is part of it.
  let eyeDepth = 0;
  const eyeAlone = new EyeAlone(root.toArray(), PRICE_TEXT_MAX_CHARS);
  const looksLikePrice = (text: string, marked: boolean) => text.length <= PRICE_TEXT_MAX_CHARS && HAS_DIGIT.test(text) && (hasCurrency(text) || (marked && BARE_NUMBER.test(text)));

  /** Text of a node as a reader sees it; records which subtrees hold a price and the innermost price elements. */
  function visit(node: AnyNode, state: State, asEye = false): string {
    if (!asEye) order.set(node, order.size);
    if (node.type === 'text') {
      const data = (node as unknown as { data: string }).data;
      const text = backslashSign ? withBackslashSign(data, backslashSign) : data;
      texts.set(node, text);
      return text;
    }
    if (!isTag(node)) return '';
    const element = node;
    const marks = marksOf(element, byStyle);
    // A variant <select> shows its taken option in the control itself (and a WooCommerce form the variation it picks): a choice taken.
    const chosen = (element.tagName === 'select' || element.tagName === 'form') && !marks.otherBlock && !hiddenByMarkup(element) ? takenChoice(element) : null;
    if (chosen) picked.push({ chosen, state: { ...state, choice: 'chosen', markDepth: MARK_DEPTH } });
    const inherited = state.roleMark && state.roleMark.depth > 1 ? { role: state.roleMark.role, depth: state.roleMark.depth - 1 } : null;
    const roleMark = marks.role ? { role: marks.role, depth: MARK_DEPTH } : inherited;
    const own: State = { struck: state.struck ?? marks.struck, markDepth: marks.priceHolder ? MARK_DEPTH : state.markDepth - 1, roleMark, choice: marks.choice ?? state.choice, tax: marks.tax ?? state.tax, action: state.action || marks.action };
    // A <button>'s or a submit input's words are no page text, but a price on it still checks the page's (call-to-action.ts).
    const words = marks.action && !marks.otherBlock && (marks.hidden || element.tagName === 'input') ? collapse(actionText(element)) : '';
    if (looksLikePrice(words, false)) actions.push({ node, element, text: words, state: own });
    // An aria-hidden price named as one (a price holder around it) with no screen-reader copy in its box is the page's only copy:
    // read as shown (eye-alone.ts). An unnamed one may be a carousel's cloned slide: left unread, as before.
    const alone = marks.eyeOnly && !marks.otherBlock && !asEye && eyeDepth === 0 && own.markDepth > 0 && eyeAlone.test(element, (text) => looksLikePrice(text, true));
    if (alone) own.drawnOnly = true;
    if ((marks.hidden && !alone && !(marks.eyeOnly && (asEye || eyeDepth > 0))) || marks.otherBlock) {
      if (marks.eyeOnly && !marks.otherBlock) eyeCopy(element, state);
      texts.set(node, '');
      return '';
    }
    const { text: inner, joined, children } = childrenText(element, own);
    // What the sheet draws before and after it (`content: "Was "`) is on the screen with its text.
    const drawn = drawnAround(element.attribs, byStyle.drawn);
    let text = `${drawn.before}${inner}${drawn.after}`;
    const childPrice = children.some((child) => holdsPrice.has(child));
    // "$29.99<span class="sr-only"> Original price </span>$19.99": the label parts two prices, each read apart, as a price element would.
    const labelParted = !childPrice && children.some((child) => labels.some((label) => label.element === child)) && textRuns(element, joined).filter((run) => looksLikePrice(runText(run), false)).length > 1;
    if (!INLINE.has(element.tagName)) text = ` ${text} `;
    if (element.tagName === 'br') text = ' ';
    texts.set(node, text);
    // Only a short text is a price, a label or a notice: a longer one is read as none, never collapsed whole (text-flow.ts).
    const cleaned = collapsedUpTo(text, PRICE_TEXT_MAX_CHARS) ?? '';
    const marked = own.markDepth > 0;
    const withheld = !walk.onRequest && cleaned.length <= PRICE_TEXT_MAX_CHARS ? withheldBy(cleaned) : null;
    if (withheld) walk.onRequest = { element, text: cleaned, reason: withheld };
    if (childPrice && onlyFragments(element) && looksLikePrice(cleaned, marked) && hasCurrency(cleaned)) {
      // "€<span>12</span>,<span>99</span>": bare-number pieces of one price; the element holding them all is the price.
      for (let i = found.length - 1; i >= 0; i--) if (isInside(found[i].node, element)) found.splice(i, 1);
      found.push({ node, element, text: cleaned, state: own });
      // It holds a price now, so the element around it reads it as one and never again as part of its own text.
      holdsPrice.add(node);
    } else if (childPrice || labelParted) {
      holdsPrice.add(node);
      // A price written as bare text beside child elements: "<del>€20</del> €15", "<del>€20</del> 15<sup>99</sup> €".
      for (const run of textRuns(element, joined)) {
        const piece = runText(run);
        if (looksLikePrice(piece, false)) {
          found.push({ node: run[0], last: run.at(-1), element, text: piece, state: own });
          for (const part of run) holdsPrice.add(part);
        }
      }
    } else if (looksLikePrice(cleaned, marked)) {
      holdsPrice.add(node);
      found.push({ node, element, text: cleaned, state: own });
    }
    if (forScreenReaders(element) && cleaned !== '' && cleaned.length <= PRICE_TEXT_MAX_CHARS && !HAS_DIGIT.test(cleaned)) labels.push({ element, words: cleaned });
    return text;
  }

  /** Reads an aria-hidden element as the eye sees it, apart: its prices are no page text, only checked against its screen-reader copy. */
  function eyeCopy(element: Element, state: State): void {
    const kept = { found: found.length, labels: labels.length, picked: picked.length, actions: actions.length, onRequest: walk.onRequest };
    eyeDepth++;
    visit(element, state, true);
    eyeDepth--;
    const shown = found.splice(kept.found);
    [labels.length, picked.length, actions.length, walk.onRequest] = [kept.labels, kept.picked, kept.actions, kept.onRequest];
    for (const price of shown) holdsPrice.delete(price.node);
    holdsPrice.delete(element);
    if (shown.length > 0) walk.eyeCopies.push({ element, texts: shown.map((price) => price.text) });
  }

  const runText = (run: AnyNode[]) => collapsedUpTo(run.map((part) => texts.get(part) ?? '').join(''), PRICE_TEXT_MAX_CHARS) ?? '';

  /** The children's text, joining "12<sup>99</sup>" and "<span>$12</span><span>99</span>" into one number, and skipping other products' runs. */
  function childrenText(element: Element, own: State): { text: string; joined: Set<AnyNode>; children: AnyNode[] } {
    let text = '';
    // The end of the text so far, all a join looks at: reading the whole text at each child (its end-anchored patterns, its
    // trimEnd) made a <body> of 80,000 sibling spans cost 6 s, and doubling them four times that.
    let tail = '';
    // Children read as one number with their neighbour: "12<sup>99</sup>", "<span>$12</span><span>99</span>".
    const joined = new Set<AnyNode>();
    let previous: AnyNode | null = null;
    // After a heading naming other products, its siblings up to the next heading of the same or a higher rank are theirs,
    // also one set inside a sibling (the product's own box with its <h1> after a "Recently viewed" strip ends the run);
    // a heading alone in its wrappers counts as the heading itself.
    let otherUntilRank: number | null = null;
    // As rendered: a shadow root in place of its host's children, a slot's taken children in place of the slot.
    const children = renderedChildren(element);
    for (const child of children) {
      const heading = isTag(child) ? wrappedHeading(child) : null;
      const rank = heading ? headingRank(heading) : null;
      if (heading && rank !== null) otherUntilRank = namesOtherProducts(heading) ? rank : otherUntilRank !== null && rank > otherUntilRank ? otherUntilRank : null;
      else if (otherUntilRank !== null && isTag(child) && (highestHeading(child) ?? Infinity) <= otherUntilRank) otherUntilRank = null;
      if (otherUntilRank !== null && rank === null) {
        texts.set(child, '');
        continue;
      }
      let piece = visit(child, own);
      const join = child.type === 'tag' ? joinAfterDigits(tail, child as Element, piece) : null;
      if (join?.fragment && !(previous && isTag(previous) && marksOf(previous, byStyle).struck)) {
        piece = join.piece;
        texts.set(child, piece);
        for (const part of previous ? [previous, child] : [child]) (joined.add(part), forget(part));
      }
      text += piece;
      tail = (tail + piece).slice(-JOIN_TAIL_CHARS);
      previous = child;
    }
    return { text, joined, children };
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

  for (const node of root.toArray()) visit(node, { struck: null, markDepth: 0, roleMark: null, choice: null, tax: null, action: false });
  return walk;
}

/** Pages repeat the same short texts (prices, counts): each is probed once. */
function memoised(probe: (text: string) => boolean): (text: string) => boolean {
  const memo = new Map<string, boolean>();
  return (text) => {
    let known = memo.get(text);
    if (known === undefined) {
      known = probe(text);
      memo.set(text, known);
    }
    return known;
  };
}
