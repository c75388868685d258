// The option a product's variant <select> has taken, as the price a shopper sees once the page has loaded.
import type { Element } from 'domhandler';
import { Decimal } from '../core/money';
import { printedMinorDigits } from '../prices/iso-currencies';
import { REGULAR_LABEL } from '../prices/regular-words';
import { markWords } from './price-labels';
import { jsonPriceReadings, variantJsonPrice } from './variant-json';
import { chosenVariationPrice } from './woo-variation';
import type { ScannedPrice } from './scanned-price';

/** The taken option of a variant picker: its shown text, or the amount its `data-price` states (machine format). */
export interface ChosenOption {
  option: Element;
  text: string;
  /** `data-price="20.00"` when the text shows no amount: a number with a dot, no currency (the page's prices give it). */
  dataPrice: string | null;
  /** Where the number comes from: an option's `data-price` (written with the currency's digits) or a JSON number (any fewer). */
  source: 'data-price' | 'variation';
  /** The taken variant's price in the variant JSON beside the picker ("2000": cents or dollars, see jsonPriceReadings), or null. */
  jsonPrice?: string | null;
}

/** What the element has taken, if it is a variant picker: a `<select>`'s one selected option, a WooCommerce form's variation. */
export function takenChoice(element: Element): ChosenOption | null {
  if (element.tagName === 'select') return chosenVariantOption(element);
  const variationPrice = element.tagName === 'form' ? chosenVariationPrice(element) : null;
  return variationPrice === null ? null : { option: element, text: '', dataPrice: variationPrice, source: 'variation' };
}

/**
 * How the platforms name the control that picks the variant: Shopify's `name="id"` and `options[Size]`, WooCommerce's
 * `attribute_pa_size`, BigCommerce's `attribute[12]`, PrestaShop's `group[1]`, Magento's `super_attribute[93]`,
 * OpenCart's `option[227]`, and themes' own words for a variant or its size, colour or style.
 */
const PICKER_WORDS = /(?:^|[^a-z])(?:variants?|variations?|options?|attributes?|super-attribute|group|swatch(?:es)?|sizes?|colou?rs?|styles?|product-select|single-option-selector)(?:[^a-z]|$)/;
/**
 * Selects that share those words but pick no variant: a quantity, a currency or country switcher, a sort order, a page
 * size, a language, a shipping method or a subscription interval (an option there prices a delivery or a plan), and
 * an add-on's (gift wrap, a warranty, engraving), whose option prices the add-on.
 */
const OTHER_WORDS = /(?:^|[^a-z])(?:qty|quantity|quantit[aéà]|menge|anzahl|currency|currencies|waehrung|währung|devise|country|countries|land|pays|locale|lang(?:uage)?|sort(?:-?by)?|order-?by|orderby|limit|per-?page|shipping|delivery|versand|frequency|interval|subscription|selling-plan|gift|wrap(?:ping)?|warranty|insurance|protection|engraving|add-?ons?|extras?|payment)(?:[^a-z]|$)/;

function controlWords(select: Element): string {
  const { attribs } = select;
  const values = [attribs.name, attribs.id, attribs.class, ...Object.entries(attribs).filter(([name]) => name.startsWith('data-')).flatMap(([name, value]) => [name, value])];
  return values.filter(Boolean).map((value) => markWords((value as string).replace(/[[\]]/g, ' '))).join(' ');
}

function optionsOf(element: Element): Element[] {
  return element.children.flatMap((child) => {
    if (child.type !== 'tag') return [];
    const tag = (child as Element).tagName;
    return tag === 'option' ? [child as Element] : tag === 'optgroup' ? optionsOf(child as Element) : [];
  });
}

function ownText(element: Element): string {
  return element.children.map((child) => (child.type === 'text' ? (child as unknown as { data: string }).data : '')).join('');
}

/**
 * The option a variant picker has taken, or null. Only an option the markup marks `selected` counts, and only when it
 * is the one so marked: with none, a browser shows the first option though the shopper chose nothing (the variant and
 * its price are open, as a "Choose an option" placeholder leaves them); with two, the markup says two things.
 * A multiple select picks add-ons, no variant. A disabled option is a placeholder, never a variant.
 */
export function chosenVariantOption(select: Element): ChosenOption | null {
  if (select.attribs.multiple !== undefined) return null;
  const words = controlWords(select);
  if (OTHER_WORDS.test(words) || !(select.attribs.name === 'id' || PICKER_WORDS.test(words))) return null;
  const selected = optionsOf(select).filter((option) => option.attribs.selected !== undefined);
  if (selected.length !== 1 || selected[0].attribs.disabled !== undefined) return null;
  const [option] = selected;
  // What the browser shows for an option: its label attribute, else its text (HTML: the option's label).
  const text = (option.attribs.label ?? ownText(option)).replace(/\s+/g, ' ').trim();
  const data = (option.attribs['data-price'] ?? '').trim();
  const dataPrice = /^\d+(?:\.\d+)?$/.test(data) ? data : null;
  const jsonPrice = dataPrice === null ? variantJsonPrice(select, option.attribs.value ?? text) : null;
  return { option, text, dataPrice, source: 'data-price', jsonPrice };
}

/**
 * The taken option's price, only where it reads as one price to pay (not "+$10.00", which OpenCart and add-on plugins
 * print for what an option adds, nor a text without an amount). A `data-price` states no currency: it takes the one
 * currency the page's other prices show, and only with the digits that currency is printed with ("20.00" for dollars;
 * a "2000" may be cents, as Shopify's Liquid writes a price); else it says nothing.
 */
export function pickerPrice(chosen: ChosenOption, others: readonly ScannedPrice[], read: (text: string, machine: boolean) => ScannedPrice): ScannedPrice | null {
  let price = read(chosen.text, false);
  if (!(price.role === 'current' && price.parsed.ok) && chosen.dataPrice !== null && !/\p{Nd}/u.test(chosen.text)) {
    const codes = new Set(others.flatMap((p) => (p.parsed.ok && p.parsed.currency ? [p.parsed.currency] : [])));
    const [code] = codes;
    const decimals = chosen.dataPrice.split('.')[1]?.length ?? 0;
    const digits = printedMinorDigits(code);
    if (codes.size !== 1 || digits === null || (chosen.source === 'data-price' ? decimals !== digits : decimals > digits)) return null;
    price = read(`${chosen.dataPrice} ${code}`, true);
  } else if (!(price.role === 'current' && price.parsed.ok) && chosen.jsonPrice && !/\p{Nd}/u.test(chosen.text)) {
    const json = jsonAmount(chosen.jsonPrice, others);
    if (json === null) return null;
    price = read(json.text, true);
    if (json.conflict) price.unsettled = json.conflict;
  }
  const taken = price.parsed;
  if (!(price.role === 'current' && taken.ok)) return null;
  // "Large - €20.00" beside a range in dollars: an option in another currency than the page's prices says nothing of them.
  const pageCodes = new Set(others.flatMap((p) => (['current', 'range'].includes(p.role) && p.parsed.ok && p.parsed.currency ? [p.parsed.currency] : [])));
  if (pageCodes.size > 0 && !pageCodes.has(taken.currency ?? '')) return null;
  // No variant costs less than the page's from-price or the low end of its range: an option under it prices something else.
  if (others.some((p) => p.role === 'range' && p.parsed.ok && p.parsed.currency === taken.currency && p.parsed.amount.gt(taken.amount))) return null;
  // Nor more than a closed range's high end ("$10.00 – $20.00" beside "XL - $25.00" taken): the option or the range is
  // stale, and the page does not say which, so the range stands alone (a range, no price).
  const highs = others.flatMap((p) => {
    if (p.role !== 'range' || !p.parsed.ok || p.parsed.currency !== taken.currency) return [];
    return p.rangeHigh ? [p.rangeHigh.amount] : p.why === 'range link' ? [p.parsed.amount] : [];
  });
  return highs.length > 0 && highs.every((high) => high.lt(taken.amount)) ? null : price;
}

/**
 * The taken variant's JSON price in the page's one currency, read the way the page's own prices allow: equal to the price shown
 * (current, or labelled the regular price as Shopify themes label a price not on sale), the page agrees; else the one reading
 * inside a closed range the page shows settles the range; else, beside a shown price it differs from, the page says two things
 * (the shown price may be the cheapest variant's, a theme's `price_min`, or the JSON stale): `conflict` says so, and the page is
 * refused. Null when the page shows nothing to read it by.
 */
function jsonAmount(raw: string, others: readonly ScannedPrice[]): { text: string; conflict?: string } | null {
  const codes = new Set(others.flatMap((p) => (p.parsed.ok && p.parsed.currency ? [p.parsed.currency] : [])));
  const [code] = codes;
  const digits = printedMinorDigits(code);
  if (codes.size !== 1 || digits === null) return null;
  const readings = jsonPriceReadings(raw, digits);
  const regular = (p: ScannedPrice) => p.role === 'reference' && (p.struck === null || p.struck === 'marked regular') && REGULAR_LABEL.test(p.context.before);
  const shown = others.flatMap((p) => ((p.role === 'current' || regular(p)) && p.parsed.ok ? [p.parsed.amount] : []));
  const agreed = readings.find((reading) => shown.some((amount) => amount.eq(reading)));
  if (agreed) return { text: `${agreed.toFixed(digits)} ${code}` };
  // A range in one text carries its high end; two ends in elements of their own joined by a dash are one range.
  const linked = others.flatMap((p) => (p.role === 'range' && p.why === 'range link' && p.parsed.ok ? [p.parsed.amount] : []));
  const ranges = others.flatMap((p) => (p.role === 'range' && p.parsed.ok && p.rangeHigh ? [{ low: p.parsed.amount, high: p.rangeHigh.amount }] : []));
  if (linked.length > 1) ranges.push({ low: Decimal.min(...linked), high: Decimal.max(...linked) });
  const inRange = readings.filter((reading) => ranges.some(({ low, high }) => reading.gte(low) && reading.lte(high)));
  if (inRange.length === 1) return { text: `${inRange[0].toFixed(digits)} ${code}` };
  if (shown.length === 0) return null;
  const said = readings.map((reading) => reading.toFixed(digits)).join(' or ');
  return { text: `${readings.at(-1)!.toFixed(digits)} ${code}`, conflict: `the taken variant's price in the page's variant JSON (${raw}: ${said} ${code}) is not the price shown` };
}
