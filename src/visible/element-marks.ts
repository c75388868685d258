// What an element's tag, attributes and styles say about the prices inside it: hidden, struck, another product's, a price holder, an option.
import type { AnyNode, Element } from 'domhandler';
import { namesGross, namesNet } from '../prices/tax-words';
import { isShadowRoot } from './shadow-tree';
import { callsToBuy } from './call-to-action';
import { textContent } from './text-flow';
import { LINE_THROUGH, styledAs, type StyledClasses } from './style-sheet';
import { markWords, OTHER_PRODUCTS_HEADING, OTHER_PRODUCTS_MARK, PRICE_MARK, REFERENCE_MARK, REFERENCE_TITLE, roleFromMarks, type PriceRole } from './price-labels';

/** Never shown as page text: a gauge's, a canvas's or a player's inner text is fallback content no current browser draws. */
const NOT_TEXT = new Set(['script', 'style', 'template', 'noscript', 'head', 'title', 'select', 'option', 'textarea', 'svg', 'iframe', 'button', 'meter', 'progress', 'canvas', 'video', 'audio']);
/** Page chrome, where a mini-cart total or a banner offer lives, never the product's price. */
const CHROME = new Set(['header', 'footer', 'nav']);
const CHROME_ROLES = new Set(['banner', 'contentinfo', 'navigation', 'dialog']);
const STRUCK_TAGS = new Set(['del', 's', 'strike']);
/** Classes that every framework's stylesheet hides: Bootstrap's d-none, Magento's no-display (a configurable product's old price until a swatch is chosen). */
const HIDDEN_CLASS = /(?:^|\s)(?:hidden|d-none|is-hidden|hide|invisible|u-hidden|visually-hidden-focusable|no-display|display-none)(?:\s|$)/i;
/**
 * A class that shows a hidden element again from or below a screen width: Bootstrap's `d-none d-md-block`, Tailwind's (Magento
 * Hyvä's) `hidden md:flex` and `invisible sm:visible`. Themes print the price twice so, one copy per screen size: both are
 * seen, by some shoppers each (the mobile copy's 25.00 was stored beside the desktop's 20.00). Print and hover are no screen.
 */
const SHOWN_ON_SOME_SCREENS = /(?:^|\s)(?:d-(?:sm|md|lg|xl|xxl)-(?!none(?:\s|$))[a-z-]+|(?:(?:max-)?(?:sm|md|lg|xl|[2-9]xl)|(?:min|max)-\[[^\]\s]+\]):(?:block|inline|inline-block|flex|inline-flex|grid|inline-grid|table|contents|flow-root|list-item|visible))(?=\s|$)/;
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** What one element (not its ancestors) says. */
export interface ElementMarks {
  /** Not shown: script, template (but a declarative shadow root), hidden attribute, display:none (inline or by a class the page's sheet hides), aria-hidden, a closed dialog or details. */
  hidden: boolean;
  /** Hidden from screen readers only (`aria-hidden`, nothing else hides it): the eye sees it, often as the twin of a screen-reader text. */
  eyeOnly: boolean;
  /** A shown call to action to put the product in the cart or buy it ("Add to cart · $24.99"): its price only checks the page's. */
  action: boolean;
  /** Page chrome or another product's block: its prices are never this product's. */
  otherBlock: boolean;
  /** Struck or labelled as a reference price, with the evidence ("del", "class old-price"). */
  struck: string | null;
  /** Named as holding a price (class, id, itemprop, data attributes). */
  priceHolder: boolean;
  /** Named as holding another kind of price (`klarna-osm__price`, `shipping-price`), or null. */
  role: PriceRole | null;
  /** One option of a single choice (a fare family, a room, a plan), chosen or not; null when it is none. */
  choice: Choice | null;
  /** Named as the price without tax or with it (Magento's `price-excluding-tax` with `data-label="Excl. Tax"`), or null. */
  tax: 'net' | 'gross' | null;
}

export type Choice = 'chosen' | 'unchosen';

/** ARIA roles of one option among several of which one is taken: radios, listbox options, tabs. */
const SINGLE_CHOICE_ROLES = new Set(['radio', 'menuitemradio', 'option', 'tab']);

/**
 * Whether the element is an option of a single choice and whether the page marks it as taken: `aria-checked` /
 * `aria-selected` on a radio, option or tab, the one radio button it holds (`<label><input type="radio" checked>`), or for a
 * label the radio beside it that its `for` names.
 * A checkbox is an add-on (a warranty, gift wrap), no choice between offers.
 */
const isRadio = (node: AnyNode): node is Element => node.type === 'tag' && (node as Element).tagName === 'input' && ((node as Element).attribs.type ?? '').toLowerCase() === 'radio';

export function choiceOf(element: Element): Choice | null {
  const { attribs } = element;
  if (SINGLE_CHOICE_ROLES.has((attribs.role ?? '').toLowerCase())) {
    const state = attribs['aria-checked'] ?? attribs['aria-selected'];
    if (state === 'true' || state === 'false') return state === 'true' ? 'chosen' : 'unchosen';
  }
  const radios = element.children.filter(isRadio);
  // `<input type="radio" id="s2" checked><label for="s2">Large $20.00</label>`: the label names its radio beside it (Shopify's Dawn).
  const named = element.tagName === 'label' && radios.length === 0 && element.attribs.for ? (element.parent?.children ?? []).filter((node): node is Element => isRadio(node) && node.attribs.id === element.attribs.for) : [];
  if (named.length === 1) return named[0].attribs.checked !== undefined ? 'chosen' : 'unchosen';
  if (radios.length !== 1) return null;
  return radios[0].attribs.checked !== undefined ? 'chosen' : 'unchosen';
}

function attributeWords(element: Element): string {
  const { attribs } = element;
  const values = [attribs.class, attribs.id, attribs.itemprop, ...Object.entries(attribs).filter(([name]) => name.startsWith('data-')).flatMap(([name, value]) => [name, value])];
  return values.filter(Boolean).map((value) => markWords(value as string)).join(' ');
}

/** Levels of lone wrappers a block's heading may sit under: `<section><div class="page-width"><h2>`. */
const HEADING_DEPTH = 3;

/** h1 → 1 … h6 → 6; null for any other element. */
export function headingRank(element: Element): number | null {
  const match = /^h([1-6])$/.exec(element.tagName);
  return match ? Number(match[1]) : null;
}

/** The highest rank (smallest number) of the headings inside an element, or null without any. */
export function highestHeading(element: Element): number | null {
  let best: number | null = null;
  for (const child of element.children) {
    if (child.type !== 'tag') continue;
    const rank = headingRank(child as Element) ?? highestHeading(child as Element);
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

/**
 * The heading an element is or wraps alone (`<div class="section-header"><h2>You may also like</h2></div>`, Amazon's
 * `a-section` around its h2): it heads the wrapper's siblings as it would standing among them; null for any other element.
 */
export function wrappedHeading(element: Element, depth = HEADING_DEPTH): Element | null {
  if (headingRank(element) !== null) return element;
  const children = element.children.filter((child): child is Element => child.type === 'tag');
  const ownText = element.children.some((child) => child.type === 'text' && (child as unknown as { data: string }).data.trim() !== '');
  return depth > 0 && children.length === 1 && !ownText ? wrappedHeading(children[0], depth - 1) : null;
}

/** A heading whose words name other products ("Related products", "Kunden kauften auch"). */
export const namesOtherProducts = (heading: Element): boolean => OTHER_PRODUCTS_HEADING.test(textContent(heading));

/**
 * A block that opens with such a heading: its first element child, or inside its one child when that child is
 * a mere wrapper. A heading further down heads only what follows it (the scan's sibling runs), never the
 * block's content before it: OpenCart puts "Related Products" in the same box as the product.
 */
function otherProductsHeading(element: Element, depth = HEADING_DEPTH): boolean {
  if (!['section', 'aside', 'div', 'ul'].includes(element.tagName)) return false;
  const children = element.children.filter((child): child is Element => child.type === 'tag');
  const first = children[0];
  if (!first) return false;
  const rank = headingRank(first);
  // A heading of its rank or higher further down is another section (the product's own box after a "Recently viewed" strip):
  // then the heading heads only the siblings up to it, which the scan's sibling runs handle.
  if (rank !== null) return namesOtherProducts(first) && !children.slice(1).some((child) => (headingRank(child) ?? highestHeading(child) ?? Infinity) <= rank);
  if (first.tagName === 'header') return namesOtherProducts(first);
  return depth > 1 && children.length === 1 && otherProductsHeading(first, depth - 1);
}

/** What a screen reader announces a carousel as, in the languages shops write it in. */
const CAROUSEL_DESCRIPTION = /carou?ss?el|karussell|carrusel|carosello|karuzela|karusell/i;

/**
 * A block of other products named for screen readers only (the WAI-ARIA carousel and region patterns):
 * `aria-roledescription="carousel"`, or an `aria-label` or `aria-labelledby` line inside it saying what a heading would
 * ("Related products", "You may also like"). Themes set their strips so with no class or heading a shopper's eye needs.
 */
function ariaOtherProducts(element: Element): boolean {
  const { attribs } = element;
  if (CAROUSEL_DESCRIPTION.test(attribs['aria-roledescription'] ?? '')) return true;
  if (attribs['aria-label'] && OTHER_PRODUCTS_HEADING.test(attribs['aria-label'])) return true;
  const ids = new Set((attribs['aria-labelledby'] ?? '').split(/\s+/).filter(Boolean));
  // The labelling line stands inside the block, near its top, as a heading would; one elsewhere on the page is not looked for.
  const labels = ids.size === 0 ? [] : descendantsWithin(element, HEADING_DEPTH + 1).filter((child) => ids.has(child.attribs.id ?? ''));
  return labels.some((label) => OTHER_PRODUCTS_HEADING.test(textContent(label)));
}

function descendantsWithin(element: Element, depth: number): Element[] {
  const children = element.children.filter((child): child is Element => child.type === 'tag');
  return depth <= 1 ? children : children.flatMap((child) => [child, ...descendantsWithin(child, depth - 1)]);
}


/**
 * An `aria-hidden` part of a picture whose words stand in its `aria-label` (`<span role="img" aria-label="47999 pesos">`):
 * Mercado Libre draws every price so, its digits hidden from screen readers only. Themes do the same with no role
 * (`<span aria-label="$19.99"><span aria-hidden="true">$19<sup>99</sup></span></span>`), so a label with digits counts
 * too. Shown on the screen, so read; any other `aria-hidden` subtree is a closed dialog or a copy of words a
 * screen-reader text says (WooCommerce's struck price).
 */
function drawsLabel(element: Element): boolean {
  const parent = element.parent;
  if (parent?.type !== 'tag') return false;
  const label = (parent as Element).attribs['aria-label']?.trim() ?? '';
  return label !== '' && (((parent as Element).attribs.role ?? '').toLowerCase() === 'img' || /\d/.test(label));
}

/** Hidden by its attributes, styles or classes, whatever its tag: a `<select>` so hidden is no control a shopper sees either. */
export function hiddenByMarkup(element: Element): boolean {
  return ariaHiddenOnly(element) || hiddenFromEye(element);
}

/** `aria-hidden="true"` (but the drawing of a labelled picture): silent for a screen reader, still drawn on the screen. */
const ariaHiddenOnly = (element: Element): boolean => element.attribs['aria-hidden'] === 'true' && !drawsLabel(element);

function hiddenFromEye(element: Element): boolean {
  const { attribs } = element;
  const hiddenClass = HIDDEN_CLASS.test(attribs.class ?? '') && !SHOWN_ON_SOME_SCREENS.test(attribs.class ?? '');
  return attribs.hidden !== undefined || HIDDEN_STYLE.test(attribs.style ?? '') || hiddenClass || (element.tagName.toLowerCase() === 'input' && attribs.type === 'hidden');
}

/** Not rendered until opened: a `<dialog>` without `open` (a quick-view modal of another product), a closed `<details>` but its summary. */
function closedDisclosure(element: Element): boolean {
  if (element.tagName === 'dialog') return element.attribs.open === undefined;
  const parent = element.parent;
  return parent?.type === 'tag' && (parent as Element).tagName === 'details' && (parent as Element).attribs.open === undefined && element.tagName !== 'summary';
}

export function marksOf(element: Element, byStyle: StyledClasses): ElementMarks {
  const tag = element.tagName.toLowerCase();
  const { attribs } = element;
  const style = attribs.style ?? '';
  const concealed = hiddenFromEye(element) || styledAs(attribs.class, byStyle.hidden) || closedDisclosure(element);
  const eyeHidden = (NOT_TEXT.has(tag) && !(tag === 'template' && isShadowRoot(element))) || concealed;
  const hidden = eyeHidden || ariaHiddenOnly(element);
  const wordsOf = attributeWords(element);
  const otherBlock = CHROME.has(tag) || CHROME_ROLES.has(attribs.role ?? '') || OTHER_PRODUCTS_MARK.test(wordsOf) || otherProductsHeading(element) || ariaOtherProducts(element);
  let struck: string | null = null;
  if (STRUCK_TAGS.has(tag)) struck = tag;
  else if (LINE_THROUGH.test(style)) struck = 'style line-through';
  else if (styledAs(attribs.class, byStyle.struck)) struck = 'stylesheet line-through';
  else if (REFERENCE_MARK.test(wordsOf)) struck = `marked ${REFERENCE_MARK.exec(wordsOf)?.[0].replace(/^[^a-z]/, '')}`;
  else if (REFERENCE_TITLE.test(`${attribs['aria-label'] ?? ''} ${attribs.title ?? ''}`)) struck = 'labelled';
  return { hidden, eyeOnly: hidden && !eyeHidden, action: !concealed && callsToBuy(element), otherBlock, struck, priceHolder: PRICE_MARK.test(wordsOf), role: roleFromMarks(wordsOf), choice: choiceOf(element), tax: taxOf(element, wordsOf) };
}

/** Class words of the two prices of a shop that shows both: Magento's `price-including-tax`, BigCommerce's `price--withTax`. */
const GROSS_MARK = /(?:^|[^a-z])(?:including-tax|incl-tax|with-tax|price-incl|brutto)(?=[^a-z]|$)/;
const NET_MARK = /(?:^|[^a-z])(?:excluding-tax|excl-tax|without-tax|price-excl|netto)(?=[^a-z]|$)/;

/** Whether the element is named as the price with tax or without, by its class words or its label (`data-label="Incl. Tax"`). */
function taxOf(element: Element, wordsOf: string): 'net' | 'gross' | null {
  const label = `${element.attribs['data-label'] ?? ''} ${element.attribs['aria-label'] ?? ''} ${element.attribs.title ?? ''}`;
  const gross = GROSS_MARK.test(wordsOf) || namesGross(label);
  const net = NET_MARK.test(wordsOf) || namesNet(label);
  return gross === net ? null : gross ? 'gross' : 'net';
}
