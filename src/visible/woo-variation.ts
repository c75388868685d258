// WooCommerce's variations form: the variation its taken attribute options pick, and that variation's price.
import type { Element } from 'domhandler';

/** One entry of `data-product_variations`: the attribute values it takes ('' = any) and the price shown for it. */
interface Variation {
  attributes?: Record<string, unknown>;
  display_price?: unknown;
}

function descendants(element: Element, tag: string): Element[] {
  return element.children.flatMap((child) => (child.type === 'tag' ? [...((child as Element).tagName === tag ? [child as Element] : []), ...descendants(child as Element, tag)] : []));
}

/** The value each `attribute_*` select has taken, or null when one of them has taken none (a placeholder or nothing marked). */
function takenAttributes(form: Element): Map<string, string> | null {
  const taken = new Map<string, string>();
  for (const select of descendants(form, 'select')) {
    const name = select.attribs['data-attribute_name'] ?? select.attribs.name ?? '';
    if (!name.startsWith('attribute_')) continue;
    const selected = descendants(select, 'option').filter((option) => option.attribs.selected !== undefined);
    const value = selected.length === 1 ? (selected[0].attribs.value ?? '') : '';
    if (value === '') return null;
    taken.set(name, value);
  }
  return taken.size > 0 ? taken : null;
}

/**
 * The price of the variation a WooCommerce form's default attributes pick: the shop marks them `selected`, and Woo's
 * script shows that variation's `display_price` once the page has loaded (`.woocommerce-variation-price` is empty
 * before). Every variation the choices match must show the same price ("any size" variations included), else the
 * choices do not determine one. Woo writes the price as a JSON number in the shop's currency, never in cents; the
 * number's shortest form is the decimal the shop wrote. Null for a form that lists no variations (`false`: loaded
 * later by AJAX) or a choice left open.
 */
export function chosenVariationPrice(form: Element): string | null {
  if (!/(?:^|\s)variations_form(?:\s|$)/.test(form.attribs.class ?? '')) return null;
  let variations: unknown;
  try {
    variations = JSON.parse(form.attribs['data-product_variations'] ?? '');
  } catch {
    return null;
  }
  const taken = takenAttributes(form);
  if (!Array.isArray(variations) || !taken) return null;
  const fits = (variation: Variation) => Object.entries(variation.attributes ?? {}).every(([name, value]) => value === '' || value === taken.get(name));
  const prices = new Set((variations as Variation[]).filter((variation) => variation && typeof variation === 'object' && fits(variation)).map((variation) => variation.display_price));
  const [price] = prices;
  return prices.size === 1 && typeof price === 'number' && /^\d+(?:\.\d+)?$/.test(String(price)) ? String(price) : null;
}
