// price-coercion stage: turns the item's price (text, number or Decimal) into a Decimal + ISO currency.
import type { Item, ItemSource } from '../src/core/item';
import { Decimal } from '../src/core/money';
import { drop, type Drop, type PipelineStage } from '../src/pipeline/stage';
import { candidatesOf, currencyFromContext } from '../src/prices/currencies';
import { pastPrintedDigits } from '../src/prices/iso-currencies';
import { parsePrice } from '../src/prices/parse-price';
import { nonPositiveRefusal } from '../src/prices/non-positive-refusal';
import { implausibleAmount } from '../src/prices/implausible-amount';
import { otherMarket } from '../src/visible/page-locale';

export interface PriceCoercionOptions {
  /** ISO code used when neither the price text nor the item's `currency` field names one. */
  defaultCurrency?: string;
  /** Prices labelled without tax and no gross beside them: kept with `taxIncluded: false` (default), or refused (`price/net-only`). */
  netPrices?: 'keep' | 'refuse';
}

/** Longest piece of an unparseable price kept in the drop detail (logs stay readable). */
const DETAIL_MAX_CHARS = 120;

/** Significant decimal digits a double carries faithfully (C's DBL_DIG): the most a number price may have. */
const FAITHFUL_DIGITS = 15;

export class PriceCoercionStage implements PipelineStage {
  readonly name = 'price-coercion';

  constructor(private readonly options: PriceCoercionOptions = {}) {}

  process(item: Item, source?: ItemSource): Item | Drop {
    const raw = item.price;
    // A spider that refused to read a price (ambiguous, disagreeing) says why: that reason is the drop's.
    if ((raw === undefined || raw === null) && typeof item.priceRefusal === 'string') return drop(item.priceRefusal);
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return drop('price/missing');
    // A zero a spider yields (0, Decimal(0)) says nothing of free: a placeholder, refused before any currency question
    // (src/prices/non-positive-refusal.ts; a negative one too). Text, a page's reading and a spider's number all pass here.
    const zero = typeof raw === 'number' || Decimal.isDecimal(raw) ? nonPositiveRefusal(new Decimal(String(raw)), String(raw)) : null;
    if (zero) return drop(zero.reason, zero.detail);
    // The item's own currency field is a hint: it may be a symbol ("€") or a code in any case. One that names
    // no currency we know is refused: the shop's default in its place would be a guess.
    const hint = typeof item.currency === 'string' && item.currency.trim() !== '' ? item.currency : null;
    const hintCodes = candidatesOf(hint);
    if (hint !== null && hintCodes.length === 0) return drop('price/currency-unknown', `currency ${JSON.stringify(hint.slice(0, DETAIL_MAX_CHARS))} is no ISO 4217 code or known symbol`);
    // The page's locale resolves a shared symbol ("$" on an en-CA page is CAD); with none, `$` stays null. Not a locale whose
    // country the page's domain contradicts (WordPress's "en-US" on shop.com.au): its region would be a guess.
    const locale = typeof item.locale === 'string' && otherMarketOf(item.locale, source?.url) === null ? item.locale : null;
    const { defaultCurrency } = this.options;

    // The sign the page showed left open by its reader ("$" with nothing saying which): the default only among its codes.
    const open = hint === null ? openCodes(item.currencyCandidates) : null;
    if (typeof raw === 'string') {
      const parsed = parsePrice(raw, { currencyHint: hint, locale, defaultCurrency });
      // The text, then why it gives no amount ("a range: "10" and "20""): both are needed to fix a selector.
      if (!parsed.ok) return drop(parsed.reason, [raw.slice(0, DETAIL_MAX_CHARS), parsed.detail].filter(Boolean).join(' · '));
      // "0,00 €", "$0.00", "R$ 0,00": a placeholder unless the text says free ("Gratis" stays the parser's free zero); "-5 €" no price.
      const placeholder = nonPositiveRefusal(parsed.amount, raw.slice(0, DETAIL_MAX_CHARS), parsed.free);
      if (placeholder) return drop(placeholder.reason, placeholder.detail);
      // "$12" with no locale, hint or default naming a dollar: which currency is not said, and a guess would be stored as fact.
      if (parsed.currency === null && parsed.currencyCandidates) return unknownCurrency(raw.slice(0, DETAIL_MAX_CHARS), parsed.currencyCandidates, defaultCurrency);
      // "12,99 €" with currency "USD": the spider read the currency from one place and the price from another.
      if (hint !== null && parsed.currency !== null && !hintCodes.includes(parsed.currency)) {
        return drop('price/ambiguous', `${raw.slice(0, DETAIL_MAX_CHARS)} · the price text says ${parsed.currency}, the item's currency ${JSON.stringify(hint)}`);
      }
      // "12,00 € zzgl. MwSt.": the text says the amount is without tax; a spider saying it includes tax read another one.
      if (parsed.taxIncluded === false && item.taxIncluded === true) return drop('price/ambiguous', `${raw.slice(0, DETAIL_MAX_CHARS)} · the price text is without tax, the item says it includes tax`);
      const net = parsed.taxIncluded === false ? { taxIncluded: false } : {};
      return this.basis({ ...settled(item), price: parsed.amount, currency: parsed.currency, ...net });
    }
    if (open !== null && !(defaultCurrency && open.includes(defaultCurrency))) return unknownCurrency(String(raw).slice(0, DETAIL_MAX_CHARS), open, defaultCurrency);
    // A number's currency is the item's field alone: a shared sign there ("kr", "$") is resolved as in a text, by the
    // page's locale, then the default, and refused when nothing says which (it was stored without a currency).
    const choice = currencyFromContext({ currencyHint: hint, locale, defaultCurrency });
    if (choice.currency === null && choice.candidates) return unknownCurrency(`${String(raw).slice(0, DETAIL_MAX_CHARS)} ${hint}`, choice.candidates, defaultCurrency);
    const currency = choice.currency;
    if (Decimal.isDecimal(raw)) {
      if (!raw.isFinite()) return drop('price/unparseable', raw.toString());
      const overlong = implausibleAmount(raw, raw.toFixed());
      if (overlong) return drop(overlong.reason, overlong.detail);
      return this.basis({ ...settled(item), price: raw, currency });
    }
    // JSON APIs send numbers; String(n) is the shortest text that round-trips, which is the
    // number as the API wrote it for any price of up to 15 significant digits (a double's DBL_DIG).
    // More digits than that are binary noise (0.1 + 0.2 is 0.30000000000000004): no source wrote
    // them, so the amount is refused rather than stored with them or rounded to a guess.
    if (typeof raw === 'number' && Number.isFinite(raw)) {
      const amount = new Decimal(String(raw));
      if (amount.precision() > FAITHFUL_DIGITS) return drop('price/inexact-number', `${String(raw)} has more significant digits than a double holds faithfully: compute prices with Decimal, or yield the text`);
      // 19.99 in a KRW item, 12.5 yen: decimals the currency is never printed with, as the text "19.99" with that
      // currency is refused. The number is another currency's (an API's USD under a spider's KRW), never that many won.
      if (pastPrintedDigits(amount, currency)) return drop('price/ambiguous', `${String(raw)} has decimals ${currency} is never printed with: the amount is in another currency, or the item's currency is wrong`);
      const overlong = implausibleAmount(amount, String(raw));
      if (overlong) return drop(overlong.reason, overlong.detail);
      return this.basis({ ...settled(item), price: amount, currency });
    }
    return drop('price/unparseable', `unsupported price type ${typeof raw}`);
  }

  /**
   * A net price (`taxIncluded: false`, from the text or the page reader) where the project compares gross prices: 20 % below
   * the gross it is beside in the store, it would read as the cheapest offer. Kept otherwise, with the flag that says so.
   */
  private basis(item: Item): Item | Drop {
    if (item.taxIncluded !== false || this.options.netPrices !== 'refuse') return item;
    const shown = [String(item.price), item.currency].filter(Boolean).join(' ');
    return drop('price/net-only', `${shown} is labelled without tax and the page shows no price with tax (pipeline.netPrices: refuse)`);
  }
}

/** `otherMarket`, for a locale a spider wrote (a tag Intl rejects says nothing, and stays as parsePrice reads it). */
function otherMarketOf(tag: string, url: string | undefined): string | null {
  try {
    return otherMarket(tag, url);
  } catch {
    return null;
  }
}

/** The item's `currencyCandidates` as codes, or null when the reader set none (a bare number: the default may stand in). */
function openCodes(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : null;
}

/** The item without the open codes: once a currency is settled they say nothing more, and are no stored field. */
function settled(item: Item): Item {
  const { currencyCandidates: _open, ...rest } = item;
  return rest;
}

/** A sign several currencies share, or one naming none we know, with no default among them: the currency is not determined. */
function unknownCurrency(shown: string, codes: readonly string[], defaultCurrency: string | undefined): Drop {
  const which = codes.length > 0 ? `the page's sign stands for ${codes.join(', ')}` : 'the page names a currency that is no ISO 4217 code we know';
  const fallback = defaultCurrency ? `; the default ${defaultCurrency} is none of them` : '; no locale, hint or default currency says which';
  return drop('price/currency-unknown', `${shown} · ${which}${fallback}`);
}
