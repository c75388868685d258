// Shared shape of the real-world price table rows and option shorthands.
import type { ParsePriceOptions } from '../../src/prices/parse-price';

/** [text as shops write it, exact expected amount, expected ISO currency (null: unknowable), options]. */
export type PriceRow = readonly [text: string, amount: string, currency: string | null, options?: ParsePriceOptions];

/** The shop's currency, as a spider declares it. */
export const shop = (defaultCurrency: string): ParsePriceOptions => ({ defaultCurrency });
/** A neighbouring element carries the currency. */
export const hint = (currencyHint: string): ParsePriceOptions => ({ currencyHint });
/** The shop's locale fixes the decimal separator. */
export const sep = (decimalSeparator: '.' | ',', defaultCurrency?: string): ParsePriceOptions => ({ decimalSeparator, defaultCurrency });

export const NBSP = '\u00A0';
export const NNBSP = '\u202F';
