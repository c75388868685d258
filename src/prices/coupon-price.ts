// A price with a coupon or a promo code ("$29.99 with code", "Clip coupon: $24.99", "19,99 € mit Gutscheincode"): the price of whoever has the code, not the price.

/**
 * The words for a code or coupon a shopper must enter or clip, many languages. Whoever lacks it pays the other price, so
 * an amount they qualify is a reference, as a price after a mail-in rebate is.
 */
const CODE_WORDS = [
  '(?:promo(?:tional)? |coupon |discount |voucher |offer )?code', 'coupons?', 'vouchers?', 'promo code', 'e-?coupon',
  '(?:gutschein|rabatt|aktions|coupon)?code', 'gutschein', 'code promo', 'code de réduction', 'bon de réduction', 'coupon de réduction',
  'c[oó]digo(?: promocional| de descuento| de desconto)?', 'cup[oó]n(?: de descuento)?', 'cupom(?: de desconto)?', 'codice(?: sconto| promozionale)?',
  '(?:kortings|actie)?code', 'kortingsbon', 'rabattkod', 'rabatkode', 'クーポン', '优惠券', '쿠폰',
].join('|');
/** "with", "using", "after" and their translations, an article allowed: what ties the amount to the code. */
const TIE = '(?:with(?: the)?|w\\/|using|after(?: the)?|when you (?:use|apply|clip)(?: the)?|mit(?: dem)?|avec(?: le| ce)?|con(?: el| il| lo| la)?|com(?: o)?|met(?: de)?|med|après)';

/** Right after the amount: "with code", "w/ code SAVE10", "after coupon", "mit Gutscheincode", "avec le code", "$5 coupon" (the coupon's value). */
export const COUPON_AFTER = new RegExp(`^[\\s(]*(?:${TIE}\\s+(?:${CODE_WORDS})|(?:${CODE_WORDS})(?!\\s*:)|(?:clip|apply)(?:ped)? coupon)(?![\\p{L}])`, 'iu');

/**
 * Right before the amount: "Clip coupon:", "With coupon", "Price with coupon", "Coupon price", "Prix avec le code", "Preis mit
 * Gutschein", "with code SAVE10:" (a code written out is one word of capitals and digits; "Item code" is the product's).
 */
export const COUPON_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])(?:(?:clip|apply)(?:ped)? coupon|${TIE}\\s+(?:${CODE_WORDS})(?:\\s+[A-Z\\d-]{3,20})?(?:\\s+for)?|coupon price|(?:code|coupon|gutschein)preis|prix (?:avec (?:le )?|)code|precio con cup[oó]n)[\\s:.\\-–]*$`,
  'iu',
);
