// Which numbers in a price text are a previous/reference price ("was £15", "UVP", "statt") rather than the current one.
import type { CurrencyToken, NumberToken } from './price-tokens';

/**
 * Labels that introduce a price other than the one to pay now, when they end right before the
 * number (currency symbols and punctuation between them are ignored). Many languages, lower case.
 */
const REFERENCE_LABEL = new RegExp(
  '(?:^|[^\\p{L}])(?:' +
    [
      'was', 'were', 'reg', 'regular(?: price)?', 'rrp', 'msrp', 'srp', 'list(?: price)?', 'compare at', 'original(?: price)?', 'orig',
      'old price', 'before', 'previously', 'instead of', 'save', 'you save', 'saving', 'value', 'retail',
      'uvp', 'statt', 'vorher', 'bisher', 'streichpreis', 'alter preis', 'sie sparen', 'ersparnis',
      'avant', 'au lieu de', 'ancien prix', 'prix barré', 'prix de référence', 'économisez', 'prix conseillé',
      'prima', 'invece di', 'prezzo consigliato', 'risparmi', 'antes', 'precio anterior', 'ahorra', 'ahorras', 'ahorro',
      'era', 'economize', 'van', 'pvpr', 'precio normal', 'normal', 'norm', 'preț vechi', 'pret vechi', 'adviesprijs', 'bespaar', 'ord\\.? pris', 'ordinarie pris', 'normalpris', 'førpris',
      'spar', 'spara', 'før', 'för', 'poprzednia cena', 'cena regularna', 'oszczędzasz', 'původní cena', 'ušetříte', 'было', 'старая цена', 'экономия',
      'önceki fiyat', 'piyasa fiyatı', 'm\\.?r\\.?p', 'м.р.р', '定価', '通常価格', '参考価格', '原价', '정가',
    ].join('|') +
    ')[\\s:.\\-–]*$',
  'iu',
);
/** Portuguese/Spanish "De R$ 199 por R$ 149": a bare "de" opening the text. */
const OPENING_DE = /^\s*de\s*$/iu;

/** True when the text between the previous number and this one labels it as a reference price. */
export function isReferencePrice(text: string, numbers: readonly NumberToken[], index: number, currencies: readonly CurrencyToken[]): boolean {
  const from = index === 0 ? 0 : numbers[index - 1].end;
  const to = numbers[index].start;
  // Drop the currency written right before the number: "was £" → "was ".
  const prefix = currencies.find((token) => token.start >= from && token.end <= to && text.slice(token.end, to).trim() === '');
  let label = text.slice(from, prefix ? prefix.start : to);
  label = label.replace(/[()[\]*]/g, ' ');
  return REFERENCE_LABEL.test(label) || (index === 0 && OPENING_DE.test(label));
}
