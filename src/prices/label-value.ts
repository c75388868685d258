// A letter written as the value of a size, rating, class or type label ("Size R", "Rated R", "Type R") is no currency sign.
import { isLetterSign } from './currency-symbols-scan';
import type { Span } from './price-tokens';

/**
 * Labels whose value is often one letter that is also a currency's sign: a garment's size (R, regular), a film's rating,
 * a car's type or class. In the shops' languages; "Gr." is the German size's abbreviation.
 */
const LABEL_BEFORE = new RegExp(
  `(?<![\\p{L}\\p{M}])(?:${[
    'size', 'sizes', 'fit', 'rated', 'rating', 'type', 'class', 'grade', 'model', 'series', 'version',
    'größe', 'grösse', 'gr\\.', 'klasse', 'serie', 'typ', 'modell', 'taille', 'talla', 'taglia', 'tamanho', 'maat', 'rozmiar', 'storlek', 'størrelse', 'koko',
  ].join('|')})\\s*:?\\s*$`,
  'iu',
);

/**
 * Whether a one- or two-letter sign stands right after such a label ("Size R 12.99", "Rated R 12.99"): it is the label's
 * value, and the amount beside it has no sign of its own. Read as the rand, 12.99 ZAR was stored on a USD shop, also when
 * the label stood in the element above the price. A value between ("Size 10 R 299") leaves the letter a sign.
 */
export function labelValue(text: string, token: Span & { symbol: string }): boolean {
  return isLetterSign(token.symbol) && LABEL_BEFORE.test(text.slice(Math.max(0, token.start - 24), token.start));
}
