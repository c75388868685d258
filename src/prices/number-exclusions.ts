// Numbers in a price text that their neighbourhood shows are no price: sizes, quantities, years, ratings, counts.
import { wordPattern } from './word-pattern';
import { INSTALMENT_NOUNS } from './instalment-words';

/** Why a number is no price; a currency written beside it overrides the soft ones (see `isHardExclusion`). */
export type Exclusion = 'date' | 'time' | 'exponent' | 'separators' | 'percent' | 'measure' | 'quantity' | 'multiplier' | 'year' | 'label' | 'rating' | 'count' | 'minor-unit' | 'magnitude' | 'tyre-size';

/** Dates, times, `1e5`, `20 %`, unreadable separators or magnitudes ("€ 350 mil"), pence or cents and tyre sizes stay excluded even with a currency beside them. */
export const isHardExclusion = (exclusion: Exclusion): boolean =>
  exclusion === 'date' || exclusion === 'time' || exclusion === 'exponent' || exclusion === 'separators' || exclusion === 'percent' || exclusion === 'minor-unit' || exclusion === 'magnitude' || exclusion === 'tyre-size';

const unitPattern = (units: readonly string[]) => wordPattern(new RegExp(`^ ?(?:${units.join('|')})(?![\\p{L}\\d])`, 'iu'));

/** Units of measure written after a number, case-insensitive ("500 ml", "256 GB", "16 oz"). */
const MEASURE = unitPattern([
  'mm', 'cm', 'km', 'in\\.?', 'inch(?:es)?', 'feet', 'foot', 'yd', 'kg', 'mg', 'g', 'gr', 'grs', 'gramm?e?s?', 'gramos', 'kilos?', 'lbs?', 'oz', 'fl\\.? ?oz',
  'ml', 'cl', 'dl', 'l', 'ltr', 'lit(?:re|er)s?', 'gal', 'miles?', 'kw', 'kwh', 'w', 'v', 'mah', 'ah', 'hz', 'khz', 'mhz', 'ghz', 'gb', 'tb', 'mb', 'kb', 'mp', 'px',
  'dpi', 'meters?', 'metres?', 'metros', 'm²', 'm2', 'm³', 'm3', 'cm²', 'sq\\.? ?ft', 'sqm', '°c?', '″', '"', 'кг', 'г', 'гр', 'л', 'мл', 'см', 'мм', 'м',
  '克', '公斤', '毫升', '升',
]);
/** Counted things written after a number ("3 left", "128 reviews", "4 payments"): the number is a count, no price. */
const COUNTED = unitPattern([
  'pcs', 'pc', 'pieces?', 'count', 'ct', 'rolls?', 'sheets?', 'tabs', 'tablets?', 'capsules?', 'caps', 'servings?', 'pairs?', 'stk\\.?', 'stück', 'st\\.?',
  'stars?', 'sterne', 'étoiles', 'reviews?', 'ratings?', 'bewertungen', 'avis', 'opinie', 'recensioni', 'reseñas', 'avaliações', 'left', 'in stock',
  'auf lager', 'verfügbar', 'sold', 'verkauft', 'vendus', 'days?', 'tage?n?', 'jours?', 'días', 'dias', 'hours?', 'hrs?', 'h', 'std\\.?', 'stunden', 'min', 'minutes?',
  'years?', 'jahre?n?', 'ans', 'años', 'months?', 'monate?n?', 'mois', 'meses', 'weeks?', 'wochen', 'semaines', 'people', 'watching', 'views', 'items?',
  'results', 'products', 'artikel', 'produkte', 'ergebnisse', 'résultats', 'colou?rs', 'farben', 'couleurs', 'sizes', 'größen', 'variants', 'varianten',
  'seats', 'persons', 'personen', 'шт\\.?', 'ед\\.?', 'interest-free', ...INSTALMENT_NOUNS,
  'fois', 'rate', 'vezes', 'meses sin intereses', 'msi', 'ay', 'תשלומים', 'دفعات', 'أقساط', 'เดือน', 'bulan', 'tháng', '개월', '個', '枚', '本', '件', '片', '粒', '台', '点', '개', '명', 'ชิ้น', 'adet', 'szt\\.?', 'ks', 'db',
  // Loyalty points, credits and air miles: a shop's own unit, no money ("5,000 points" read as dollars in a USD shop).
  'points?', 'pts\\.?', 'pt', 'credits?', '(?:bonus)?punkte', 'puntos', 'pontos', 'punti', 'punkty', 'avios', 'meilen', 'ポイント(?:還元)?', '포인트', '积分', '積分',
]);
/**
 * "50 Payback Punkte", "500 Nectar points", "1,000 Rakuten Super Points": a loyalty scheme's points under its name, a count of
 * the scheme's own unit (read as a second price beside "49,99 €"). Whole numbers and capitalised names only: in "49.99 Bonus
 * points 500" the first number may be the price.
 */
const NAMED_POINTS = /^ ?(?:\p{Lu}[\p{L}\d&'’.-]*\s){1,2}(?:[Pp]oints?|POINTS|[Pp]unkte|[Pp]untos|[Pp]ontos|[Pp]unti|[Pp]unkty)(?![\p{L}])/u;
/**
 * "99p", "99¢", "99c", "50 cents": an amount in the currency's minor unit. Read as the number it shows it
 * would be a hundred times the price in any currency the page names or the spider defaults to. "p" and "c"
 * count only attached to the digits ("99 p" may be pages), and only after whole numbers.
 */
const MINOR_UNIT = /^ ?(?:¢|cents?|pence|penny|centimes?|céntimos?|centavos?|centesimi|eurocents?|коп\.?|копеек|копейки?|копійок|копійки?|groszy|grosze?|haléřů|haléře|bani|стотинки|öre|øre|kuruş|אגורות|rappen)(?![\p{L}\d])/iu;
const MINOR_UNIT_ATTACHED = /^[pc](?![\p{L}\d])/u;
/** Case matters here: "16 ft" is feet, "16 Ft" is forints; "5 m" metres, "5 M" a size. */
const UNIT_CASED = /^ ?(?:ft|FT|m)(?![\p{L}\d])/u;
/**
 * A day count, also where COUNTED's "unit right after" does not reach: "30-Tage-Bestpreis", "30 de zile",
 * "30 derniers jours", "30 dagarna" (the window of an EU shop's "lowest price of the last 30 days" note).
 */
const DAY_WORDS = [
  'days?', 'tage?n?', 'jours?', 'días', 'dias', 'dagen', 'dagar(?:na)?', 'dage(?:ne)?', 'dager', 'dneh', 'dni', 'dní', 'dnů', 'dana', 'nap(?:ban|ja|os)?',
  'päivän', 'päivää', 'giorni', 'zile', 'ημερών', 'ημέρες', 'днів', 'дней', 'дни', 'dienų', 'dienām', 'dienās', 'dienu', 'päeva',
].join('|');
export const DAY_COUNT_AFTER = `\\s*[-‑]?\\s*(?:de\\s+|derniers\\s+)?(?:${DAY_WORDS})(?![\\p{L}])`;
const DAYS_AFTER = new RegExp(`^${DAY_COUNT_AFTER}`, 'iu');
/** "3 x 9,99", "10x de R$ 12,99", "2 for $5", "3 für 10 €", "3/$10": a count of units or instalments. */
/** "3 for $10", "2 für 5 €", "2 por 5 €", and Japanese and Chinese multi-buys ("2点で1,000円", "2件¥100"; not "2点セット", a set's price). */
const MULTIPLIER = /^ ?(?:[x×](?![\p{L}])|\/ ?(?=\p{Sc})|(?:for|für|pour|por|voor|för|za|за|per) (?=[\p{Sc}\d\p{L}])|(?:点で|点|件|個で|個)(?= ?[\p{Sc}\d]))/u;
const RANGE_TO_NUMBER = /^ ?(?:-|–|—|~|to|bis|à|a|do|до) ?\d+(?:[.,]\d+)?/u;
const RATING_AFTER = /^ ?(?:out of|von|sur|su|z|из|\/) ?(?:5|10)(?![\d.,])/u;
const RATING_BEFORE = /\d(?:[.,]\d)? ?(?:out of|von|sur|su|z|из|\/) ?$/u;
const LABEL_BEFORE = wordPattern(new RegExp(
  '(?:^|[^\\p{L}])(?:' +
    [
      'size', 'sizes', 'gr\\.', 'größe', 'grösse', 'taille', 'tailles', 'talla', 'tallas', 'taglia', 'rozmiar', 'размер', 'art\\.?-?nr\\.?',
      'artikelnummer', 'art\\.', 'sku', 'item', 'item no\\.?', 'no\\.', 'nr\\.', 'n°', 'nº', '#', 'qty', 'quantity', 'menge', 'anzahl', 'model',
      'modell', 'modelo', 'ean', 'gtin', 'isbn', 'upc', 'mpn', 'ref\\.?', 'réf\\.?', 'référence', 'code', 'id', 'pack of', 'set of', 'lot de',
      'packung', 'pack de', 'rated', 'rating', 'bewertung', 'version', 'gen', 'series', 'serie', 'vol\\.?', 'volume', 'page', 'seite',
      'step', 'room', 'tel\\.?', 'phone', 'fax', 'ph',
    ].join('|') +
    ')\\s*[:.#-]?\\s*$',
  'iu',
));
/** "Sizes 38, 40, 42", "Colours: red, blue": an option word that labels the list after it counts nothing before it ("kr 449 Sizes 38, 40"). */
const OPTION_LIST_AFTER = /^ ?(?:sizes|größen|grössen|tailles|tallas|taglie|colou?rs|farben|couleurs|colores|colori|variants|varianten)\s*(?::|\d{1,3}(?:\s*\/|,\s)|\d{1,3}(?![\d.,]|\s*\p{Sc})|\p{L}{1,3}\s*[,/])/iu;
const LIST_BEFORE = /(?:\d+ ?[,/] ?)+$/;
const YEAR_BEFORE = /(?:©|\(c\)|copyright|since|seit|depuis|desde|dal|model year|modelljahr|year|jahr|jahrgang|année|año|anno|rok|vintage|season|saison|collection|kollektion|edition|ausgabe)\s*:?\s*$/iu;
const YEAR = /^(?:19|20)\d{2}$/;
const INTEGER = /^\d{1,3}(?:[,.' ]\d{3})*$/;
const SMALL_COUNT = /^\d{1,2}$/;
/**
 * A small whole number that counts what a deal asks for: "Buy 2, save 10%", "Achetez-en 2", "zahle 2", "Pay in 4", "In stock: 12",
 * "Bundle of 3" (before it); "4-pack", "2 ways to pay", "2+1 gratis", "1+1" (after it). With no sign of its own it was read
 * as the price (2 EUR under the shop's currency); a currency beside it ("Buy 2 for $5" aside, "Buy $2") lifts this.
 */
const COUNT_BEFORE = wordPattern(new RegExp(`(?:^|[^\\p{L}])(?:${[
  'buy(?: any)?', 'kaufe?', 'nimm', 'achetez(?:-en)?', 'achète', 'compra(?:ne)?', 'compre', 'acquista(?:ne)?', 'koop', 'köp', 'kjøp', 'køb', 'kup',
  // The other half of a multi-buy: "Kaufe 3, zahle 2", "Nimm 3 zahl 2", "Compra 2 y llévate 3", "Buy 2 get 1".
  'get', 'zahle?', 'payez', 'prends', 'prenez', 'llévate', 'lleva', 'paga', 'paghi', 'prendi', 'neem', 'betaal',
  'bundle of', 'pay in',
  // A stock count with its colon ("In stock: 12"); without one the words end the count before them ("Only 2 in stock 12,99 €").
  '(?:in stock|stock|auf lager|lagerbestand|en stock|disponibles?|verfügbar|op voorraad|i lager)\\s*:',
].join('|')})\\s*:?\\s*$`, 'iu'));
const COUNT_AFTER = /^(?:[ -]?(?:pack|pk|ways?|options?)(?![\p{L}\d])|\+\d)/iu;

/** What follows the number shows it is no price: a percent sign, a unit, "x"/"for", "年", "out of 5". */
export function exclusionAfter(after: string, token: { raw: string }): Exclusion | undefined {
  if (/^ ?%/.test(after)) return 'percent';
  // "£.50p", "0,50 cents": with a decimal part the number is already in the major unit.
  if (/^\d+$/.test(token.raw) && (MINOR_UNIT.test(after) || MINOR_UNIT_ATTACHED.test(after))) return 'minor-unit';
  if (YEAR.test(token.raw) && /^ ?年/.test(after)) return 'year';
  if (SMALL_COUNT.test(token.raw) && MULTIPLIER.test(after)) return 'multiplier';
  // "12期", "12回", "24ヶ月": a count of instalment periods (Chinese, Japanese), never an amount.
  if (SMALL_COUNT.test(token.raw) && /^ ?(?:期|回|ヶ月|か月|个月)/u.test(after)) return 'multiplier';
  // "¥1,000（2個で）": the count a bracketed note after the amount says it buys.
  if (SMALL_COUNT.test(token.raw) && /^ ?(?:個|点|本|枚|つ)で ?[)）]/u.test(after)) return 'quantity';
  if (RATING_AFTER.test(after)) return 'rating';
  if (MEASURE.test(after) || UNIT_CASED.test(after)) return 'measure';
  if (COUNTED.test(after) && !OPTION_LIST_AFTER.test(after)) return 'quantity';
  if (INTEGER.test(token.raw) && NAMED_POINTS.test(after)) return 'quantity';
  if (SMALL_COUNT.test(token.raw) && COUNT_AFTER.test(after)) return 'quantity';
  if (/^\d{1,3}$/.test(token.raw) && DAYS_AFTER.test(after)) return 'quantity';
  // "3-5 Tage", "2 to 4 kg": the unit after a range measures both ends.
  const rangeEnd = RANGE_TO_NUMBER.exec(after);
  const rest = rangeEnd ? after.slice(rangeEnd[0].length) : '';
  if (rangeEnd && (MEASURE.test(rest) || UNIT_CASED.test(rest) || COUNTED.test(rest))) return 'quantity';
  if (/^[0-5][.,]\d$/.test(token.raw) && /^ ?\(\d[\d.,]*\)/.test(after)) return 'rating'; // "4.8 (151)": stars and a review count
  return undefined;
}

/**
 * "EU 42", "UK 8", "US 10": a shoe or clothing size in a country's sizing system. In capitals only: "de", "it", "us"
 * are words ("de 199,90 por 149,90"). It only sets the size apart from a space-grouped amount after it ("EU 42 129,99 €");
 * no exclusion, which would hand the size's neighbouring sign to another number ("US 129,99 € 4.5 out of 5").
 */
const SIZE_SYSTEM_BEFORE = /(?:^|[^\p{L}])(?:EU|UK|US|FR|IT|DE|JP|AU|BR|MX|CN|KR)\s*$/u;

/** "Size ", "SKU ", "Qty ", "EU ": the text before a space-grouped run labels its first group, a number of its own. */
export const isLabelBefore = (before: string): boolean => LABEL_BEFORE.test(before) || SIZE_SYSTEM_BEFORE.test(before);

/**
 * Exclusions read from the words before a number ("SKU 88123", "© 2024") or from its own form
 * (a date, `1e5`): a currency symbol between such a number and a price belongs to the price.
 */
export const isStrongExclusion = (exclusion: Exclusion | undefined): boolean =>
  exclusion !== undefined && exclusion !== 'measure' && exclusion !== 'quantity' && exclusion !== 'multiplier' && exclusion !== 'rating';

/** A letter of a script that sets no spaces between words (Korean glues a label to its amount as often), at the end of the text. */
const UNSPACED_LETTER_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]-?$/u;

/** What precedes the number shows it is no price: "%", "Size", "SKU", "©", "4.5 out of", "(1,234)". */
export function exclusionBefore(before: string, token: { raw: string; end: number }): Exclusion | undefined {
  if (/(?<!\d ?)%\s?$/.test(before)) return 'percent';
  if (/^\d+$/.test(token.raw) && /¢ ?$/.test(before)) return 'minor-unit'; // "¢99": ninety-nine cents, the sign written first // "%20": Turkish, Persian and Arabic write the sign first (not "31% 19,900원")
  if (YEAR.test(token.raw) && YEAR_BEFORE.test(before)) return 'year';
  if (SMALL_COUNT.test(token.raw) && COUNT_BEFORE.test(before)) return 'quantity';
  if (RATING_BEFORE.test(before)) return 'rating';
  // "R$ 24,92 x 12", "$12.50 × 4": a count after an amount (cents or a sign: not the count of "1x 12€99") and a
  // times sign, the number of instalments or units.
  if (SMALL_COUNT.test(token.raw) && /(?:\d[.,]\d{2}|\p{Sc})\s?[x×]\s?$/u.test(before)) return 'multiplier';
  // "£10 for 3", "5 € les 2", "€5 per 2": after an amount, the count it is the total of (its own currency lifts this: "Was $19 for $14").
  if (SMALL_COUNT.test(token.raw) && /(?:\d|\p{Sc})\s?\(?(?:for|für|pour|por|voor|för|za|per|les)\s+$/iu.test(before)) return 'quantity';
  // "Sizes 38, 40, 42", "Gr. 38/40": the label covers the whole list after it.
  if (LABEL_BEFORE.test(before) || LABEL_BEFORE.test(before.replace(LIST_BEFORE, ''))) return 'label';
  if (INTEGER.test(token.raw) && /\($/.test(before)) return 'count';
  // "X-2000", "RTX4090", "v2.0": digits glued to letters are a model code (a currency glued to them lifts this). Not letters of
  // a script written without spaces between words ("税込1,357円", "판매가12,900원", "ราคา1,290บาท"): there a label runs into its
  // number, and as a model code the amount lost its sign to a count after it ("税込1,357円 2個" read 2 JPY).
  if (/\p{L}-?$/u.test(before) && !UNSPACED_LETTER_END.test(before)) return 'label';
  return undefined;
}
