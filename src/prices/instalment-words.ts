// Words of paying a price in parts (instalments, financing), in the languages shops write them: one vocabulary for the parser and the page reader.
import { wordPattern } from './word-pattern';

/** Arabic "monthly" (شهرياً), its tanween written before or after the alef, or left out; "شهر" alone after a slash. */
export const ARABIC_MONTHLY = 'شهر(?:ي(?:ا\\u064B?|\\u064Bا)?)?';

/** "sem juros", "sans frais", "senza interessi", "sin intereses": no interest, between the count and the instalment's amount. */
const FREE = '(?:sem juros|s\\/ juros|sem acr[ée]scimo|sans frais|senza interessi|sin inter[eé]s(?:es)?|ohne zinsen|interest-free|bez úroku|korotonta)';

/**
 * Nouns counting the parts a price is paid in, after their count: "12 parcelas", "in 3 Raten", "3 plazos", "12 rater" (Nordic),
 * "3 prestações", "12 termijnen", "12 erässä" (Finnish), "10 splátek" (Czech), "10 részletben" (Hungarian).
 */
export const INSTALMENT_NOUNS: readonly string[] = [
  'payments?', 'instal?lments?', 'raten', 'rater', 'cuotas', 'parcelas', 'plazos', 'presta[çc](?:ões|oes)', 'mensualités', 'mensilità', 'termijnen', 'erässä', 'erää',
  'splát(?:ek|ky|kách)', 'részletben', 'részlet', 'taksit', 'rat', 'raty',
];
const NOUNS = INSTALMENT_NOUNS.join('|');
/** Those that say instalments without their count, in no other sense ("payments", Polish "rat" do not). */
const ALONE = INSTALMENT_NOUNS.filter((noun) => !/^(?:payments\?|rat|raty|erää)$/.test(noun)).join('|');

/**
 * After the amount, the count of instalments it is one of: "R$ 24,92 em 12x", "R$ 10,00 em até 12x", "R$ 24,92 x 12", "$12.50 × 4",
 * "¥100×12期" (Chinese: periods), "1,000円×12回" (Japanese: times), "R$ 19,90 em 10 parcelas", "99,67 € en 3 plazos". Not when the
 * instalment's own amount follows: in "R$ 1.200,00 em 12x de R$ 100,00" and "$ 1.299 en 12 cuotas sin interés de $ 108,25" the first is the total.
 */
export const INSTALMENTS_AFTER = wordPattern(new RegExp(
  `^\\s*(?:em|en|in|i|w)\\s+(?:até\\s+)?\\d{1,2}\\s?[x×](?![\\p{L}\\d])(?!\\s*(?:sem juros\\s+|s\\/ juros\\s+)?de\\s*$)|^\\s*[x×]\\s?\\d{1,2}(?:\\s?(?:期|回|ヶ月|か月|个月))?(?![\\d.,\\p{L}])|^\\s*(?:em|en|in|i|w|na)\\s+(?:até\\s+)?\\d{1,2}\\s+(?:${FREE}\\s+)?(?:${NOUNS})(?![\\p{L}])(?!\\s*(?:${FREE}\\s*)?(?:de|da|of|à|á|a|van|von|po|x)\\s*:?\\s*$)`,
  'iu',
));

/**
 * Right before the amount, the words of one instalment: "4 payments of", "12x de", "12x sem juros de" (Brazil), "3 fois",
 * "en 3 fois sans frais de", "in 3 Raten à", "Monatsrate", "10 rat po" and "12 mies. x" (Poland), "4 betalningar à", "12 rater à"
 * (Nordic), "4 termijnen van" (Netherlands), "3 prestações de" (Portugal), "Havi részlet:" (Hungary), "12 erässä" (Finland),
 * "毎月"/"月々"/"月額" and "分割払い 12回" (Japanese), "每期"/"分期" (Chinese: each period).
 */
export const INSTALMENT_BEFORE = wordPattern(new RegExp(
  `(?:${[
    'payments? of', 'instal?lments? of', '\\d{1,2} (?:interest-free )?(?:payments|instal?lments)', 'pay in \\d{1,2}(?: (?:interest-free )?(?:payments|instal?lments))?(?: with [\\p{L}]+)?(?: of)?', 'x de',
    `x (?:${FREE}) ?(?:de|da)?`, 'vezes(?: sem juros)? de', 'raten (?:à|a|von|zu)', '(?<![\\p{L}])monatsraten?(?: (?:ab|von|à|a|zu))?', 'mensualités de', 'fois(?: sans frais)?(?: de)?',
    `cuotas(?: ${FREE})? de`, 'msi de', `meses(?: ${FREE})? de`, `plazos(?: ${FREE})? de`, 'parcelas de', `presta[çc](?:ões|oes)(?: ${FREE})? de`, `rat[ae](?: ${FREE})? da`, 'mensilità da',
    'rat[ay]?(?: 0 ?%)? (?:po|x|×|od)', '(?:mies\\.?|miesięcy|miesiące|mc) (?:x|×|po)', '(?:del)?betalningar (?:à|a|om|på)', '(?<![\\p{L}])rater(?: (?:à|á|a|om|på|af|til))?',
    'termijnen(?: van)?', '\\d{1,2} erässä', '(?:havi )?részlet(?:ben)?', 'splátk[ay](?: od)?', '回払い(?:で)?', '毎月', '月々', '月額', '每期', '每月', '月供', '分期', '分割(?:払い)?(?:で)?(?:\\s*\\d{1,2}回)?',
    // Turkish "taksit", Hebrew "payments of", Arabic "payments of" (Tabby, Tamara), Thai "per month", "instalment", Vietnamese,
    // Indonesian and Korean instalment words, India's EMI; whole words only where a script sets words apart.
    '(?<![\\p{L}])taksit(?: ?[x×])?', '(?<![\\p{L}])aylık', 'תשלומים(?: חודשיים)? (?:של|ב-?)', '(?:دفعات|أقساط)(?: شهرية)?(?: متساوية)?(?: بقيمة| من)?',
    `(?<![\\p{L}])${ARABIC_MONTHLY}`, 'เดือนละ', 'ผ่อน(?: ?0 ?%)?', '(?<![\\p{L}])trả góp(?: 0 ?%)?(?: chỉ)?', '(?<![\\p{L}])cicilan(?: 0 ?%)?(?: mulai)?', '(?<![\\p{L}\\d])월', '매월', '(?<![\\p{L}])emi(?: of)?',
  ].join('|')})[\\s:.]*$`,
  'iu',
));

/**
 * Financing named anywhere in an amount's line: a pay-later service (Klarna, Afterpay, Tabby, Scalapay, Alma …), "interest-free",
 * "sin intereses", "Ratenzahlung", "Finanzierung", a count of parts ("12 parcelas", "3 plazos", "in 3 rate"; not the English
 * "rate": a hotel's "Member rate $171" is a price), and the instalment words of Turkish, Polish, Hebrew, Arabic, Thai, Vietnamese,
 * Indonesian, Korean, Japanese, Chinese and Indian shops.
 */
export const FINANCING_ANYWHERE = new RegExp(`(?:${[
  'klarna', 'afterpay', 'affirm', 'clearpay', 'sezzle', 'tabby', 'tamara', 'postpay', 'spotii', 'scalapay', '\\balma\\b', '\\boney\\b', 'atome', 'kredivo', 'laybuy', '\\bhumm\\b',
  'openpay', 'paypo', 'twisto', '\\bpay in \\d', 'interest[- ]free', FREE, 'ratenzahlung', 'finanzierung', '\\bapr\\b', 'mensualit', '\\bmsi\\b',
  `\\d\\s*(?:x\\s+)?(?:${NOUNS}|rate)(?![\\p{L}])`, `(?<![\\p{L}])(?:${ALONE})(?![\\p{L}])`, '\\brate (?:da|mensili|senza)\\b', '\\bin rate\\b', 'payments? of',
  'תשלומים', 'دفعات', 'أقساط', 'ผ่อน', 'trả góp', 'cicilan', '할부', '무이자', '分割', '分期', '(?<![\\p{L}])emi(?![\\p{L}])',
].join('|')})`, 'iu');
