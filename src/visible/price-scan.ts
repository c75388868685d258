// Lists every visible price of a page (or a scope in it) with its role: what a shopper would read where.
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import type { ParsePriceOptions, PriceResult } from '../prices/parse-price';
import { cssPath } from './css-path';
import { besideInLine, trimCurrency, type LineText } from './line-words';
import { isApproximate, isQuantityAfter, linksRange, roleFromWords, type PriceRole } from './price-labels';
import { readPriceText, withHundredthsAfter } from './price-reading';
import { walkPrices, type FoundPrice, type State } from './price-walk';
import { onRequestEntry, type ScannedPrice, type ScanOptions } from './scanned-price';
import { collapse, collapsedUpTo, isInside } from './text-flow';
import { productBox } from './product-box';
import { pickerPrice } from './variant-select';
import { labelRole, labelOwners, type HiddenLabel } from './screen-reader-labels';
import { copyConflicts } from './screen-reader-copies';
import { linkedLabels } from './linked-labels';
import { settleTwoSidedNouns } from './two-sided-nouns';
import { priceParts } from '../prices/price-parts';

export function scanPrices($: CheerioAPI, root: Cheerio<AnyNode>, options: ScanOptions): ScannedPrice[] {
  // A shared sign is resolved the way the page's locale writes it ("kr" on a Swedish page is SEK, "¥" on a
  // Japanese one JPY); "$" on an English page without a region stays open (see PageLocale.symbolLocale).
  const parseOptions = {
    currencyHint: options.locale.regionCurrency,
    locale: options.locale.symbolLocale ?? undefined,
    defaultCurrency: options.defaultCurrency ?? undefined,
    decimalSeparator: options.locale.decimalSeparator ?? undefined,
  };
  const walk = walkPrices($, root, options.backslashSign);
  const { found, holdsPrice, hasCurrency } = walk;
  const line: LineText = { texts: walk.texts, holdsPrice, roots: new Set<AnyNode>(root.toArray()) };

  // A bare number in a price holder that a "%", an "x", a unit or points follow is a percentage, a count, a measure or no money ("save 10 %", "10x de R$ 29,99", "0,5 l", "1,200 points"), no price.
  for (const entry of [...found]) {
    if (hasCurrency(entry.text) || !isQuantityAfter(besideInLine(line, entry.last ?? entry.node, 'after'), entry.text.replace(/\*$/, ''))) continue;
    found.splice(found.indexOf(entry), 1);
    holdsPrice.delete(entry.node);
  }
  const requested: ScannedPrice[] = walk.onRequest ? [onRequestEntry(walk.onRequest)] : [];
  const labels = labelsOf(walk.labels, found, walk.order);
  // A label the markup names for the price (aria-labelledby, aria-describedby, <label for>) is its own, wherever it stands.
  const linked = linkedLabels($, found);
  const shown = found.map((entry) => { const own = labels.of(entry.node); return toScanned(line, entry, parseOptions, { ...own, own: [...own.own, ...(linked.get(entry.node) ?? [])] }); });
  labels.unsettle(found, shown);
  settleTwoSidedNouns(shown);
  // An amount shown aria-hidden beside a screen-reader copy of another amount: what the eye sees is not what is read.
  const amountsOf = (text: string) => priceParts(text, parseOptions).map((part) => part.price);
  const box = productBox($, root);
  if (box) for (const [index, entry] of found.entries()) shown[index].inProductBox = isInside(entry.node, box);
  for (const [index, detail] of copyConflicts(walk.eyeCopies, found, walk.order, amountsOf)) shown[index].copyConflict = detail;
  // A data-price is written as a machine writes it ("20.00"), whatever the page's decimal separator.
  const readOption = (option: Element, state: State) => (text: string, machine: boolean) =>
    toScanned(line, { node: option, element: option, text, state }, machine ? { ...parseOptions, decimalSeparator: '.' } : parseOptions);
  const taken = walk.picked.flatMap(({ chosen, state }) => pickerPrice(chosen, shown, readOption(chosen.option, state)) ?? []);
  const acted = walk.actions.map((entry) => toScanned(line, entry, parseOptions));
  return requested.concat(shown, taken, acted);
}

/** What the screen-reader labels say of one price: labels to read past (another amount's), and the words of its own. */
interface PriceLabels {
  skip: ReadonlySet<AnyNode>;
  own: readonly string[];
}

/**
 * Which price each screen-reader label naming a role names (screen-reader-labels.ts): its words are that price's label, and no
 * other's; a label the markup leaves between two prices is read for neither, and `unsettle` refuses the pair unless one of them
 * plays that role anyway (a struck amount beside "Original price").
 */
function labelsOf(hidden: readonly HiddenLabel[], found: readonly FoundPrice[], order: ReadonlyMap<AnyNode, number>) {
  const named = hidden.filter((label) => labelRole(label) !== 'current');
  // Every label counts for the side a theme writes them on, also one naming no role ("Sale price", "Current price").
  const owners = labelOwners(hidden, found, order);
  // A label naming no price in its line is left where it stands, as before (a `<dt>`'s label of the `<dd>` after it).
  const skip = new Set<AnyNode>(named.filter((label) => owners.get(label)).map((label) => label.element));
  const ownerOf = (label: HiddenLabel) => { const owner = owners.get(label); return owner && 'owner' in owner ? owner.owner : null; };
  const of = (node: AnyNode): PriceLabels => {
    const own = named.filter((label) => ownerOf(label) === node);
    return { skip: new Set([...skip].filter((element) => !own.some((label) => label.element === element))), own: own.map((label) => label.words) };
  };
  const unsettle = (entries: readonly FoundPrice[], scanned: ScannedPrice[]): void => {
    for (const label of named) {
      const owner = owners.get(label);
      if (!owner || !('between' in owner)) continue;
      const pair = owner.between.map((node) => scanned[entries.findIndex((entry) => entry.node === node)]);
      if (pair.some((price) => price.role === labelRole(label))) continue;
      for (const price of pair) price.unsettled = `screen-reader label "${label.words}" between ${pair.map((p) => p.text).join(' and ')}: its markup does not say which it names`;
    }
  };
  return { of, unsettle };
}

/** One found price text read: its amount, the words beside it, and the role those words, its markup or the parser give it. */
function toScanned(line: LineText, { node, last, element, text, state }: FoundPrice, parseOptions: ParsePriceOptions, labels: PriceLabels = { skip: new Set(), own: [] }): ScannedPrice {
  const own = readPriceText(text, parseOptions);
  const at = own.amount ? text.indexOf(own.amount.amountText) : -1;
  const ownBefore = at >= 0 ? text.slice(0, at) : '';
  const ownAfter = at >= 0 ? text.slice(at + (own.amount ? own.amount.amountText.length : 0)) : text;
  const context = { before: trimCurrency(collapse(`${besideInLine(line, node, 'before', labels.skip)} ${ownBefore}`), 'end'), after: trimCurrency(collapse(`${ownAfter} ${besideInLine(line, last ?? node, 'after', labels.skip)}`), 'start') };
  // Its own label written after it ("$29.99<span class="sr-only">Original price</span>") is read where a label stands: before it.
  for (const words of labels.own) if (!context.before.includes(words)) context.before = collapse(`${context.before} ${words}`);
  const { parsed, amount, rangeLow, rangeHigh, notCurrent } = withHundredthsAfter(own, context.after);
  const fromWords = roleFromWords(context);
  // Words that name another role (a unit or shipping price) win over a struck look and the parser's labels; otherwise struck means
  // reference, and a class naming another kind of price (a Klarna badge's amount) that kind.
  let [role, why]: [PriceRole, string] = fromWords !== 'current' ? [fromWords, 'words'] : state.struck ? ['reference', state.struck] : state.roleMark ? [state.roleMark.role, 'marked'] : ['current', 'text'];
  if (role === 'current' && linksRange(context)) [role, why] = ['range', 'range link'];
  if (role === 'current' && notCurrent && !parsed.ok) [role, why] = [notCurrent, `parser ${parsed.reason}`];
  const negative = amount !== null && amount.amount.isNegative();
  if (negative && role === 'current') [role, why] = ['saving', 'negative'];
  // The button's price repeats the one shown (or contradicts it): a check of the page's price, never a candidate.
  if (role === 'current' && state.action) [role, why] = ['action', 'call to action'];
  // Only a current price must read as one price to pay now; any other role keeps the one amount its text shows.
  const reading: PriceResult = role === 'range' && rangeLow ? rangeLow : role === 'current' || amount === null ? parsed : amount;
  // A heading that holds nothing but the price (OpenCart's `<h2>£122.00</h2>`) shows it as plainly as a class names it.
  const bare = !/\p{L}/u.test(trimCurrency(ownBefore.trim(), 'end') + trimCurrency(ownAfter.trim(), 'start'));
  const headline = bare && /^h[1-6]$/.test(element.tagName) && collapsedUpTo(line.texts.get(element) ?? '', text.length) === text;
  const high = role === 'range' && rangeHigh ? { rangeHigh } : {};
  const drawn = state.drawnOnly ? { drawnOnly: true } : {};
  const approximate = role === 'current' && isApproximate(context.before) ? { approximate: true } : {};
  return { role, why, text, path: cssPath(element), parsed: reading, context, marked: state.markDepth > 0, headline, choice: state.choice, struck: state.struck, tax: state.tax, ...high, ...drawn, ...approximate };
}
