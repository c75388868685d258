// The currency a page's currency switcher has selected: the one its prices are shown in (WooCommerce multi-currency plugins, Shopify's localization form).
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { isIsoCode } from '../prices/iso-currencies';

/** Names, ids and classes of a currency switcher: `currency`, `woocommerce-currency-switcher`, `aelia_cs_currency`, `currency_code`. */
const SWITCHER_WORDS = /currenc|w(?:ae|ä)hrung|devise|moneda|valuta/i;

/** The one ISO code an option's value or text names ("AUD", "AUD - Australian dollar", "A$ AUD"), else null. */
function codeOf(text: string | undefined): string | null {
  const codes = [...new Set((text ?? '').toUpperCase().match(/\b[A-Z]{3}\b/g) ?? [])].filter(isIsoCode);
  return codes.length === 1 ? codes[0] : null;
}

const wordsOf = (element: Element): string => [element.attribs.name, element.attribs.id, element.attribs.class].filter(Boolean).join(' ');

/**
 * The ISO code the page's currency switcher has selected, or null: a `<select>` named for a currency with exactly one
 * option marked `selected` that names one code (by its value, else its text), or the hidden `currency_code` input of
 * Shopify's localization form. Switchers that disagree (a header and a footer copy set differently) say nothing.
 * A WooCommerce shop switched to AUD on a WordPress page declaring lang="en-US" still prints "$": the switcher says which.
 */
export function selectedCurrency($: CheerioAPI): string | null {
  const found = new Set<string>();
  for (const select of $('select').toArray()) {
    if (!SWITCHER_WORDS.test(wordsOf(select))) continue;
    const chosen = $(select).find('option[selected]').toArray();
    if (chosen.length !== 1) continue;
    const code = codeOf(chosen[0].attribs.value) ?? codeOf($(chosen[0]).text());
    if (code) found.add(code);
  }
  for (const input of $('input[type="hidden" i][name="currency_code" i]').toArray()) {
    const code = codeOf(input.attribs.value);
    if (code) found.add(code);
  }
  return found.size === 1 ? [...found][0] : null;
}
