// The taken variant's price in the variant JSON a theme writes beside its picker (Shopify's, a theme's `data-variants`).
import type { Element } from 'domhandler';
import { Decimal } from '../core/money';
import { isTag, textContent } from './text-flow';

/** Levels above a picker where its variant JSON stands: Dawn's `<variant-selects>` holds the script three levels up. */
const JSON_LEVELS = 4;

interface Variant {
  id?: unknown;
  price?: unknown;
  options?: unknown;
  option1?: unknown;
  option2?: unknown;
  option3?: unknown;
}

/** A list of variants: the array itself, or a product's `variants` (Shopify's product JSON). */
function variantsOf(text: string): Variant[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const list = Array.isArray(value) ? value : (value as { variants?: unknown } | null)?.variants;
  if (!Array.isArray(list) || list.length === 0) return null;
  const variants = list.filter((entry): entry is Variant => entry !== null && typeof entry === 'object' && 'price' in entry && ('id' in entry || 'options' in entry || 'option1' in entry));
  return variants.length === list.length ? variants : null;
}

/** Variant lists an element carries: in a `data-*` attribute, or as a `<script type="application/json">` child. */
function listsOn(element: Element): Variant[][] {
  const inAttributes = Object.entries(element.attribs).flatMap(([name, value]) => (name.startsWith('data-') && /^\s*[[{]/.test(value) ? [variantsOf(value)] : []));
  const inScripts = element.children.filter(isTag).flatMap((child) => (child.tagName === 'script' && (child.attribs.type ?? '').toLowerCase() === 'application/json' ? [variantsOf(textContent(child))] : []));
  return [...inAttributes, ...inScripts].filter((list): list is Variant[] => list !== null);
}

/** Dawn 15's `<script type="application/json" data-selected-variant>`: the taken variant itself, written by the theme. */
function selectedVariant(box: Element): Variant | null {
  const script = box.children.filter(isTag).find((child) => child.tagName === 'script' && child.attribs['data-selected-variant'] !== undefined);
  if (!script) return null;
  try {
    const value: unknown = JSON.parse(textContent(script));
    return value !== null && typeof value === 'object' && !Array.isArray(value) && 'price' in value ? (value as Variant) : null;
  } catch {
    return null;
  }
}

function descendants(element: Element, tag: string): Element[] {
  return element.children.filter(isTag).flatMap((child) => [...(child.tagName === tag ? [child] : []), ...descendants(child, tag)]);
}

/** The value each select under the box has taken, in order; null when one of them has taken none (or two). */
function takenValues(box: Element): string[] | null {
  const values: string[] = [];
  for (const select of descendants(box, 'select')) {
    const selected = descendants(select, 'option').filter((option) => option.attribs.selected !== undefined);
    if (selected.length !== 1 || selected[0].attribs.disabled !== undefined) return null;
    values.push(selected[0].attribs.value ?? textContent(selected[0]).trim());
  }
  return values;
}

const optionValues = (variant: Variant): unknown[] => (Array.isArray(variant.options) ? variant.options : [variant.option1, variant.option2, variant.option3].filter((value) => value !== null && value !== undefined));

/**
 * The variant the picker has taken: the one whose id its taken option's value is (Shopify's `<select name="id">`), or, for
 * pickers of one option each (Dawn's `options[Size]`), the one whose option values are the values every select in the JSON's box
 * has taken, in order. The JSON is looked for on the picker and its ancestors, JSON_LEVELS up, never across the page: a
 * related product's JSON elsewhere names other variants. Null when no variant or several fit.
 */
function takenVariant(select: Element, value: string): Variant | null {
  let at: Element | null = select;
  for (let level = 0; level <= JSON_LEVELS && at; level++, at = at.parent && isTag(at.parent) ? at.parent : null) {
    const box: Element = at;
    const selected = selectedVariant(box);
    if (selected) return selected;
    for (const variants of listsOn(box)) {
      const byId = variants.filter((variant) => variant.id !== undefined && String(variant.id) === value);
      const taken = byId.length > 0 ? null : takenValues(box);
      const fits = byId.length > 0 ? byId : taken && taken.length > 0 ? variants.filter((variant) => optionValues(variant).map(String).join('\u0000') === taken.join('\u0000')) : [];
      if (fits.length === 1) return fits[0];
    }
  }
  return null;
}

/** The taken variant's price as the JSON writes it ("2000", "20.00"), or null. */
export function variantJsonPrice(select: Element, value: string): string | null {
  const price = takenVariant(select, value)?.price;
  const text = typeof price === 'number' ? String(price) : typeof price === 'string' ? price.trim() : '';
  return /^\d+(?:\.\d+)?$/.test(text) ? text : null;
}

/**
 * What a JSON price may mean: a whole number is the amount or the amount in minor units (Shopify writes 2000 for $20.00, other
 * themes 20 for $20.00), so both are kept for the page's own prices to decide; a number with a fraction is the amount.
 */
export function jsonPriceReadings(raw: string, minorDigits: number): Decimal[] {
  const amount = new Decimal(raw);
  return raw.includes('.') || minorDigits === 0 ? [amount] : [amount, amount.div(10 ** minorDigits)];
}
