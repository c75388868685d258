// Whether the page labels its one current price without tax and shows no gross beside it (a B2B shop's "24,00 € HT").
import { namesGross, namesNet } from '../prices/tax-words';
import type { ScannedPrice } from './scanned-price';
import type { ReadPrice } from './visible-price';

/**
 * The elements showing the price say it is net (their own text, the words beside them, or a mark such as Magento's
 * `price-excluding-tax`) and none says gross. A pair of net and gross is settled before (`grossShown`): the gross is the price.
 */
export function netAlone(pool: readonly ScannedPrice[], price: ReadPrice): boolean {
  const shown = pool.filter((p) => p.parsed.ok && p.parsed.amount.eq(price.amount));
  const words = (p: ScannedPrice) => `${p.context.before} ¤ ${p.context.after}`;
  const net = shown.some((p) => p.tax === 'net' || (p.parsed.ok && p.parsed.taxIncluded === false) || namesNet(words(p)));
  return net && !shown.some((p) => p.tax === 'gross' || namesGross(words(p)));
}
