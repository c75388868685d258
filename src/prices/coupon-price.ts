// A price with a coupon or a promo code ("$29.99 with code", "Clip coupon: $24.99", "19,99 € mit Gutscheincode"): the price of whoever has the code, not the price.
import { wordPattern } from './word-pattern';

/**
 * The words for a code or coupon a shopper must enter or clip, many languages. Whoever lacks it pays the other price, so
 * an amount they qualify is a reference, as a price after a mail-in rebate is.
 */
const CODE_WORDS = [
  '(?:promo(?:tional)? |coupon |discount |voucher |offer )?code', 'coupons?', 'vouchers?', 'promo code', 'e-?coupon',
  '(?:gutschein|rabatt|aktions|coupon)?code', 'gutschein', 'code promo', 'code de réduction', 'bon de réduction', 'coupon de réduction',
  'c[oó]digo(?: promocional| de descuento| de desconto)?', 'cup[oó]n(?: de descuento)?', 'kup[oó]n(?: rabatowy| na slevu| indirim)?', 'cupom(?: de desconto)?', 'codice(?: sconto| promozionale)?',
  '(?:kortings|actie)?code', 'kortingsbon', 'rabattkod', 'rabatkode', 'kod(?: rabatowy| promocyjny)?', 'クーポン', '优惠券', '쿠폰',
  // A trade-in takes the old device's value off as a code does: "$599 with trade-in" is what a trader pays.
  '(?:an? )?(?:eligible |qualifying )?trade-in',
].join('|');
/** "with", "using", "after" and their translations, an article allowed: what ties the amount to the code. */
const TIE = '(?:with(?: the)?|w\\/|using|after(?: the)?|when you (?:use|apply|clip)(?: the)?|mit(?: dem)?|avec(?: le| ce)?|con(?: el| il| lo| la)?|com(?: o)?|met(?: de)?|med|après)';

/** Right after the amount: "with code", "w/ code SAVE10", "after coupon", "mit Gutscheincode", "avec le code", "$5 coupon" (the coupon's value). */
export const COUPON_AFTER = wordPattern(new RegExp(`^[\\s(]*(?:${TIE}\\s+(?:${CODE_WORDS})|(?:${CODE_WORDS})(?!\\s*:)|(?:clip|apply)(?:ped)? coupon)(?![\\p{L}])`, 'iu'));

/**
 * Right before the amount: "Clip coupon:", "With coupon", "Price with coupon", "Coupon price", "Prix avec le code", "Preis mit
 * Gutschein", "with code SAVE10:" (a code written out is one word of capitals and digits; "Item code" is the product's).
 */
export const COUPON_BEFORE = wordPattern(new RegExp(
  `(?:^|[^\\p{L}])(?:(?:clip|apply)(?:ped)? coupon|${TIE}\\s+(?:${CODE_WORDS})(?:\\s+[A-Z\\d-]{3,20})?(?:\\s+for)?|coupon price|(?:code|coupon|gutschein)preis|prix (?:avec (?:le )?|)code|precio con cup[oó]n)[\\s:.\\-–]*$`,
  'iu',
));

/** Code words that name only a code ("Promo code", "Código"), not a gift voucher sold as a product ("Gutschein 25 €", "Voucher £10"). */
const CODE_ONLY = "code promo|code de réduction|(?:promo(?:tional)? |coupon |discount |offer )?code|c[oó]digo(?: promocional| de descuento| de desconto)?|codice(?: sconto| promozionale)?|(?:gutschein|rabatt|aktions|kortings|actie)code|rabattkod|rabatkode|kod(?: rabatowy| promocyjny)";
/** A written code ("SAVE10", "SOMMER-24"): read case-blind by the label's pattern, checked for its capitals afterwards. */
const writtenCode = (name: string): string => `(?<${name}>[\\p{L}\\d-]{3,20})`;

/**
 * A code label all the text says before its first amount: "Promo code SAVE10 $29.99", "Code: SAVE10 – $29.99", "Use code
 * SAVE10: $29.99", "Gutschein: 19,99 €", "Cupom: VERAO R$ 99,90", "券后价 ¥99" (the price after the coupon, JD and Taobao),
 * "クーポン利用で1,980円". The code's digits are a number of their own, so this is read over everything since the text's start.
 * A dash set apart after the word stands for the colon ("Coupon - $5.00", "Cupón – 5,00 €"): order and cart summaries print a
 * deduction's line so, and it read +5 as the price. "Code promo" is tried before "Code" alone, whose written code "promo" would
 * be no code in capitals and fail the label ("Code promo : 5,00 €" read 5).
 * A bare "Gutschein"/"Voucher" before an amount, with no colon, dash or code, is a gift voucher's price and stays one.
 */
const CODE_OPENING = wordPattern(new RegExp(
  `^[\\s\\p{P}]*(?:(?:(?:use|enter|apply|with|mit|avec|con|com)\\s+(?:the\\s+|le\\s+|o\\s+)?)?(?:${CODE_ONLY})(?:\\s*:)?(?:\\s+${writtenCode('code')})?|(?:${CODE_WORDS})(?:\\s*:|\\s+[-–—])(?:\\s*${writtenCode('written')})?|券后价?|用券后|クーポン(?:利用|適用)(?:で|後)?|クーポン価格)[\\s:.\\-–—]*$`,
  'iu',
));

/** Whether the text before the first amount is a code's label; a word after "Code" must be capitals ("Code Red Soda $1.99" names a product). */
export function opensWithCode(lead: string): boolean {
  const match = CODE_OPENING.exec(lead);
  const code = match?.groups?.code ?? match?.groups?.written;
  return match !== null && (code === undefined || /^[A-Z][A-Z\d-]+$/.test(code));
}
