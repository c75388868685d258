// Whether the amount a text gives is labelled without tax ("12,00 € zzgl. MwSt.", "£10.00 ex VAT", "Prix HT : 12,00 €") and no gross stands by it.
import type { Candidate } from './price-candidates';
import { namesGross, namesNet } from './tax-words';

/**
 * The chosen amount's own words (from the number before it to the one after it) name it net and name no gross: a B2B
 * shop's price before VAT or sales tax. The chooser already gave the gross of a net and gross pair ("£100.00 excl. VAT
 * £120.00 incl. VAT") and of a half-labelled one ("£12.99 (£10.83 ex VAT)": 12.99's own words hold no label), so what is
 * left is a net amount alone: stored beside gross prices without a word, it reads 20 % cheaper than it is.
 */
export function netOnly(text: string, chosen: Candidate, all: readonly Candidate[]): boolean {
  // Any number bounds them, a size too: in "Inhalt netto 500 g 3,99 €" the weight is net, not the price.
  const index = all.indexOf(chosen);
  const from = index > 0 ? all[index - 1].token.end : 0;
  const to = index < all.length - 1 ? all[index + 1].token.start : text.length;
  const words = text.slice(from, to);
  return namesNet(words) && !namesGross(words);
}
