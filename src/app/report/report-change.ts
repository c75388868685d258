// One price-change event as the run report shows it: direction, exact prices and the relative change.
import { Decimal } from 'decimal.js';
import { changeKinds, type PriceChange } from '../../ports/price-history';

export interface ReportChange {
  sku: string;
  /** With the sku, the product's identity: the same SKU on shop.de and shop.ch is two rows. */
  site: string;
  /** The item's `name` in this run, when it had one. */
  name: string | null;
  /** rise / drop of a price in one currency; `other` when either side has no price, the currency changed or only other fields did. */
  direction: 'rise' | 'drop' | 'other';
  url: string;
  oldPrice: string | null;
  newPrice: string | null;
  oldCurrency: string | null;
  newCurrency: string | null;
  /** Exact relative change in percent, as a decimal string; null unless the price moved within one currency. */
  percent: string | null;
}

/** Percent places shown; a smaller change keeps two significant digits instead of reading as none. */
const PERCENT_PLACES = 2;

export function reportChange(change: PriceChange, name: string | null): ReportChange {
  const { oldPrice, newPrice, oldCurrency, newCurrency } = change;
  // Only a `price` change compares amounts (changeKinds): 10.00 EUR → 11.50 USD is no 15 % rise, nor
  // 12.00 EUR → 12.00 GBP 0 %, and an availability change with the price unchanged is no 0 % bar.
  const moved = oldPrice !== null && newPrice !== null && changeKinds(change).includes('price');
  const delta = moved ? new Decimal(newPrice).minus(oldPrice) : null;
  const direction = delta === null || delta.isZero() ? 'other' : delta.isPositive() ? 'rise' : 'drop';
  const percent = delta !== null && !new Decimal(oldPrice!).isZero() ? percentText(delta.div(oldPrice!).times(100)) : null;
  return { sku: change.sku, site: change.site, name, direction, url: change.url, oldPrice, newPrice, oldCurrency, newCurrency, percent };
}

/**
 * Two places, as a person reads a change; but a rise of 0.001 on 100.000 KWD rounded so was "+0 %", a
 * change shown as none. Written without an exponent ("0.0001", not "1e-4").
 */
function percentText(percent: Decimal): string {
  const rounded = percent.toDecimalPlaces(PERCENT_PLACES);
  return (rounded.isZero() && !percent.isZero() ? percent.toSignificantDigits(2) : rounded).toFixed();
}
